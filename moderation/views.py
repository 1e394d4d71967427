"""Players' side of moderation: report a player (from the game page or a chat message) and
the privacy note. Thin: parse, call report_create, render."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from accounts.models import User
from games.models import ChatMessage, Game, Seat
from games.selectors import can_watch, chat_readable, seat_of
from games.services.errors import ServiceError

from .forms import ReportForm
from .services.reports import report_create


def _int(value: str | None) -> int | None:
    """An id from the query or the form; anything else is None (a 404 below)."""
    if not value or not value.isdigit():
        return None
    try:
        return int(value)
    except ValueError:  # "²" passes isdigit(); int() refuses it and 4,300+ digits (a 500)
        return None


@login_required
def report_page(request: HttpRequest) -> HttpResponse:
    user = request.user
    assert isinstance(user, User)
    data = request.POST if request.method == "POST" else request.GET
    message: ChatMessage | None = None
    game: Game | None = None
    if (message_id := _int(data.get("message"))) is not None:
        message = (
            ChatMessage.objects.select_related("author", "table").filter(pk=message_id).first()
        )
        # Only a message this user may read (it shows the text): a seated player must not
        # read the spectators' talk by its id, nor anyone a private table's (issue 15, R6).
        if message is None or not chat_readable(message, user):
            raise Http404(_("No such message."))
        game = Game.objects.select_related("table").filter(table=message.table).first()
    elif (game_id := _int(data.get("game"))) is not None:
        game = Game.objects.select_related("table").filter(pk=game_id).first()
    if game is None and message is None:
        raise Http404(_("Report from a game page or a chat message."))
    if game is not None and not can_watch(game, user):
        raise Http404(_("No such game."))
    targets: list[tuple[int, str]] = []
    if message is None and game is not None:
        seats = Seat.objects.filter(table_id=game.table_id, user__isnull=False).select_related(
            "user"
        )
        targets = [
            (s.user.pk, s.user.public_name) for s in seats if s.user and s.user.pk != user.pk
        ]
    form = ReportForm(request.POST if request.method == "POST" else None, targets=targets)
    if request.method == "POST" and form.is_valid():
        target = None
        if message is None:
            target = User.objects.filter(pk=form.cleaned_data["target"] or 0).first()
        try:
            report_create(
                reporter=user,
                target=target,
                game=game,
                chat_message=message,
                reason=form.cleaned_data["reason"],
                details=form.cleaned_data["details"],
            )
        except ServiceError as exc:
            form.add_error(exc.field if exc.field in form.fields else None, exc.message)
        else:
            messages.success(request, _("Thank you. A moderator will look at your report."))
            return redirect(f"/games/{game.pk}/" if game else "home")
    context = {
        "title": _("Report a player"),
        "form": form,
        "game": game,
        "message": message,
        "is_player": game is not None and seat_of(game, user) is not None,
    }
    return render(request, "moderation/report.html", context, status=400 if form.errors else 200)


def privacy(request: HttpRequest) -> HttpResponse:
    from .tasks import IP_RETENTION_DAYS

    return render(
        request,
        "moderation/privacy.html",
        {"title": _("Privacy: what moderation keeps"), "retention_days": IP_RETENTION_DAYS},
    )
