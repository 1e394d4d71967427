"""Presence staleness: a row whose socket stopped its heartbeat (the server process crashed
and never ran its disconnects) no longer makes a player look online, does not hold back
"your turn" emails, and is purged by the periodic task; a live row survives both. The
heartbeat of a process's sockets is one hop a tick (games.consumers.beat)."""

from __future__ import annotations

import datetime as dt
from dataclasses import astuple
from typing import Any

import pytest
import time_machine

from games.models import PRESENCE_STALE_AFTER, Presence
from games.selectors import players_of
from games.services.presence import presence_purge_stale, presence_touch, sockets_beat
from games.tasks import presence_purge_task

from .conftest import make_user, seat_users, started_game

pytestmark = pytest.mark.django_db

NOON = dt.datetime(2026, 11, 18, 12, 0, tzinfo=dt.UTC)


def _marks(seats: list[Any]) -> set[tuple[bool, bool]]:
    """The spectators' marks as the seats' read carries them, on every row."""
    return {(s.spectated, s.spectated_page) for s in seats}


def _online(game: object) -> dict[int, bool]:
    return {p["seat"]: p["online"] for p in players_of(game)}  # type: ignore[arg-type]


def test_a_row_without_heartbeat_stops_counting_as_online_and_is_purged() -> None:
    with time_machine.travel(NOON, tick=False) as clock:
        users = [make_user() for _ in range(2)]
        game = started_game(users)
        seats = seat_users(game)
        Presence.objects.create(game=game, user=seats[0], channel_name="crashed-process!1")
        Presence.objects.create(game=game, user=seats[1], channel_name="live-process!1")
        assert _online(game) == {0: True, 1: True}

        clock.shift(PRESENCE_STALE_AFTER - dt.timedelta(seconds=30))
        assert presence_touch(channel_names=["live-process!1"]) == 1  # the live socket's beat
        clock.shift(dt.timedelta(seconds=31))
        assert _online(game) == {0: False, 1: True}
        assert list(Presence.objects.live().values_list("channel_name", flat=True)) == [
            "live-process!1"
        ]

        assert presence_purge_stale() == 1
        assert list(Presence.objects.values_list("channel_name", flat=True)) == ["live-process!1"]
        assert presence_purge_task() == 0  # the beat task: nothing stale is left


def test_a_stale_row_does_not_hold_back_the_turn_email(settings) -> None:
    from django.core import mail

    from notifications.models import Kind, Notice
    from notifications.services import deliver

    with time_machine.travel(NOON, tick=False) as clock:
        users = [make_user() for _ in range(2)]
        game = started_game(users, time_per_move=86400)
        Presence.objects.create(game=game, user=users[0], channel_name="crashed!1")
        clock.shift(PRESENCE_STALE_AFTER + dt.timedelta(seconds=1))
        notice = Notice.objects.create(
            user=users[0], game=game, kind=Kind.TURN, key="stale-test", seq=game.state_seq
        )
        mail.outbox.clear()
        assert deliver(notice.pk, NOON + PRESENCE_STALE_AFTER) == Notice.Status.SENT
        assert [m.to for m in mail.outbox] == [[users[0].email]]


def test_the_purge_is_scheduled_in_both_modes(settings) -> None:
    entry = settings.CELERY_BEAT_SCHEDULE["games-presence-purge"]
    assert entry["task"] == "games.presence_purge"


@pytest.mark.django_db(transaction=True)
async def test_an_open_socket_keeps_its_row_fresh(monkeypatch) -> None:
    import asyncio

    from asgiref.sync import sync_to_async
    from channels.routing import URLRouter
    from channels.testing import WebsocketCommunicator

    from games.consumers import beat as game_socket
    from games.routing import websocket_urlpatterns

    monkeypatch.setattr(game_socket, "PRESENCE_HEARTBEAT", dt.timedelta(seconds=0.05))

    @sync_to_async
    def setup() -> tuple[object, object]:
        users = [make_user() for _ in range(2)]
        return started_game(users), users[0]

    @sync_to_async
    def last_seen() -> dt.datetime:
        return Presence.objects.get().last_seen

    game, user = await setup()
    comm = WebsocketCommunicator(URLRouter(websocket_urlpatterns), f"/ws/games/{game.pk}/")  # type: ignore[attr-defined]
    comm.scope["user"] = user
    assert (await comm.connect(timeout=10))[0]
    first = await last_seen()
    for _ in range(100):  # the beat runs in the background; wait for it, no timing assert
        await asyncio.sleep(0.05)
        if await last_seen() > first:
            break
    assert await last_seen() > first
    await comm.disconnect()
    assert not await sync_to_async(Presence.objects.exists)()


def test_one_heartbeat_of_many_sockets_is_four_queries() -> None:
    """Issue 14, B3: a process's sockets beat together (games.consumers.beat); what is due
    in a tick is one UPDATE of the presence rows, one read of the games' versions and the
    spectated games' marks (one upsert for pages, one for the rest), however many sockets
    and games."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from games.services.presence import sockets_beat, spectating_of

    games = [started_game([make_user() for _ in range(3)]) for _ in range(3)]
    names = []
    for game in games:
        for position, user in seat_users(game).items():
            names.append(f"process!{game.pk}-{position}")
            Presence.objects.create(game=game, user=user, channel_name=names[-1])
    before = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)
    Presence.objects.update(last_seen=before)

    with CaptureQueriesContext(connection) as queries:
        versions = sockets_beat(
            game_ids={g.pk for g in games} | {10**9},  # a game gone: no version
            spectated={games[1].pk, games[2].pk},
            spectated_pages={games[2].pk},
            channel_names=names[:5],
        )
    assert len(queries) == 4
    assert versions == {g.pk: (g.state_seq, g.status) for g in games}
    assert Presence.objects.filter(last_seen__gt=before).count() == 5
    # A program's JSON socket spectates games[1]: listened to, not watched on its page.
    assert [astuple(spectating_of(g.pk)) for g in games] == [
        (False, False),
        (True, False),
        (True, True),
    ]


def test_spectators_marks_run_out_keep_another_process_page_and_are_purged(settings) -> None:
    """A spectator's mark lasts three heartbeats; a process whose spectators read JSON
    marks the game listened to without undoing the page mark another process keeps; the
    seats' read carries the marks (the broadcast asks nothing else), and the purge deletes
    marks run out for an hour."""
    from games.models import SpectatorMark
    from games.selectors import seats_in_play
    from games.services.presence import (
        spectating_of,
        spectator_marks_purge,
        spectators_mark,
    )

    settings.GAME_SOCKET_HEARTBEAT_SECONDS = 15
    with time_machine.travel(NOON, tick=False) as clock:
        game, other = (started_game([make_user() for _ in range(2)]) for _ in range(2))
        spectators_mark([game.pk], [game.pk])  # a page, in one process
        clock.shift(dt.timedelta(seconds=30))
        spectators_mark([game.pk, other.pk])  # JSON sockets, in another: later, no page
        assert astuple(spectating_of(game.pk)) == (True, True)
        assert astuple(spectating_of(other.pk)) == (True, False)
        seats = seats_in_play(game)
        assert _marks(seats) == {(True, True)}

        clock.shift(dt.timedelta(seconds=16))  # the page's mark ran out (45 s), not the other
        assert astuple(spectating_of(game.pk)) == (True, False)
        assert _marks(seats_in_play(game)) == {(True, False)}
        clock.shift(dt.timedelta(seconds=30))
        assert astuple(spectating_of(game.pk)) == (False, False)
        assert _marks(seats_in_play(game)) == {(False, False)}

        assert spectator_marks_purge() == 0  # run out, not for an hour yet
        clock.shift(dt.timedelta(hours=1))
        spectators_mark([other.pk])  # watched again
        assert spectator_marks_purge() == 1
        assert list(SpectatorMark.objects.values_list("game_id", flat=True)) == [other.pk]


@pytest.mark.django_db(transaction=True)
async def test_a_process_beats_its_sockets_in_one_hop(monkeypatch) -> None:
    """Three sockets (two seats of one game, a spectator of another) are kept in step by one
    call a tick, which names both games and marks the spectated one."""
    import asyncio

    from asgiref.sync import sync_to_async
    from channels.routing import URLRouter
    from channels.testing import WebsocketCommunicator

    from games.consumers import beat
    from games.routing import websocket_urlpatterns

    calls: list[tuple[set[int], set[int], int]] = []

    def recording(**kwargs: Any) -> dict[int, tuple[int, str]]:
        calls.append(
            (set(kwargs["game_ids"]), set(kwargs["spectated"]), len(kwargs["channel_names"]))
        )
        return sockets_beat(**kwargs)

    monkeypatch.setattr(beat, "sockets_beat", recording)

    @sync_to_async
    def setup() -> tuple[Any, Any, dict[int, Any]]:
        one, other = (started_game([make_user() for _ in range(3)]) for _ in range(2))
        return one, other, seat_users(one)

    one, other, seats = await setup()
    sockets = []
    for path, user in [
        (f"/ws/games/{one.pk}/", seats[0]),
        (f"/ws/games/{one.pk}/", seats[1]),
        (f"/ws/games/{other.pk}/", None),
    ]:
        comm = WebsocketCommunicator(URLRouter(websocket_urlpatterns), path)
        if user is not None:
            comm.scope["user"] = user
        assert (await comm.connect(timeout=10))[0]
        sockets.append(comm)
    # All three due at once, their presence rows too (they connected at different times);
    # a socket joins the beat just after its handshake.
    for _ in range(100):
        if len(beat.socket_beat().sockets) == 3:
            break
        await asyncio.sleep(0.05)
    assert len(beat.socket_beat().sockets) == 3
    calls.clear()
    for state in beat.socket_beat().sockets.values():
        state.due = state.touched = 0.0
    for _ in range(100):  # the beat runs in the background; wait for it, no timing assert
        await asyncio.sleep(0.05)
        if calls:
            break
    assert calls[0] == ({one.pk, other.pk}, {other.pk}, 2)  # the seats' rows, not the spectator's
    for comm in sockets:
        await comm.disconnect()
    assert beat.socket_beat().sockets == {}
    assert beat.socket_beat().task is None
