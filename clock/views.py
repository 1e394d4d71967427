"""The time-control forms: spend an extension, take a seat back from the bot, declare or
end a vacation; and the clock panel the game page polls. Thin: parse, call one service or
selector, redirect back with a message or render."""

from __future__ import annotations

import datetime as dt

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from accounts.models import User
from accounts.permissions import verified_required
from games.models import Game
from games.selectors import can_watch
from games.services.errors import ServiceError

from . import services, vacations
from .selectors import game_clock


def _user(request: HttpRequest) -> User:
    assert isinstance(request.user, User)
    return request.user


def panel(request: HttpRequest, game_id: int) -> HttpResponse:
    """The clock panel alone: the game page polls it so time left stays current."""
    game = get_object_or_404(Game.objects.select_related("table"), pk=game_id)
    user = request.user if isinstance(request.user, User) else None
    if not can_watch(game, user):
        raise Http404("No such game.")
    context = {**game_clock(game, user), "csrf_token": get_token(request)}
    return render(request, "clock/panel.html", context)


@require_POST
@verified_required
def extend(request: HttpRequest, game_id: int) -> HttpResponse:
    game = get_object_or_404(Game, pk=game_id)
    try:
        services.extension_spend(game=game, user=_user(request))
        messages.success(request, "Your deadline moved one period later.")
    except ServiceError as exc:
        messages.error(request, exc.message)
    return redirect("game", game_id=game_id)


@require_POST
@verified_required
def take_back(request: HttpRequest, game_id: int) -> HttpResponse:
    game = get_object_or_404(Game, pk=game_id)
    try:
        services.seat_take_back(game=game, user=_user(request))
        messages.success(request, "Welcome back: you play your seat again.")
    except ServiceError as exc:
        messages.error(request, exc.message)
    return redirect("game", game_id=game_id)


def _local_midnight(value: str, user: User) -> dt.datetime:
    day = dt.date.fromisoformat(value)
    return dt.datetime(day.year, day.month, day.day, tzinfo=user.zone)


@require_POST
@verified_required
def vacation_declare(request: HttpRequest) -> HttpResponse:
    user = _user(request)
    try:
        starts = _local_midnight(request.POST.get("starts_on", ""), user)
        ends = _local_midnight(request.POST.get("ends_on", ""), user) + dt.timedelta(days=1)
    except ValueError:
        messages.error(request, "Give the first and the last day of your vacation.")
        return redirect("profile")
    try:
        vacations.vacation_declare(user=user, starts_at=starts, ends_at=ends)
        messages.success(request, "Your vacation is noted; your deadlines will wait for you.")
    except ServiceError as exc:
        messages.error(request, exc.message)
    return redirect("profile")


@require_POST
@verified_required
def vacation_end(request: HttpRequest, vacation_id: int) -> HttpResponse:
    try:
        vacations.vacation_end(user=_user(request), vacation_id=vacation_id)
        messages.success(request, "Your vacation is over; the unused days are yours again.")
    except ServiceError as exc:
        messages.error(request, exc.message)
    return redirect("profile")
