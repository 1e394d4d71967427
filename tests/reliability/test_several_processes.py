"""The production stack as separate OS processes: the Procfile's release step, two uvicorn
web processes on two ports, a Celery worker and Celery beat (django-celery-beat's scheduler),
on this run's PostgreSQL test database and a Redis database of their own, with DEBUG=0 and
requests arriving as from a TLS-terminating proxy (X-Forwarded-Proto: https).

Five players of The Resistance: Avalon each hold the game's JSON websocket, seats alternating
between the two web processes. Moves go over the HTTP API, alternating between the processes
too; chat is posted through each process; then a seat lets its deadline pass and the worker,
driven by beat's sweeper, plays the timeout. Every seat must receive every commit live, with
exactly the log it may see (checked against the database), both chat messages, and the
timeout. Only the channel layer in Redis can carry a commit of one process (or of the
worker) to a socket held by another, so this is what the test proves.

No timed assertions: the test waits (generously) for outcomes and then checks them.
"""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Iterator
from contextlib import ExitStack
from functools import partial
from typing import Any

import pytest
import redis
from django.db import connection
from django.test import Client
from rest_framework.authtoken.models import Token
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect
from websockets.typing import Origin

from games.models import Game, GameEvent, Presence, Table
from games.selectors import events_after
from tests.clock.procs import (
    ProductionStack,
    database_url,
    http_json,
    needs_postgres_and_redis,
    private_redis_url,
    tasks_run_here,
    wait_for,
)
from tests.games.conftest import make_user, seat_users, started_game

REDIS_URL = os.environ.get("REDIS_URL", "")
PRIVATE_REDIS_DB = 11  # the spawned processes' broker, channel layer and cache
SECRET_KEY = "several-processes-test-key-shared-by-the-test-and-the-stack"
TIME_PER_MOVE = 8  # seconds: room to play over HTTP, short enough to wait for a timeout
PLAYERS = 5
MOVES = 8  # the first quest: a proposal, five votes and two quest cards
PROXY = {"X-Forwarded-Proto": "https"}  # as nginx sends it (docs/deploy.md)

pytestmark = [
    pytest.mark.slow,
    pytest.mark.django_db(transaction=True),
    needs_postgres_and_redis,
]


class LiveSeat:
    """One seat's JSON websocket (`?format=json`); a thread keeps every message it gets."""

    def __init__(self, conn: ClientConnection, base: str, seat: int) -> None:
        self.conn, self.base, self.seat = conn, base, seat
        self.messages: list[dict[str, Any]] = []
        threading.Thread(target=self._read, daemon=True).start()

    @staticmethod
    def connect(base: str, game_id: int, session: str) -> ClientConnection:
        """The connection (a context manager) of the user whose session cookie is given."""
        return connect(
            base.replace("http", "ws", 1) + f"/ws/games/{game_id}/?format=json",
            origin=Origin(base),  # Channels checks it against ALLOWED_HOSTS
            additional_headers={"Cookie": f"sessionid={session}", **PROXY},
            proxy=None,
            open_timeout=30,
        )

    def _read(self) -> None:
        try:
            while True:
                self.messages.append(json.loads(self.conn.recv()))
        except ConnectionClosed:
            pass

    def of_type(self, kind: str) -> list[dict[str, Any]]:
        return [m for m in list(self.messages) if m.get("type") == kind]

    def feed_seqs(self) -> list[int]:
        """The seq of every update received, the first (the connect's full state) included."""
        return [int(m["game"]["seq"]) for m in self.of_type("update")]

    def events(self, upto: int) -> list[dict[str, Any]]:
        return [e for m in self.of_type("update") for e in m["events"] if e["seq"] <= upto]

    def chat_bodies(self) -> set[str]:
        return {m["message"]["body"] for m in self.of_type("chat")}


@pytest.fixture
def stack(settings: Any) -> Iterator[ProductionStack]:
    # Sessions made here (force_login) are signed with the key the web processes use.
    settings.SECRET_KEY = SECRET_KEY
    # Nobody logs in with a password here: the slow hasher would only cost time.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    broker = private_redis_url(REDIS_URL, PRIVATE_REDIS_DB)
    redis.Redis.from_url(broker).flushdb()
    running = ProductionStack(
        database_url(connection.settings_dict),
        broker,
        DEBUG="0",
        SECRET_KEY=SECRET_KEY,
        ALLOWED_HOSTS="127.0.0.1",
    )
    try:
        with tasks_run_here():
            yield running
    finally:
        running.stop()
        redis.Redis.from_url(broker).flushdb()


def healthy(base: str) -> Any:
    try:
        status, body = http_json(f"{base}/healthz", headers=PROXY, timeout=5)
    except OSError:
        return None  # not listening yet
    return body if status == 200 else None


class Player:
    """A seated user speaking to the HTTP API with their token."""

    def __init__(self, token: str, game_id: int, table_id: int) -> None:
        self.headers = {"Authorization": f"Token {token}", **PROXY}
        self.game_url = f"/api/games/{game_id}/"
        self.chat_url = f"/api/tables/{table_id}/chat/post/"

    def feed(self, base: str) -> dict[str, Any]:
        status, body = http_json(base + self.game_url, headers=self.headers)
        assert status == 200, body
        return dict(body)

    def first_legal_move(self, base: str) -> tuple[int, Any]:
        """Play the first legal move; (status, body). 409: a timeout got in first."""
        feed = self.feed(base)
        move = {"move": feed["legal_moves"][0], "expected_seq": feed["seq"]}
        return http_json(base + self.game_url + "moves/", body=move, headers=self.headers)

    def chat(self, base: str, body: str) -> None:
        status, answer = http_json(base + self.chat_url, body={"body": body}, headers=self.headers)
        assert status == 201, answer


def test_the_stack_as_separate_processes_delivers_every_update_live(
    stack: ProductionStack,
) -> None:
    # Worker and beat boot while the release step (migrate, collectstatic) runs: pytest-django
    # migrated this database already, so they wait on nothing. The web processes start
    # after it, as the Procfile orders (whitenoise indexes the static files at start).
    stack.start_worker()
    stack.start_beat()
    stack.release()
    bases = [stack.start_web(), stack.start_web()]
    users = [make_user() for _ in range(PLAYERS)]
    for base in bases:
        health = wait_for(partial(healthy, base), timeout=60, every=0.5)
        assert health, stack.logs()
        assert health["mode"] == "production"
        assert set(health["checks"].values()) == {"ok"}
        # DEBUG=0: a request that did not come through TLS is sent to https.
        status, _ = http_json(f"{base}/healthz")
        assert status == 301

    game = started_game(
        users,
        slug="resistance-avalon",
        time_per_move=TIME_PER_MOVE,
        timeout_policy=Table.TimeoutPolicy.DEFAULT_MOVE,
    )
    by_seat = seat_users(game)
    players = {
        seat: Player(Token.objects.create(user=user).key, game.pk, game.table_id)
        for seat, user in by_seat.items()
    }
    with ExitStack() as opened:
        sockets: list[LiveSeat] = []
        for seat, user in sorted(by_seat.items()):
            client = Client()
            client.force_login(user)
            # Seat 0 on the first process, seat 1 on the second, and so on.
            base = bases[seat % 2]
            conn = opened.enter_context(
                LiveSeat.connect(base, game.pk, client.cookies["sessionid"].value)
            )
            sockets.append(LiveSeat(conn, base, seat))
        assert wait_for(lambda: all(s.feed_seqs() for s in sockets), 30), stack.logs()
        start = game.state_seq
        assert {s.feed_seqs()[0] for s in sockets} == {start}

        # Moves over HTTP, alternating between the two processes.
        played = dict.fromkeys(bases, 0)
        while sum(played.values()) < MOVES:
            base = bases[sum(played.values()) % 2]
            pending = players[0].feed(base)["pending_seats"]
            status, body = players[pending[0]].first_legal_move(base)
            assert status in (200, 409), body
            if status == 200:
                played[base] += 1
        assert all(played.values())

        # Chat through each process reaches the seats held by both.
        players[0].chat(bases[0], "Posted through the first process.")
        players[1].chat(bases[1], "Posted through the second process.")
        said = {"Posted through the first process.", "Posted through the second process."}
        assert wait_for(lambda: all(s.chat_bodies() == said for s in sockets), 30), [
            s.chat_bodies() for s in sockets
        ]

        # Nobody plays on: beat's sweeper finds the overdue seat and the worker plays it.
        def first_timeout() -> GameEvent | None:
            return GameEvent.objects.filter(game=game, actor_kind="timeout").order_by("seq").first()

        timeout = wait_for(first_timeout, timeout=60, every=0.5)
        assert timeout is not None, stack.logs()
        assert wait_for(lambda: all(max(s.feed_seqs()) >= timeout.seq for s in sockets), 30), (
            stack.logs() + repr([s.feed_seqs() for s in sockets]) + repr(timeout.seq)
        )

    # Every process handled its sockets' close: their presence rows are gone.
    assert wait_for(lambda: not Presence.objects.filter(game=game).exists(), 30), stack.logs()

    # The window checked: from the start to the commit that carried the first timeout.
    upto = min(seq for seq in sockets[0].feed_seqs() if seq >= timeout.seq)
    game.refresh_from_db()
    seen: set[int] = set()
    for s in sockets:
        seqs = [seq for seq in s.feed_seqs() if seq <= upto]
        assert seqs == sockets[0].feed_seqs()[: len(seqs)], "every seat saw the same commits"
        assert seqs == sorted(set(seqs)), "in order, none twice"
        assert seqs[-1] == upto, "up to the last commit"
        pushed = s.events(upto)
        # Exactly the log this seat may see, as the database redacts it for the seat.
        expected = [e for e in events_after(game, start, s.seat) if e["seq"] <= upto]
        assert pushed == json.loads(json.dumps(expected)), f"seat {s.seat}"
        assert any(e["actor_kind"] == "timeout" for e in pushed), f"seat {s.seat}"
        seen |= {e["seq"] for e in pushed}
    assert seen == set(range(start + 1, upto + 1)), "every seq reached the seats"
    assert len(sockets[0].feed_seqs()[1:]) >= MOVES + 1  # the moves and the timeout, live
    assert Game.objects.get(pk=game.pk).status == Game.Status.PLAYING
