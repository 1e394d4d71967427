"""A hundred concurrent submissions of the same move apply it exactly once (real threads,
real transactions, PostgreSQL row locks)."""

from __future__ import annotations

import threading
from collections import Counter

import pytest
from django.db import connection, connections

from games.models import GameEvent
from games.services.errors import StaleSeq
from games.services.moves import move_submit

from .conftest import make_user, seat_users, started_game

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks need PostgreSQL"),
]

THREADS = 100
# PostgreSQL here allows 100 connections shared with other test runs: at most this many
# threads hold one at a time; all hundred still race for the same row lock.
CONNECTIONS = 30


@pytest.mark.parametrize("with_key", [False, True])
def test_a_hundred_concurrent_submissions_apply_once(with_key: bool) -> None:
    users = [make_user() for _ in range(3)]
    game = started_game(users)
    me = seat_users(game)[0]
    seq = game.state_seq
    barrier = threading.Barrier(THREADS)
    outcomes: list[str] = []
    lock = threading.Lock()
    pool = threading.BoundedSemaphore(CONNECTIONS)

    def submit() -> None:
        try:
            barrier.wait()
            with pool:
                try:
                    move_submit(
                        game=game,
                        user=me,
                        move_json={"type": "toy.vote", "choice": "up"},
                        expected_seq=seq,
                        idempotency_key="same-key" if with_key else None,
                    )
                finally:
                    connections.close_all()
            result = "applied"
        except StaleSeq:
            result = "stale"
        except Exception as exc:  # any other outcome is a failure of the test
            result = f"error {type(exc).__name__}: {exc}"
        with lock:
            outcomes.append(result)

    threads = [threading.Thread(target=submit) for _ in range(THREADS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    counts = Counter(outcomes)
    assert sum(counts.values()) == THREADS
    if with_key:
        # Every repeat of the key gets the first result back.
        assert counts == {"applied": THREADS}
    else:
        assert counts == {"applied": 1, "stale": THREADS - 1}
    assert GameEvent.objects.filter(game=game, seq__gt=seq).count() == 1
    game.refresh_from_db()
    assert game.state_seq == seq + 1
