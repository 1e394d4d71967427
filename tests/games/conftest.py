"""Fixtures of the web-layer tests: verified users, a registered toy game, tables and
games started through the services, a helper that plays pending seats, the pages of a
finished game, and the browser tests' live site."""

from __future__ import annotations

import datetime as dt
import itertools
from collections.abc import Callable, Iterator
from typing import Any

import pytest
import time_machine
from allauth.account.models import EmailAddress
from django.test import Client

from accounts.models import User
from games.engine.core import to_json
from games.engine.games.resistance import Phase, Side
from games.log import definition_of, load_state
from games.models import Game, Table
from games.services.lobby import lobby_create, table_join, table_start
from games.services.moves import move_submit

from . import toygame  # noqa: F401  (registers "toy-secrets")
from .live_site import site, site_with_worker  # noqa: F401  (the browser tests' live sites)

_names = itertools.count(1)


def make_user(name: str | None = None, password: str = "pw-Excalibur-42") -> User:
    """A user with a verified primary email (the site requires it to play)."""
    name = name or f"player{next(_names)}"
    user = User.objects.create_user(username=name, email=f"{name}@example.com", password=password)
    EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)
    return user


@pytest.fixture
def user_factory() -> Callable[..., User]:
    return make_user


def open_table(players: list[User], slug: str = "toy-secrets", **kwargs: Any) -> Table:
    kwargs.setdefault("options", {})
    table = lobby_create(host=players[0], game_slug=slug, seat_count=len(players), **kwargs)
    for user in players[1:]:
        table_join(table=table, user=user, invite_code=table.invite_code)
    return table


def started_game(players: list[User], slug: str = "toy-secrets", **kwargs: Any) -> Game:
    table = open_table(players, slug, **kwargs)
    return table_start(table=table, by=players[0])


def seat_users(game: Game) -> dict[int, User]:
    return {
        s.position: s.user
        for s in game.table.seats.select_related("user")
        if s.user is not None and s.position is not None
    }


def play_first_move(game: Game, users: dict[int, User]) -> None:
    """The lowest pending seat plays its first legal move through move_submit, on the game
    read afresh."""
    game = Game.objects.select_related("table").get(pk=game.pk)
    definition = definition_of(game)
    state = load_state(game, definition)
    seat = min(definition.pending_seats(state))
    move = to_json(definition.legal_moves(state, seat)[0])
    move_submit(game=game, user=users[seat], move_json=move, expected_seq=game.state_seq)


def play_pending_once(game: Game) -> bool:
    """Every pending seat plays its first legal move through move_submit. False when over."""
    game.refresh_from_db()
    if game.status != Game.Status.PLAYING:
        return False
    definition = definition_of(game)
    state = load_state(game, definition)
    users = seat_users(game)
    for seat in sorted(definition.pending_seats(state)):
        game.refresh_from_db()
        if game.status != Game.Status.PLAYING:
            return False
        state = load_state(game, definition)
        if seat not in definition.pending_seats(state):
            continue
        move = definition.legal_moves(state, seat)[0]
        move_submit(
            game=game, user=users[seat], move_json=to_json(move), expected_seq=game.state_seq
        )
    return True


def finished_pages(game: Game, client: Client, replay: str) -> tuple[str, str]:
    """After a whole game played through the pages: the game is finished; its page, and its
    replay page at the query `replay`, as `client` sees them."""
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    page = client.get(f"/games/{game.pk}/").content.decode()
    response = client.get(f"/games/{game.pk}/replay/?{replay}")
    assert response.status_code == 200
    return page, response.content.decode()


@pytest.fixture
def five_users() -> list[User]:
    return [make_user() for _ in range(5)]


@pytest.fixture(autouse=True)
def _fresh_channel_layer() -> Iterator[None]:
    """A new channel layer per test: channels-redis binds its connections to the event
    loop that first used them, and pytest-asyncio gives each test its own loop."""
    from channels.layers import channel_layers

    channel_layers.backends.clear()
    yield
    channel_layers.backends.clear()


def good_on_a_quest(game: Game) -> tuple[int, int]:
    """A Resistance game brought to its first quest with a Good player on the team (the
    Leader names them and everyone approves): (that player's seat, the game's seq)."""
    definition = definition_of(game)
    state = load_state(game, definition)
    good = next(s for s in range(state.players) if state.side_of(s) is Side.GOOD)
    team = [good, (good + 1) % state.players]  # quest 1 of 5 players: a team of 2
    move = {"type": "ra.propose_team", "team": team, "quest": None}
    users = seat_users(game)
    move_submit(game=game, user=users[state.leader], move_json=move, expected_seq=game.state_seq)
    play_pending_once(game)  # every vote approves
    game.refresh_from_db()
    assert load_state(game, definition).phase is Phase.QUEST
    return good, game.state_seq


@pytest.fixture
def renders(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The templates games.rendering renders, in order (each rendered as before)."""
    from django.template.loader import render_to_string

    import games.rendering as rendering

    made: list[str] = []
    inner = render_to_string

    def counted(template: str, context: Any = None) -> str:
        made.append(template)
        return inner(template, context)

    monkeypatch.setattr(rendering, "render_to_string", counted)
    return made


@pytest.fixture
def one_rate_window() -> Iterator[None]:
    """The clock stopped: django-ratelimit's windows are fixed, so a count that ran over
    the end of one (by chance, on a loaded machine) would start again at zero."""
    with time_machine.travel(dt.datetime.now(dt.UTC), tick=False):
        yield
