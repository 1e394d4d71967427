"""Lobby pages: open tables, create a table, the table page (join, leave, remove, start,
invite link) and my games. Thin: parse, call one service or selector, render."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from accounts.models import User
from accounts.permissions import verified_required
from games.engine.core import all_games, config_fields, get_game
from games.forms import TableCreateForm, game_choices
from games.models import Table
from games.selectors import chat_for, games_for_user, tables_of_user, tables_open
from games.services import lobby
from games.services.chat import chat_post
from games.services.errors import ServiceError
from games.services.lobby import decode_options


def option_list(table: Table) -> list[dict[str, Any]]:
    """The table's options with the game's own labels, defaults filled in."""
    return [
        {"label": spec["label"], "value": table.options.get(spec["name"], spec["default"])}
        for spec in config_fields(get_game(table.game_slug).config_type)
    ]


def _user(request: HttpRequest) -> User:
    assert isinstance(request.user, User)
    return request.user


def lobby_page(request: HttpRequest) -> HttpResponse:
    slug = request.GET.get("game") or None
    tables = list(tables_open(slug))
    for table in tables:
        table.definition = get_game(table.game_slug)  # type: ignore[attr-defined]
        table.option_list = option_list(table)  # type: ignore[attr-defined]
    mine = list(tables_of_user(_user(request))) if request.user.is_authenticated else []
    return render(
        request,
        "games/lobby.html",
        {"tables": tables, "mine": mine, "games": game_choices(), "selected": slug},
    )


@verified_required
def table_create(request: HttpRequest) -> HttpResponse:
    slugs = [slug for slug, _ in game_choices()]
    slug = request.POST.get("game") or request.GET.get("game") or slugs[0]
    if slug not in slugs:
        raise Http404("No such game.")
    definition = get_game(slug)
    form = TableCreateForm(definition, request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = dict(form.cleaned_data)
        options = form.options()
        settings = {k: v for k, v in data.items() if not k.startswith("opt_") and k != "seat_count"}
        try:
            table = lobby.lobby_create(
                host=_user(request),
                game_slug=slug,
                seat_count=data["seat_count"],
                options=options,
                **settings,
            )
        except ServiceError as exc:
            form.add_error(None, exc.message)
        else:
            messages.success(request, "Your table is open. Share it and wait for players.")
            return redirect("table", table_id=table.pk)
    return render(
        request,
        "games/table_create.html",
        {"form": form, "definition": definition, "games": all_games(), "slug": slug},
    )


def _table_context(request: HttpRequest, table: Table, invite: str | None) -> dict[str, Any]:
    seats = list(table.seats.select_related("user").order_by("joined_at"))
    user = request.user if request.user.is_authenticated else None
    seated = any(s.user_id == getattr(user, "pk", None) for s in seats)
    advice: list[str] = []
    try:
        advice = decode_options(table.game_slug, table.options, table.seat_count).advice(
            table.seat_count
        )
    except ServiceError:
        advice = []
    invite_url = request.build_absolute_uri(reverse("table_invite", args=[table.invite_code]))
    return {
        "table": table,
        "definition": get_game(table.game_slug),
        "seats": seats,
        "free": max(table.seat_count - len(seats), 0),
        "seated": seated,
        "is_host": user is not None and table.host_id == user.pk,
        "invite": invite,
        "invite_url": invite_url if seated else None,
        "advice": advice,
        "options": option_list(table),
        # Before the start everyone at the table reads both channels; once the game is on,
        # the seated players no longer read the spectators' (broadcast._chat_groups).
        "chat": list(chat_for(table, 0 if seated and table.status != Table.Status.OPEN else None)),
        "game_id": getattr(getattr(table, "game", None), "pk", None)
        if table.status != Table.Status.OPEN
        else None,
    }


def table_page(request: HttpRequest, table_id: int, invite: str | None = None) -> HttpResponse:
    table = get_object_or_404(Table.objects.select_related("host"), pk=table_id)
    context = _table_context(request, table, invite)
    if table.visibility == Table.Visibility.PRIVATE and not (
        context["seated"] or invite == table.invite_code
    ):
        raise Http404("No such table.")
    if context["game_id"] and request.GET.get("stay") is None:
        return redirect("game", game_id=context["game_id"])
    return render(request, "games/table.html", context)


def table_invite(request: HttpRequest, code: str) -> HttpResponse:
    table = get_object_or_404(Table, invite_code=code)
    return table_page(request, table.pk, invite=code)


def _act(request: HttpRequest, table_id: int, action: Any, done: str) -> HttpResponse:
    table = get_object_or_404(Table, pk=table_id)
    try:
        result = action(table)
    except ServiceError as exc:
        messages.error(request, exc.message)
    else:
        if done:
            messages.success(request, done)
        if result is not None and hasattr(result, "table_id"):
            return redirect("game", game_id=result.pk)
    code = request.POST.get("invite_code")
    if code and code == table.invite_code:
        # Back to the invite page only with the table's own code: any other text has no
        # page, and one with a "/" did not even reverse (a 500).
        return HttpResponseRedirect(reverse("table_invite", args=[code]))
    return redirect("table", table_id=table_id)


@require_POST
@verified_required
def table_join(request: HttpRequest, table_id: int) -> HttpResponse:
    user, code = _user(request), request.POST.get("invite_code") or None

    def join(t: Table) -> Any:
        lobby.table_join(table=t, user=user, invite_code=code)
        t.refresh_from_db()
        return getattr(t, "game", None) if t.status == Table.Status.PLAYING else None

    return _act(request, table_id, join, "You took a seat.")


@require_POST
@verified_required
def table_leave(request: HttpRequest, table_id: int) -> HttpResponse:
    user = _user(request)
    return _act(
        request, table_id, lambda t: lobby.table_leave(table=t, user=user), "You left the table."
    )


@require_POST
@verified_required
def table_remove(request: HttpRequest, table_id: int) -> HttpResponse:
    user = _user(request)
    try:
        player_id = int(request.POST.get("user_id", ""))
    except ValueError:  # not a number (a 500 before: the ORM raised on the lookup)
        raise Http404("No such player.") from None
    player = get_object_or_404(User, pk=player_id)
    return _act(
        request,
        table_id,
        lambda t: lobby.table_remove_player(table=t, by=user, user=player),
        f"{player.public_name} was removed.",
    )


@require_POST
@verified_required
def table_start(request: HttpRequest, table_id: int) -> HttpResponse:
    user = _user(request)
    return _act(request, table_id, lambda t: lobby.table_start(table=t, by=user), "")


@require_POST
@verified_required
def table_chat(request: HttpRequest, table_id: int) -> HttpResponse:
    """Table talk on the table page (before the start); the game page has its own form."""
    table = get_object_or_404(Table, pk=table_id)
    try:
        chat_post(table=table, user=_user(request), body=request.POST.get("body", ""))
    except ServiceError as exc:
        if request.htmx:  # type: ignore[attr-defined]
            return HttpResponse(exc.message, status=400)
        messages.error(request, exc.message)
    if request.htmx:  # type: ignore[attr-defined]
        return HttpResponse(status=204)  # the message arrives over the websocket
    return redirect("table", table_id=table_id)


@verified_required
def my_games(request: HttpRequest) -> HttpResponse:
    user = _user(request)
    return render(
        request,
        "games/my_games.html",
        {"games": games_for_user(user), "waiting": tables_of_user(user)},
    )
