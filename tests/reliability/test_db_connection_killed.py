"""R13: the database connection dies in the middle of a move.

A fault injected inside move_submit's transaction (an in-transaction hook, which runs after
the events are inserted and before COMMIT) terminates the request's own PostgreSQL backend
from a second connection (`pg_terminate_backend`). Whatever the interface (API, page form,
websocket) the caller gets a retryable 503 in the project's error shape, nothing is written
(no event, no receipt, seq unchanged), nothing is broadcast, and a retry with the same
idempotency key applies the move exactly once.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import psycopg
import pytest
from channels.layers import get_channel_layer
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.db import connection
from django.test import Client
from rest_framework.test import APIClient

from games.models import Game, GameEvent, MoveReceipt, Presence
from games.routing import websocket_urlpatterns
from games.services import broadcast, commit
from tests.clock.procs import database_url, needs_postgres
from tests.games.conftest import make_user, seat_users, started_game

pytestmark = [pytest.mark.django_db(transaction=True), needs_postgres]

VOTE = {"type": "toy.vote", "choice": "up"}


@pytest.fixture
def kill_next_move(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Arm a one-shot fault: the next move's own backend is terminated mid-transaction.
    Yields the pids it killed."""
    killed: list[int] = []

    def terminate_own_backend(committed: Any) -> None:
        if killed:
            return
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_backend_pid()")
            pid = cursor.fetchone()[0]
        with psycopg.connect(database_url(connection.settings_dict), autocommit=True) as other:
            # Waits (up to 10 s) until the backend is gone, not only signalled.
            other.execute("SELECT pg_terminate_backend(%s, 10000)", (pid,))
        killed.append(pid)

    monkeypatch.setattr(commit, "IN_TRANSACTION", (*commit.IN_TRANSACTION, terminate_own_backend))
    return killed


def snapshot(game: Game) -> tuple[int, int, int]:
    game.refresh_from_db()
    return game.state_seq, GameEvent.objects.filter(game=game).count(), MoveReceipt.objects.count()


class SeatInbox:
    """A channel of the (in-memory) layer in the seat's group: what a socket would get."""

    def __init__(self, game: Game, seat: int) -> None:
        self.layer = get_channel_layer()
        self.channel = asyncio.run(self._join(broadcast.seat_group(game.pk, seat)))
        # Present, as a socket's connect makes it (a group nobody listens to is not sent to).
        user = game.table.seats.get(position=seat).user
        assert user is not None
        Presence.objects.create(channel_name=self.channel, game=game, user=user)

    async def _join(self, group: str) -> str:
        channel: str = await self.layer.new_channel()
        await self.layer.group_add(group, channel)
        return channel

    def updates(self) -> list[dict[str, Any]]:
        """The game updates received since last asked (presence notices aside)."""
        return [m for m in self._drain() if m["type"] == "game.update"]

    def _drain(self) -> list[dict[str, Any]]:
        async def read() -> list[dict[str, Any]]:
            out = []
            while True:
                try:
                    out.append(await asyncio.wait_for(self.layer.receive(self.channel), 0.3))
                except TimeoutError:
                    return out

        return asyncio.run(read())


@dataclass
class Move:
    """A started toy game about to get its seat 0's vote: the player, what that seat's
    sockets would receive, and the game's (seq, events, receipts) before the move."""

    game: Game
    me: Any
    inbox: SeatInbox
    before: tuple[int, int, int]

    def assert_retryable_and_nothing_written(self, killed: list[int]) -> None:
        assert len(killed) == 1  # the fault did fire inside the move
        assert snapshot(self.game) == self.before
        assert self.inbox.updates() == []

    def assert_applied_once(self) -> None:
        seq, events, receipts = snapshot(self.game)
        assert (seq, events, receipts) == tuple(n + 1 for n in self.before)
        assert [u["payload"]["seq"] for u in self.inbox.updates()] == [seq]


@pytest.fixture
def move() -> Move:
    game = started_game([make_user() for _ in range(3)])
    return Move(game, seat_users(game)[0], SeatInbox(game, 0), snapshot(game))


def test_api_move_gets_503_then_a_retry_applies_once(move: Move, kill_next_move) -> None:
    api = APIClient()
    api.force_authenticate(move.me)
    url = f"/api/games/{move.game.pk}/moves/"
    body = {"move": VOTE, "expected_seq": move.game.state_seq, "idempotency_key": "r13-api"}

    response = api.post(url, body, format="json")
    assert response.status_code == 503, response.content
    assert response.json()["error"]["code"] == "unavailable"
    assert response.json()["error"]["message"]
    assert response["Retry-After"]
    move.assert_retryable_and_nothing_written(kill_next_move)

    for _ in range(2):  # the retry applies; a second retry answers the same, applies nothing
        response = api.post(url, body, format="json")
        assert response.status_code == 200, response.content
        assert response.json()["seq"] == move.before[0] + 1
    move.assert_applied_once()


def test_page_form_move_gets_503_then_a_retry_applies_once(move: Move, kill_next_move) -> None:
    page = Client()
    page.force_login(move.me)
    url = f"/games/{move.game.pk}/move/"
    form = {"move": json.dumps(VOTE), "expected_seq": move.game.state_seq, "idempotency_key": "r13"}

    response = page.post(url, form)
    assert response.status_code == 503
    assert response["Retry-After"]
    move.assert_retryable_and_nothing_written(kill_next_move)

    for _ in range(2):
        assert page.post(url, form).status_code == 302
    move.assert_applied_once()


def test_websocket_move_gets_503_then_a_retry_applies_once(move: Move, kill_next_move) -> None:
    game = move.game
    message = {"type": "move", "move": VOTE, "expected_seq": game.state_seq}

    async def play(times: int) -> list[dict[str, Any]]:
        comm = WebsocketCommunicator(
            URLRouter(websocket_urlpatterns), f"/ws/games/{game.pk}/?format=json"
        )
        comm.scope["user"] = move.me
        assert (await comm.connect(timeout=10))[0]
        replies = []
        for _ in range(times):
            await comm.send_json_to({**message, "idempotency_key": "r13-ws"})
            while (reply := await comm.receive_json_from(timeout=20))["type"] not in (
                "error",
                "move_result",
            ):
                pass
            replies.append(reply)
        await comm.disconnect()
        return replies

    run: Callable[[int], list[dict[str, Any]]] = lambda n: asyncio.run(play(n))  # noqa: E731
    [failed] = run(1)
    assert (failed["type"], failed["status"]) == ("error", 503), failed
    assert failed["error"]["code"] == "unavailable"
    move.assert_retryable_and_nothing_written(kill_next_move)

    replies = run(2)
    assert [(r["type"], r["seq"]) for r in replies] == [("move_result", move.before[0] + 1)] * 2
    move.assert_applied_once()
