"""The time-control forms: spend an extension, take a seat back from the bot, declare or
end a vacation; and the clock panel the game page polls. Thin: parse, call one service or
selector, redirect back with a message or render."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.models import User
from accounts.permissions import verified_required
from games.models import Game
from games.selectors import can_watch
from games.services.errors import ServiceError

from . import services, vacations
from .calendar import calendar_feed_renew, calendar_feed_revoke, calendar_ics
from .models import CalendarFeed
from .selectors import game_clock


def _user(request: HttpRequest) -> User:
    assert isinstance(request.user, User)
    return request.user


def panel(request: HttpRequest, game_id: int) -> HttpResponse:
    """The clock panel alone: the game page polls it so time left stays current."""
    game = get_object_or_404(Game.objects.select_related("table"), pk=game_id)
    user = request.user if isinstance(request.user, User) else None
    if not can_watch(game, user):
        raise Http404(_("No such game."))
    context = {**game_clock(game, user), "csrf_token": get_token(request)}
    return render(request, "clock/panel.html", context)


def _on_game(
    request: HttpRequest, game_id: int, act: Callable[..., object], done: str
) -> HttpResponse:
    """Call `act(game=, user=)` for the signed-in player; say `done` or the refusal, and go
    back to the game."""
    game = get_object_or_404(Game, pk=game_id)
    try:
        act(game=game, user=_user(request))
        messages.success(request, done)
    except ServiceError as exc:
        messages.error(request, exc.message)
    return redirect("game", game_id=game_id)


@require_POST
@verified_required
def extend(request: HttpRequest, game_id: int) -> HttpResponse:
    return _on_game(
        request, game_id, services.extension_spend, _("Your deadline moved one period later.")
    )


@require_POST
@verified_required
def take_back(request: HttpRequest, game_id: int) -> HttpResponse:
    return _on_game(
        request, game_id, services.seat_take_back, _("Welcome back: you play your seat again.")
    )


def _local_midnight(value: str, user: User, days_after: int = 0) -> dt.datetime:
    """The start of the day `value` (ISO), `days_after` days later, in the user's zone, as
    UTC. OverflowError past the calendar's last day (9999-12-31, in UTC too)."""
    day = dt.date.fromisoformat(value) + dt.timedelta(days=days_after)
    return dt.datetime(day.year, day.month, day.day, tzinfo=user.zone).astimezone(dt.UTC)


@require_POST
@verified_required
def vacation_declare(request: HttpRequest) -> HttpResponse:
    user = _user(request)
    try:
        starts = _local_midnight(request.POST.get("starts_on", ""), user)
        ends = _local_midnight(request.POST.get("ends_on", ""), user, days_after=1)
    except ValueError:
        messages.error(request, _("Give the first and the last day of your vacation."))
        return redirect("profile")
    except OverflowError:  # the last day of 9999 ends after the last day Python knows
        messages.error(request, _("A vacation must end before the year 9999 does."))
        return redirect("profile")
    try:
        vacations.vacation_declare(user=user, starts_at=starts, ends_at=ends)
        messages.success(request, _("Your vacation is noted; your deadlines will wait for you."))
    except ServiceError as exc:
        messages.error(request, exc.message)
    return redirect("profile")


@require_POST
@verified_required
def vacation_end(request: HttpRequest, vacation_id: int) -> HttpResponse:
    try:
        vacations.vacation_end(user=_user(request), vacation_id=vacation_id)
        messages.success(request, _("Your vacation is over; the unused days are yours again."))
    except ServiceError as exc:
        messages.error(request, exc.message)
    return redirect("profile")


def calendar_feed(request: HttpRequest, token: str) -> HttpResponse:
    """The private iCal feed; an unknown or revoked token is a 404 (no login: calendars
    fetch it on their own)."""
    feed = get_object_or_404(CalendarFeed.objects.select_related("user"), token=token)
    response = HttpResponse(calendar_ics(feed), content_type="text/calendar; charset=utf-8")
    response["Cache-Control"] = "private, no-store"
    return response


@require_POST
@login_required
def calendar_renew(request: HttpRequest) -> HttpResponse:
    calendar_feed_renew(_user(request))
    messages.success(request, _("Your calendar link is ready. A previous link no longer works."))
    return redirect("profile")


@require_POST
@login_required
def calendar_revoke(request: HttpRequest) -> HttpResponse:
    if calendar_feed_revoke(_user(request)):
        messages.success(request, _("Your calendar link no longer works."))
    return redirect("profile")
