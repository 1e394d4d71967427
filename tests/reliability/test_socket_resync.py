"""The game socket keeps itself in step when the channel layer loses its group membership
or a push (what a Redis restart does, R2), and never sends an event twice. Fast and
in-process (WebsocketCommunicator, in-memory layer); test_redis_restart.py does the same
against a real Redis restart."""

from __future__ import annotations

from typing import Any

import pytest
from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator

from games.models import Game, Presence
from games.routing import websocket_urlpatterns
from games.services import broadcast
from games.services.moves import move_submit
from tests.games.conftest import make_user, seat_users, started_game

pytestmark = pytest.mark.django_db(transaction=True)

VOTE = {"type": "toy.vote", "choice": "up"}


@pytest.fixture(autouse=True)
def _quick_heartbeat(settings: Any) -> None:
    settings.GAME_SOCKET_HEARTBEAT_SECONDS = 0.1


@sync_to_async
def setup() -> tuple[Game, dict[int, Any]]:
    game = started_game([make_user() for _ in range(3)])
    return game, seat_users(game)


@sync_to_async
def play(game: Game, user: Any) -> int:
    game.refresh_from_db()
    return int(
        move_submit(game=game, user=user, move_json=VOTE, expected_seq=game.state_seq)["seq"]
    )


async def connect(game: Game, user: Any) -> tuple[WebsocketCommunicator, str]:
    comm = WebsocketCommunicator(
        URLRouter(websocket_urlpatterns), f"/ws/games/{game.pk}/?format=json"
    )
    comm.scope["user"] = user
    assert (await comm.connect(timeout=10))[0]
    channel = await sync_to_async(lambda: Presence.objects.get(user=user).channel_name)()
    return comm, channel


async def updates(comm: WebsocketCommunicator, until_seq: int) -> list[dict[str, Any]]:
    """Updates received until one shows `until_seq`, then whatever follows within 0.5 s."""
    out: list[dict[str, Any]] = []
    while not out or out[-1]["game"]["seq"] < until_seq:
        data = await comm.receive_json_from(timeout=10)
        if data["type"] == "update":
            out.append(data)
    while not await comm.receive_nothing(timeout=0.5):  # (a timeout would end the app)
        data = await comm.receive_json_from()
        if data["type"] == "update":
            out.append(data)
    return out


def event_seqs(received: list[dict[str, Any]]) -> list[int]:
    return [e["seq"] for u in received for e in u["events"]]


async def test_a_socket_whose_membership_was_lost_catches_up_and_rejoins() -> None:
    game, users = await setup()
    comm, channel = await connect(game, users[0])
    first = await updates(comm, game.state_seq)
    assert first[0]["events"] == []
    # What a Redis restart does to channels-redis: the group forgets the socket.
    await get_channel_layer().group_discard(broadcast.seat_group(game.pk, 0), channel)
    missed = await play(game, users[1])  # its push reaches no one
    caught_up = await updates(comm, missed)
    assert event_seqs(caught_up) == [missed]  # from the database, at the heartbeat
    live = await play(game, users[2])  # the socket is back in its group: pushed
    assert event_seqs(await updates(comm, live)) == [live]
    await comm.disconnect()


async def test_a_push_is_never_sent_twice_and_a_gap_is_filled() -> None:
    game, users = await setup()
    comm, channel = await connect(game, users[0])
    await updates(comm, game.state_seq)
    layer = get_channel_layer()
    captured: list[dict[str, Any]] = []
    spy = await layer.new_channel()
    await layer.group_add(broadcast.seat_group(game.pk, 0), spy)
    await layer.group_discard(broadcast.seat_group(game.pk, 0), channel)

    second = await play(game, users[1])
    third = await play(game, users[2])
    captured = [await layer.receive(spy), await layer.receive(spy)]
    # The later push arrives first (the earlier one lost): the socket fills the gap from
    # the database, then the late and the repeated pushes are dropped.
    await layer.send(channel, captured[1])
    await layer.send(channel, captured[0])
    await layer.send(channel, captured[1])
    received = await updates(comm, third)
    assert event_seqs(received) == [second, third]
    assert received[-1]["game"]["seq"] == third
    await comm.disconnect()
