"""Lobby pages: open tables, create a table, the table page (join, leave, remove, start,
invite link) and my games. Thin: parse, call one service or selector, render."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from accounts.models import User
from accounts.permissions import verified_required
from games.engine.core import all_games, config_fields, get_game
from games.forms import (
    LobbyFilterForm,
    TableCreateForm,
    game_choices,
    option_value_label,
    page_of,
)
from games.models import Table
from games.presentation.game_cards import game_cards
from games.presentation.registry import presenter_for
from games.selectors import (
    games_for_user,
    games_over_for_user,
    games_to_watch,
    table_audience,
    table_chat_for,
    tables_of_user,
    tables_open,
)
from games.services import lobby
from games.services.errors import ServiceError, say
from games.services.lobby import decode_options
from games.services.text import storable

from .chat import post_chat

WATCH_COUNT = 12  # games in progress the lobby lists to watch, the newest


def option_list(table: Table) -> list[dict[str, Any]]:
    """The table's options with the game's own labels, defaults filled in; a list option
    reads as words ("King Arthur, Guinevere"), not as a Python list, and a chosen value
    as the create form words it ("Avalon", not the id "avalon")."""
    presenter = presenter_for(table.game_slug)
    options = []
    for spec in config_fields(get_game(table.game_slug).config_type):
        value = table.options.get(spec["name"], spec["default"])
        if isinstance(value, list | tuple):
            words = [presenter.option_choice(spec["name"], v) or str(v) for v in value]
            value = ", ".join(words) or presenter.option_unset(spec["name"]) or _("none")
        elif spec.get("choices") and not isinstance(value, bool):
            value = presenter.option_choice(spec["name"], value) or option_value_label(value)
        options.append({"label": _(spec["label"]), "value": value})
    return options


def card_words(table: Table) -> dict[str, str]:
    """The lobby card's sentences, worded here once rather than by a template tag each."""
    numbers = {"taken": table.taken, "count": table.seat_count}  # type: ignore[attr-defined]
    return {
        "hosted": _("%(game)s · hosted by %(host)s")
        % {"game": table.definition.name, "host": table.host.public_name},  # type: ignore[attr-defined]
        "taken": ngettext(
            "%(taken)d of %(count)d seat taken",
            "%(taken)d of %(count)d seats taken",
            table.seat_count,
        )
        % numbers,
        "seats": ngettext("%(taken)d/%(count)d seat", "%(taken)d/%(count)d seats", table.seat_count)
        % numbers,
        "time": _("%(time)s per move") % {"time": table.get_time_per_move_display()},
    }


def _user(request: HttpRequest) -> User:
    assert isinstance(request.user, User)
    return request.user


def lobby_page(request: HttpRequest) -> HttpResponse:
    """Open tables, filtered and paged, and games in progress to watch. Filters that do not
    parse are shown with their error and leave the list unfiltered."""
    filters = LobbyFilterForm(request.GET)
    tables = filters.tables() if filters.is_valid() else tables_open()
    page = page_of(tables, request.GET.get("page"))
    for table in page:
        table.definition = get_game(table.game_slug)
        table.option_list = option_list(table)
        table.words = card_words(table)
    slug = filters.cleaned_data.get("game") if filters.is_valid() else None
    watch = list(games_to_watch(slug)[:WATCH_COUNT])
    for game in watch:
        game.definition = get_game(game.table.game_slug)  # type: ignore[attr-defined]
    mine = list(tables_of_user(_user(request))) if request.user.is_authenticated else []
    return render(
        request,
        "games/lobby.html",
        {
            "tables": page,
            "page": page,
            "filters": filters,
            "watch": watch,
            "mine": mine,
            "selected": slug,
            "how_to_play": game_choices(),
        },
    )


@verified_required
def table_create(request: HttpRequest) -> HttpResponse:
    slugs = [slug for slug, _ in game_choices()]
    slug = request.POST.get("game") or request.GET.get("game")
    if not slug:  # the host chooses the game first: none is preselected
        return render(
            request, "games/table_choose.html", {"title": _("Open a table"), "games": game_cards()}
        )
    if slug not in slugs:
        raise Http404("No such game.")
    definition = get_game(slug)
    form = TableCreateForm(definition, request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = dict(form.cleaned_data)
        options = form.options()
        bots = data.pop("bots", None) or 0
        settings = {k: v for k, v in data.items() if not k.startswith("opt_") and k != "seat_count"}
        try:
            table = lobby.lobby_create(
                host=_user(request),
                game_slug=slug,
                seat_count=data["seat_count"],
                options=options,
                bots=bots,
                **settings,
            )
        except ServiceError as exc:
            form.add_error(None, exc.message)
        else:
            messages.success(request, _("Your table is open. Share it and wait for players."))
            return redirect("table", table_id=table.pk)
    return render(
        request,
        "games/table_create.html",
        {
            "title": _("Open a table"),
            "form": form,
            "definition": definition,
            "games": all_games(),
            "slug": slug,
        },
    )


def _table_context(request: HttpRequest, table: Table, invite: str | None) -> dict[str, Any]:
    seats = list(table.seats.select_related("user").order_by("joined_at"))
    user = request.user if request.user.is_authenticated else None
    seated = any(s.user_id == getattr(user, "pk", None) for s in seats)
    advice: list[str] = []
    try:
        config = decode_options(table.game_slug, table.options, table.seat_count)
        advice = [say(text) for text in config.advice(table.seat_count)]
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
        "chat": list(table_chat_for(table, seated)),
        "game_id": getattr(getattr(table, "game", None), "pk", None)
        if table.status != Table.Status.OPEN
        else None,
    }


def table_page(request: HttpRequest, table_id: int, invite: str | None = None) -> HttpResponse:
    table = get_object_or_404(Table.objects.select_related("host"), pk=table_id)
    if invite is None:
        # The live seat refresh of a page opened by its invite link carries the code as
        # ?invite= (the push is one copy for all readers: the code comes from the page).
        invite = request.GET.get("invite") or None
    if invite != table.invite_code:  # only the table's own code is echoed into its page
        invite = None
    user = request.user if isinstance(request.user, User) else None
    if table_audience(table, user, invite) is None:  # the socket's and the API's rule
        raise Http404("No such table.")
    context = _table_context(request, table, invite)
    if context["game_id"] and request.GET.get("stay") is None:
        return redirect("game", game_id=context["game_id"])
    return render(request, "games/table.html", context)


INVITE_CODE_LENGTH = Table._meta.get_field("invite_code").max_length or 32


def table_invite(request: HttpRequest, code: str) -> HttpResponse:
    # Looked up only when it could be a code: a NUL in the path (%00) failed the query (a
    # 500), and no code is longer than the column.
    may_be = len(code) <= INVITE_CODE_LENGTH and storable(code)
    table = Table.objects.filter(invite_code=code).first() if may_be else None
    if table is None:  # never issued, or renewed by the host: say what to do, not just 404
        words = {
            "title": _("This invite link is no longer valid"),
            "text": _("The link may have been replaced by a new one: ask the host for it."),
        }
        return render(request, "errors/in_site.html", words, status=404)
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


def _posted_id(request: HttpRequest, name: str, missing: str) -> int:
    """A posted id; not a number is a 404 (a 500 before: the ORM raised on the lookup)."""
    try:
        return int(request.POST.get(name, ""))
    except ValueError:
        raise Http404(missing) from None


@require_POST
@verified_required
def table_remove(request: HttpRequest, table_id: int) -> HttpResponse:
    user = _user(request)
    player = get_object_or_404(User, pk=_posted_id(request, "user_id", "No such player."))
    return _act(
        request,
        table_id,
        lambda t: lobby.table_remove_player(table=t, by=user, user=player),
        f"{player.public_name} was removed.",
    )


@require_POST
@verified_required
def table_bot_add(request: HttpRequest, table_id: int) -> HttpResponse:
    """The host puts a bot in a free seat (games.services.lobby.table_add_bot)."""
    user = _user(request)

    def add(t: Table) -> Any:
        lobby.table_add_bot(table=t, by=user)
        t.refresh_from_db()
        return getattr(t, "game", None) if t.status == Table.Status.PLAYING else None

    return _act(request, table_id, add, _("A bot took a seat."))


@require_POST
@verified_required
def table_bot_remove(request: HttpRequest, table_id: int) -> HttpResponse:
    user = _user(request)
    seat_id = _posted_id(request, "seat_id", _("There is no such bot at this table."))
    return _act(
        request,
        table_id,
        lambda t: lobby.table_remove_bot(table=t, by=user, seat_id=seat_id),
        _("The bot left its seat."),
    )


@require_POST
@verified_required
def table_invite_renew(request: HttpRequest, table_id: int) -> HttpResponse:
    """The host replaces the invite link (games.services.lobby.table_renew_invite)."""
    user = _user(request)
    return _act(
        request,
        table_id,
        lambda t: lobby.table_renew_invite(table=t, by=user),
        _("The table has a new invite link: the old one no longer works."),
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
    return post_chat(request, table, _user(request), reverse("table", args=[table_id]))


@verified_required
def my_games(request: HttpRequest) -> HttpResponse:
    user = _user(request)
    over = page_of(games_over_for_user(user), request.GET.get("page"))
    return render(
        request,
        "games/my_games.html",
        {"games": games_for_user(user), "over": over, "waiting": tables_of_user(user)},
    )
