"""CPU of one applied timeout, in this process (issue 14, B8): the clock's batches
(clock.sweeper.sweep_batch, as a worker's `clock.sweep_more` runs them) over overdue games,
under production settings on PostgreSQL + Redis, Celery tasks queued to Redis and not run.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/avalon_x REDIS_URL=redis://127.0.0.1:6379/0 \
        .venv/bin/python -m benchmarks.profile_sweep --games 100 [--profile out.prof]

It migrates the database it is given (use a scratch one) and opens `--games` two-seat toy
games as benchmarks/bench_timeouts.py does (one seat moved, the other's deadline passed, so
each timeout is a default move that finishes its game: ratings and a notification task),
then sweeps them in batches and prints the CPU (time.process_time) and the SQL statements
per applied timeout. `--profile` writes a cProfile of the sweeps.
"""

from __future__ import annotations

import cProfile
import datetime as dt
import os
import time
from typing import Any

from benchmarks.common import command_line, profile_end, segments_module, site_here


def main() -> None:
    args = command_line(
        __doc__,
        games=100,
        profile=(None, "write a cProfile of the sweeps here"),
        no_migrate=False,
        segments=(None, "a module with install() and report(timeouts)"),
    )
    site_here(migrate=not args.no_migrate)
    from django.db import connection

    from benchmarks.setup_games import toy_games_waiting_for_seat_1
    from clock.sweeper import sweep_batch
    from games.models import Seat

    games = [game.pk for game in toy_games_waiting_for_seat_1(args.games)]
    past = dt.datetime.now(dt.UTC) - dt.timedelta(seconds=5)
    Seat.objects.filter(table__game__pk__in=games, position=1).update(deadline_at=past)

    segments = segments_module(args.segments)  # times parts of the sweep
    if segments:
        segments.install()
    profiler = cProfile.Profile(time.process_time) if args.profile else None
    statements = [0]

    def count(execute: Any, sql: str, *a: Any) -> Any:
        statements[0] += 1
        return execute(sql, *a)

    applied = batches = 0
    with connection.execute_wrapper(count):
        start = time.process_time()
        if profiler:
            profiler.enable()
        while True:
            batch = sweep_batch()
            if not batch.claimed:
                break
            applied += batch.applied
            batches += 1
        if profiler:
            profiler.disable()
        spent = time.process_time() - start
    print(
        f"{applied} timeouts in {batches} batches: CPU {1000 * spent / max(applied, 1):.2f} ms "
        f"and {statements[0] / max(applied, 1):.1f} SQL statements per timeout; "
        f"load {os.getloadavg()[0]:.2f}"
    )
    profile_end(segments, profiler, args.profile, applied)


if __name__ == "__main__":
    main()
