"""Sanctions on users: suspend for a period, ban, lift; and marking an email verified.

A sanction logs the user out at once (their sessions deleted, their API token revoked, their
open game sockets closed) and hands their seats to each table's timeout policy; from then on
the actor gate (moderation.enforcement) refuses them play, chat and joining everywhere.
"""

from __future__ import annotations

import datetime as dt
import importlib
from typing import Any

from allauth.account.models import EmailAddress
from django.contrib.sessions.models import Session
from django.db import transaction
from django.utils import timezone
from rest_framework.authtoken.models import Token

from accounts.models import User
from games.models import Presence, Seat, Table
from games.services.presence import CLOSE_FOR_GOOD, sockets_tell
from moderation.errors import ModerationError
from moderation.models import Sanction

from .audit import audit_record, reason_required


def sockets_close(channel_names: list[str], code: int = CLOSE_FOR_GOOD) -> None:
    """Ask each open game socket to close itself with `code` (a sanction's for good, a
    hand-over's as a restart; GameConsumer.moderation_disconnect)."""
    sockets_tell(channel_names, {"type": "moderation.disconnect", "code": code})


def user_log_out_everywhere(user: User) -> None:
    """Delete the user's sessions and API token now; close their sockets after commit."""
    now = timezone.now()
    # Sessions do not index their user: decode the live ones (a moderation-rate operation).
    doomed = [
        s.session_key
        for s in Session.objects.filter(expire_date__gt=now).iterator()
        if str(s.get_decoded().get("_auth_user_id")) == str(user.pk)
    ]
    Session.objects.filter(session_key__in=doomed).delete()
    Token.objects.filter(user=user).delete()
    channels = list(Presence.objects.filter(user=user).values_list("channel_name", flat=True))
    transaction.on_commit(lambda: sockets_close(channels))


def _clock_hook(name: str) -> Any:
    """A function of the time-controls app (issue 7) if it is installed, else None."""
    try:
        module = importlib.import_module("clock.services")
    except ImportError:
        return None
    return getattr(module, name, None)


def seats_to_timeout_policy(user: User, now: dt.datetime) -> None:
    """The user's seats in running games are settled by each table's timeout policy: the
    clock decides when it offers a hook; otherwise their deadlines fall due now, so the
    sweeper applies the policy on its next run."""
    hook = _clock_hook("user_seats_expire")
    if hook is not None:
        hook(user=user, now=now)
        return
    Seat.objects.filter(
        user=user, table__status=Table.Status.PLAYING, deadline_at__isnull=False
    ).update(deadline_at=now)


def _sanction(
    *, user: User, by: User, kind: str, reason: str, until: dt.datetime | None
) -> Sanction:
    reason_required(reason)
    if user.is_superuser or (user.is_staff and not by.is_superuser):
        raise ModerationError("Only a superuser can sanction staff, and nobody a superuser.")
    now = timezone.now()
    with transaction.atomic():
        sanction = Sanction.objects.create(
            user=user, kind=kind, until=until, reason=reason.strip(), created_by=by
        )
        user_log_out_everywhere(user)
        seats_to_timeout_policy(user, now)
        audit_record(
            actor=by,
            action=f"user_{'ban' if kind == Sanction.Kind.BAN else 'suspend'}",
            obj=user,
            reason=reason,
            details={"sanction": sanction.pk, "until": until.isoformat() if until else None},
        )
    return sanction


def user_suspend(*, user: User, by: User, reason: str, days: int) -> Sanction:
    """Suspend `user` for `days` days (1 to 3650)."""
    if not 1 <= days <= 3650:
        raise ModerationError("Suspend for 1 to 3650 days.", field="days")
    until = timezone.now() + dt.timedelta(days=days)
    return _sanction(user=user, by=by, kind=Sanction.Kind.SUSPENSION, reason=reason, until=until)


def user_ban(*, user: User, by: User, reason: str) -> Sanction:
    """Ban `user` until a moderator lifts it."""
    return _sanction(user=user, by=by, kind=Sanction.Kind.BAN, reason=reason, until=None)


def sanction_lift(*, user: User, by: User, reason: str) -> int:
    """Lift every active sanction of `user`; returns how many were lifted."""
    reason_required(reason)
    with transaction.atomic():
        active = list(Sanction.objects.select_for_update().filter(user=user).active())
        for sanction in active:
            sanction.lifted_at = timezone.now()
            sanction.lifted_by = by
            sanction.lift_reason = reason.strip()
            sanction.save(update_fields=["lifted_at", "lifted_by", "lift_reason"])
        audit_record(
            actor=by,
            action="sanction_lift",
            obj=user,
            reason=reason,
            details={"lifted": [s.pk for s in active]},
        )
    return len(active)


def email_mark_verified(*, user: User, by: User, reason: str) -> None:
    """Mark the user's primary email verified (e.g. the confirmation mail never arrived)."""
    if not user.email:
        raise ModerationError(f"{user} has no email address.")
    with transaction.atomic():
        address, _ = EmailAddress.objects.get_or_create(
            user=user, email=user.email, defaults={"primary": True}
        )
        address.verified = True
        address.save(update_fields=["verified"])
        audit_record(
            actor=by,
            action="email_mark_verified",
            obj=user,
            reason=reason,
            details={"email": user.email},
        )
