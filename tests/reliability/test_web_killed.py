"""R14: the web process killed (kill -9) under load.

The site runs under uvicorn on PostgreSQL (channels-redis on a private redis-server). A
small load generator (threads, a bounded number of moves) plays several games over the
HTTP API; mid-load the server's whole process group gets SIGKILL, and it is started again
on the same port. A client that got no answer repeats its request with the same
idempotency key, as the API asks. Every move that got a 2xx must be in the log, and for
every game the fold of the log must equal the cached state.
"""

from __future__ import annotations

import threading
import time
import uuid
from dataclasses import dataclass, field
from typing import Any

import pytest

from games.log import definition_of, encode_state, replay
from games.models import Game, GameEvent, MoveReceipt
from tests.clock.procs import needs_postgres, wait_for
from tests.games.conftest import make_user, seat_users, started_game

from .conftest import api_token
from .procs import Background, RedisServer, http

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True), needs_postgres]

GAMES = 12
SEATS = 3
ROUNDS = 5
THREADS = 6
MOVES = GAMES * SEATS * ROUNDS
KILL_AFTER = MOVES // 3
GIVE_UP_SECONDS = 120


@dataclass
class Load:
    """What the clients saw: every 2xx (game, seat, key, seq), and the requests that got
    no answer at all (the server died under them) before a retry succeeded."""

    base: str
    ok: list[tuple[int, int, str, int]] = field(default_factory=list)
    unanswered: int = 0
    retried_keys: set[str] = field(default_factory=set)
    lock: threading.Lock = field(default_factory=threading.Lock)
    end: float = field(default_factory=lambda: time.monotonic() + GIVE_UP_SECONDS)

    def move(self, game_id: int, seat: int, token: str, seq: int) -> int:
        """One vote, repeated with its key until answered; returns the new seq."""
        key = uuid.uuid4().hex
        body: dict[str, Any] = {
            "move": {"type": "toy.vote", "choice": "up"},
            "expected_seq": seq,
            "idempotency_key": key,
        }
        while time.monotonic() < self.end:
            status, answer = http(self.base, "POST", f"/api/games/{game_id}/moves/", body, token)
            if status == 200:
                with self.lock:
                    self.ok.append((game_id, seat, key, int(answer["seq"])))
                return int(answer["seq"])
            # No answer (killed, not back yet) or 503 (starting): the same request again.
            assert status in (0, 502, 503), (status, answer)
            with self.lock:
                self.unanswered += 1
                self.retried_keys.add(key)
            time.sleep(0.1)
        raise AssertionError(f"game {game_id}: no answer within {GIVE_UP_SECONDS} s")

    def play(self, game_id: int, tokens: dict[int, str], seq: int) -> None:
        for _ in range(ROUNDS):
            for seat in range(SEATS):
                seq = self.move(game_id, seat, tokens[seat], seq)


def assert_log_folds_to_cache(game: Game) -> None:
    rows = GameEvent.objects.filter(game=game).order_by("seq")
    seqs, state = [], None
    for row, _event, after in replay(definition_of(game), rows.iterator()):
        seqs.append(row.seq)
        state = after
    assert seqs == list(range(1, game.state_seq + 1)), game.pk
    assert encode_state(state) == game.state, game.pk


def test_every_acknowledged_move_survives_a_killed_server(
    redis_server: RedisServer, site_factory
) -> None:
    players = [make_user() for _ in range(SEATS)]  # the same three at every table
    games = [started_game(players, options={"rounds": ROUNDS}) for _ in range(GAMES)]
    token_of = {user.pk: api_token(user) for user in players}
    # Seats are dealt in random order: each game's seat -> its player's token.
    seats_of = {
        g.pk: {seat: token_of[user.pk] for seat, user in seat_users(g).items()} for g in games
    }
    site = site_factory(redis_server.url())
    load = Load(site.base)

    queue = list(games)
    queue_lock = threading.Lock()

    def worker() -> None:
        while True:
            with queue_lock:
                if not queue:
                    return
                game = queue.pop()
            load.play(game.pk, seats_of[game.pk], game.state_seq)

    threads = [Background(worker) for _ in range(THREADS)]
    assert wait_for(lambda: len(load.ok) >= KILL_AFTER, 90, every=0.01), site.logs()
    site.kill()
    time.sleep(1)
    site.start()
    for t in threads:
        t.join(GIVE_UP_SECONDS)

    assert len(load.ok) == MOVES
    for game_id, seat, key, seq in load.ok:
        receipt = MoveReceipt.objects.get(game_id=game_id, key=key)
        assert receipt.result["seq"] == seq
        assert GameEvent.objects.filter(
            game_id=game_id, seq=seq - receipt.result["applied_events"] + 1, actor_seat=seat
        ).exists()
    assert GameEvent.objects.filter(type="toy.vote_cast").count() == MOVES  # none twice
    for game in Game.objects.filter(pk__in=[g.pk for g in games]):
        assert game.status == Game.Status.FINISHED
        assert_log_folds_to_cache(game)
