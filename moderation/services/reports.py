"""Players' reports and the moderators' queue: create (one open report per reporter and
target per game), assign, resolve (actioned or dismissed)."""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from games.models import ChatMessage, Game, Seat
from games.services.errors import Conflict, Forbidden
from moderation.errors import ModerationError
from moderation.models import Report

from .audit import audit_record, reason_required


def report_create(
    *,
    reporter: User,
    target: User | None = None,
    game: Game | None = None,
    chat_message: ChatMessage | None = None,
    reason: str,
    details: str = "",
) -> Report:
    """A player reports another player, about a game or one chat message."""
    if chat_message is not None:
        target = chat_message.author
        if game is None:
            game = Game.objects.filter(table_id=chat_message.table_id).first()
    if target is None:
        raise ModerationError(_("Choose whom you report."), field="target")
    if target.pk == reporter.pk:
        raise Forbidden(_("You cannot report yourself."), field="target")
    if reason not in Report.Reason.values:
        raise ModerationError(_("Choose a reason from the list."), field="reason")
    if game is not None and chat_message is None:
        seated = Seat.objects.filter(table_id=game.table_id, user=target).exists()
        if not seated:
            raise ModerationError(_("That player does not sit in this game."), field="target")
    open_reports = Report.objects.filter(
        reporter=reporter, target=target, game=game, status=Report.Status.OPEN
    )
    try:
        with transaction.atomic():
            if open_reports.exists():
                raise IntegrityError("open report exists")
            return Report.objects.create(
                reporter=reporter,
                target=target,
                game=game,
                chat_message=chat_message,
                reason=reason,
                details=details.strip()[:2000],
            )
    except IntegrityError:
        raise Conflict(
            _("You already have an open report about this player here; moderators will look at it.")
        ) from None


def report_assign(*, report: Report, assignee: User, by: User) -> Report:
    report.assignee = assignee
    report.save(update_fields=["assignee"])
    audit_record(actor=by, action="report_assign", obj=report, details={"assignee": assignee.pk})
    return report


def report_resolve(*, report: Report, status: str, by: User, reason: str) -> Report:
    """Close a report as actioned or dismissed, with the moderator's note."""
    if status not in (Report.Status.ACTIONED, Report.Status.DISMISSED):
        raise ModerationError("Close a report as actioned or dismissed.", field="status")
    reason_required(reason)
    with transaction.atomic():
        report.status = status
        report.resolution = reason.strip()
        report.resolved_at = timezone.now()
        if report.assignee_id is None:
            report.assignee = by
        report.save(update_fields=["status", "resolution", "resolved_at", "assignee"])
        audit_record(actor=by, action=f"report_{status}", obj=report, reason=reason)
    return report
