"""When a game socket opens or closes, the game's readers are told (their players panel
re-rendered, at every socket of the table) only if a seat went online or offline: a
spectator's socket changes no seat's dot, nor does a player's second tab. A reconnect storm
after a deploy made every socket of a table re-render its panel once per socket reopening.
And a socket's connect reads the feed once (issue 14: the connect path)."""

from __future__ import annotations

from typing import Any
from unittest import mock

import pytest
from asgiref.sync import sync_to_async
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import selectors
from games.models import Presence
from games.services import broadcast

from .conftest import make_user
from .test_consumers import connect, next_json, setup_game

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def told() -> Any:
    """Every presence notice sent, each still sent (a spy)."""
    with mock.patch.object(broadcast, "presence_changed", wraps=broadcast.presence_changed) as spy:
        yield spy


async def test_a_spectator_coming_and_going_tells_nobody(told: Any) -> None:
    game, _ = await setup_game()
    watcher = await connect(game.pk, await sync_to_async(make_user)())
    await next_json(watcher)
    assert await sync_to_async(Presence.objects.count)() == 1  # its row: moderation finds it
    await watcher.disconnect()
    assert told.call_count == 0
    assert await sync_to_async(Presence.objects.count)() == 0


async def test_a_players_second_tab_tells_nobody_the_last_tab_closing_does(told: Any) -> None:
    game, seats = await setup_game()
    first = await connect(game.pk, seats[0])
    await next_json(first)
    assert told.call_count == 1  # seat 0 came online
    second = await connect(game.pk, seats[0])
    await next_json(second)
    await first.disconnect()
    assert told.call_count == 1  # still online in the second tab
    await second.disconnect()
    assert told.call_count == 2  # now offline
    players = await sync_to_async(selectors.players_of)(game)
    assert [p["online"] for p in players] == [False, False, False]


async def test_a_connect_builds_the_feed_once() -> None:
    """The page is read once, after the group join; the socket's seat and group came from
    the two queries of games.selectors.game_watch."""
    game, seats = await setup_game()
    with mock.patch(
        "games.consumers.game.game_view_for_seat", wraps=selectors.game_view_for_seat
    ) as built:
        sock = await connect(game.pk, seats[1])
        update = await next_json(sock)
    assert update["game"]["my_seat"] == 1
    assert built.call_count == 1
    await sock.disconnect()


@pytest.mark.django_db
def test_game_watch_is_two_queries_and_refuses_strangers_at_a_private_table() -> None:
    from .conftest import started_game

    users = [make_user() for _ in range(3)]
    game = started_game(users, visibility="private")
    stranger = make_user()
    with CaptureQueriesContext(connection) as queries:
        watch = selectors.game_watch(game.pk, users[2])
    assert watch is not None
    assert (watch.game.pk, watch.seats, watch.online) == (game.pk, 3, False)
    assert watch.seat == next(s.position for s in game.table.seats.all() if s.user == users[2])
    assert len(queries) == 2
    assert selectors.game_watch(game.pk, stranger) is None
    assert selectors.game_watch(game.pk, None) is None
    assert selectors.game_watch(game.pk + 1000, users[0]) is None
