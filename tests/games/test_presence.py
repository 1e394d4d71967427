"""Presence staleness: a row whose socket stopped its heartbeat (the server process crashed
and never ran its disconnects) no longer makes a player look online, does not hold back
"your turn" emails, and is purged by the periodic task; a live row survives both."""

from __future__ import annotations

import datetime as dt

import pytest
import time_machine

from games.models import PRESENCE_STALE_AFTER, Presence
from games.selectors import players_of
from games.services.presence import presence_purge_stale, presence_touch
from games.tasks import presence_purge_task

from .conftest import make_user, seat_users, started_game

pytestmark = pytest.mark.django_db

NOON = dt.datetime(2026, 11, 18, 12, 0, tzinfo=dt.UTC)


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
        assert presence_touch(channel_name="live-process!1") == 1  # the live socket's beat
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

    from games.consumers import game as game_socket
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
