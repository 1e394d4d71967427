"""Two sweepers at once apply each timeout exactly once.

On PostgreSQL two threads (two connections) sweep the same overdue games at the same moment:
the game row claim (FOR UPDATE SKIP LOCKED) and the expected_seq make the loser a no-op.
Everywhere, a sweeper acting on what it saw before another one applied is a no-op too."""

from __future__ import annotations

import datetime as dt
import threading
from collections.abc import Callable

import pytest
from django.db import connection

from clock.sweeper import overdue_game_ids, sweep, sweep_game
from games.models import GameEvent
from tests.games.conftest import make_user, started_game


def timeout_moves() -> int:
    return GameEvent.objects.filter(actor_kind="timeout", type="toy.vote_cast").count()


def at_once(work: Callable[[], int], threads: int) -> int:
    """Runs `work` in `threads` threads released together (each on its own database
    connection) and returns the sum of what they applied; an error in any is raised."""
    barrier = threading.Barrier(threads)
    applied: list[int] = []
    errors: list[BaseException] = []

    def run() -> None:
        try:
            barrier.wait()
            applied.append(work())
        except BaseException as exc:  # surfaced below; a thread must not swallow it
            errors.append(exc)
        finally:
            connection.close()

    running = [threading.Thread(target=run) for _ in range(threads)]
    for t in running:
        t.start()
    for t in running:
        t.join()
    assert errors == []
    return sum(applied)


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(
    connection.vendor != "postgresql", reason="row locks need PostgreSQL (SQLite serialises)"
)
def test_two_concurrent_sweepers_apply_each_timeout_once() -> None:
    games = [
        started_game([make_user() for _ in range(3)], time_per_move=300, options={"rounds": 1})
        for _ in range(6)
    ]
    later = dt.datetime.now(dt.UTC) + dt.timedelta(seconds=301)
    applied = at_once(lambda: sweep(now=later), threads=2)
    # Every seat of every game timed out exactly once, whichever sweeper applied it.
    assert timeout_moves() == 3 * len(games)
    assert applied == 3 * len(games)
    assert sweep(now=later) == 0


@pytest.mark.django_db
def test_a_sweeper_acting_on_an_old_picture_is_a_no_op(clock) -> None:
    game = started_game([make_user(), make_user()], time_per_move=300)
    clock.shift(dt.timedelta(seconds=301))
    now = dt.datetime.now(dt.UTC)
    seen = overdue_game_ids(now)  # sweeper A looks ...
    assert seen == [game.pk]
    assert sweep(now=now) == 2  # ... sweeper B applies both timeouts first ...
    assert sweep_game(game.pk, now) == 0  # ... then A acts on what it saw: nothing happens
    assert timeout_moves() == 2


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(
    connection.vendor != "postgresql", reason="row locks need PostgreSQL (SQLite serialises)"
)
def test_workers_sharing_a_burst_in_batches_apply_each_timeout_once(settings) -> None:
    """Three sweep_more chains at once (three worker processes fanned out to), small
    batches: their claims are disjoint (SKIP LOCKED) and each re-reads under its locks, so
    every timeout is applied once, whichever chain claimed the game."""
    from clock.sweeper import sweep_batch

    settings.CLOCK_SWEEP_BATCH = 2
    games = [
        started_game([make_user(), make_user()], time_per_move=300, options={"rounds": 1})
        for _ in range(9)
    ]
    later = dt.datetime.now(dt.UTC) + dt.timedelta(seconds=301)

    def chain() -> int:
        applied = 0
        while True:
            batch = sweep_batch(now=later)
            applied += batch.applied
            if not batch.claimed:
                return applied

    applied = at_once(chain, threads=3)
    assert timeout_moves() == 2 * len(games)
    assert applied == 2 * len(games)
    assert sweep(now=later) == 0
