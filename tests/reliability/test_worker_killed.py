"""R1 and R17: a Celery worker killed with SIGKILL in the middle of a batch of due
timeouts, then restarted beside a second worker, so two sweepers run at once.

Deadlines live in the database (clock.sweeper), so nothing the dead worker held is needed:
the next sweep finds what is still overdue. Every due timeout must be applied exactly once,
none for a seat that moved in time, none missed. The broker is a private redis-server; the
workers use this run's test database.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from collections.abc import Iterator

import pytest
from django.db import connection, transaction

from clock.sweeper import overdue_game_ids
from games.models import Game, GameEvent, Seat
from tests.clock.helpers import vote
from tests.clock.procs import (
    CeleryProcs,
    Inbox,
    database_url,
    needs_postgres,
    wait_for,
)
from tests.games.conftest import make_user, started_game

from .procs import RedisServer

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True), needs_postgres]

GAMES = 30
SEATS = 3
DUE_IN = dt.timedelta(seconds=6)


@pytest.fixture
def workers(
    redis_server: RedisServer, smtp: tuple[int, Inbox], transactional_db: None
) -> Iterator[list[CeleryProcs]]:
    """Two worker harnesses on the private broker (the first one also runs beat)."""
    procs = [
        CeleryProcs(database_url(connection.settings_dict), redis_server.url(), smtp[0])
        for _ in range(2)
    ]
    yield procs
    for p in procs:
        p.kill_worker()  # no warm shutdown to wait for: the test is over
        p.stop()


def votes() -> list[GameEvent]:
    return list(GameEvent.objects.filter(type="toy.vote_cast"))


def test_a_worker_killed_mid_batch_loses_and_repeats_no_timeout(workers) -> None:
    first, second = workers
    players = [make_user() for _ in range(SEATS)]  # the same three at every table (fast)
    games = [started_game(players, time_per_move=3600, options={"rounds": 1}) for _ in range(GAMES)]
    # One batch: every seat falls due at the same instant ...
    deadline = dt.datetime.now(dt.UTC) + DUE_IN
    Seat.objects.filter(table__game__in=games).update(deadline_at=deadline)
    # ... except the seats that move in time (one in every third game, another seat each).
    moved_in_time = {(g.pk, i % SEATS) for i, g in enumerate(games) if i % 3 == 0}
    for game_id, position in moved_in_time:
        vote(Game.objects.get(pk=game_id), position)
    due = GAMES * SEATS - len(moved_in_time)

    def timeouts() -> int:
        return GameEvent.objects.filter(actor_kind="timeout", type="toy.vote_cast").count()

    # One due game is held locked by this test until the kill, so the batch cannot finish
    # before it however fast the worker is (the sweeper skips a locked game, R17): the kill
    # always leaves work behind, and usually lands while other timeouts are in flight.
    held = games[1]
    with transaction.atomic():
        Game.objects.select_for_update().get(pk=held.pk)
        first.start_worker()
        first.start_beat()
        # SIGKILL (worker and its pool at once) once the batch is under way.
        assert wait_for(lambda: timeouts() >= 5, 120, every=0.02), first.logs()
        first.kill_worker()
        applied_before_kill = timeouts()
    assert applied_before_kill < due, "the worker finished the batch before the kill"
    assert held.pk in overdue_game_ids(dt.datetime.now(dt.UTC))  # work left in the database

    # Restart, with a second worker: two sweepers on the same overdue games at once.
    first.start_worker()
    second.start_worker()

    finished = wait_for(
        lambda: not Game.objects.filter(pk__in=[g.pk for g in games], status="playing").exists(),
        120,
    )
    assert finished, first.logs() + second.logs()
    wait_for(lambda: False, 5)  # more sweeps run (beat every second): none may apply again

    cast = votes()
    per_seat = Counter((e.game_id, e.actor_seat) for e in cast)
    assert set(per_seat.values()) == {1}  # one vote per seat: none twice, none missed
    assert len(per_seat) == GAMES * SEATS
    by_kind = {(e.game_id, e.actor_seat): e.actor_kind for e in cast}
    assert {k for k, kind in by_kind.items() if kind == "player"} == moved_in_time
    assert sum(kind == "timeout" for kind in by_kind.values()) == due
    assert Counter((e.game_id, e.seq) for e in cast).most_common(1)[0][1] == 1
    lateness = [(e.created_at - deadline).total_seconds() for e in cast if e.actor_kind != "player"]
    assert min(lateness) >= 0  # nothing applied before its deadline
