"""Integration with a real Celery worker and beat on Redis and PostgreSQL (CI runs it).

The processes use this test run's database (pytest-django, transaction=True, so what the
test writes is committed and visible to them) and a redis-server of their own test's. An
aiosmtpd server run by the test receives their emails. No timed assertions: the test waits
(generously) for outcomes and then checks counts, and nothing the test does must be done
within a game's time per move (a loaded 2-core CI machine can take seconds for a step).
"""

from __future__ import annotations

import datetime as dt
import email
from collections.abc import Iterator

import pytest
from django.db import connection

from games.models import Game, GameEvent
from tests.games.conftest import make_user, started_game
from tests.reliability.procs import RedisServer

from .helpers import vote
from .procs import (
    CeleryProcs,
    Inbox,
    database_url,
    needs_postgres_and_redis,
    wait_for,
)

pytestmark = [
    pytest.mark.slow,
    pytest.mark.django_db(transaction=True),
    needs_postgres_and_redis,
]


@pytest.fixture
def procs(smtp: tuple[int, Inbox], eager_tasks: None) -> Iterator[CeleryProcs]:
    """A worker and beat on a redis-server of this test's own; this test process runs its
    own on-commit tasks in-process (eager_tasks), so only the worker's tasks travel through
    it. Not a fixed database number of the shared Redis: under pytest-xdist two of these
    tests run at once, and on one broker queue each worker took the other's tasks (a game's
    emails sent from the other test database, or not at all) and each setup's FLUSHDB
    dropped the other's queued tasks."""
    server = RedisServer()
    server.start()
    running = CeleryProcs(database_url(connection.settings_dict), server.url(), smtp[0])
    yield running
    running.stop()
    server.stop()


def timeouts_of(game: Game) -> int:
    """Timeout moves in the log (a move's every event carries its actor kind: count one)."""
    return GameEvent.objects.filter(game=game, actor_kind="timeout", type="toy.vote_cast").count()


def subjects(inbox: Inbox) -> list[str]:
    return [str(email.message_from_string(m)["Subject"]) for m in inbox.messages]


def test_a_deadline_is_met_by_the_worker_once_and_mailed_over_smtp(
    procs: CeleryProcs, smtp: tuple[int, Inbox]
) -> None:
    _, inbox = smtp
    users = [make_user() for _ in range(2)]
    game = started_game(users, time_per_move=3, options={"rounds": 1})
    # Seat 0 votes before any sweeper runs: with a worker already up, a test process slower
    # than the 3 s per move (a loaded machine) saw both seats time out and its own vote
    # refused ("This game is finished"). Seat 1 lets the clock run out; the worker started
    # now meets its deadline (the deadline lives in the database), and that ends the game.
    vote(game, 0)
    procs.start_worker()
    procs.start_beat()
    assert wait_for(lambda: timeouts_of(game), timeout=90), procs.logs()
    over = f"Game over at table {game.table_id}"
    assert wait_for(lambda: sum(over in s for s in subjects(inbox)) >= 2, 90), procs.logs()
    # Several more sweeps run; none may apply the timeout again.
    wait_for(lambda: False, timeout=6)
    assert timeouts_of(game) == 1
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    [event] = GameEvent.objects.filter(game=game, actor_kind="timeout", type="toy.vote_cast")
    assert event.payload["vote"] == "up"  # the neutral default (RA-W2)
    assert sum(over in s for s in subjects(inbox)) == 2
    message = email.message_from_string(inbox.messages[-1])
    assert "/notifications/unsubscribe/" in str(message["List-Unsubscribe"])
    assert "/replay/" in message.get_payload()


def test_a_killed_and_restarted_worker_loses_no_timeout(procs: CeleryProcs) -> None:
    procs.start_worker()
    procs.start_beat()
    games = [
        started_game([make_user(), make_user()], time_per_move=seconds, options={"rounds": 1})
        for seconds in (2, 4, 6, 8, 10)
    ]
    started = dt.datetime.now(dt.UTC)
    # Kill it while deadlines fall due (some may be mid-sweep), keep it down past the rest.
    wait_for(lambda: dt.datetime.now(dt.UTC) > started + dt.timedelta(seconds=5), 30)
    procs.kill_worker()
    wait_for(lambda: dt.datetime.now(dt.UTC) > started + dt.timedelta(seconds=14), 30)
    procs.start_worker()

    def all_done() -> bool:
        return all(Game.objects.get(pk=g.pk).status == Game.Status.FINISHED for g in games)

    assert wait_for(all_done, timeout=120), procs.logs()
    wait_for(lambda: False, timeout=6)
    # Every seat of these games timed out exactly once (both players let time run out).
    assert [timeouts_of(g) for g in games] == [2] * len(games)
