"""CPU of one applied timeout, in this process (issue 14, B8): the clock's batches
(clock.sweeper.sweep_batch, as a worker's `clock.sweep_more` runs them) over overdue games,
under production settings on PostgreSQL + Redis, Celery tasks queued to Redis and not run.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/avalon_x REDIS_URL=redis://127.0.0.1:6379/0 \
        .venv/bin/python -m benchmarks.profile_sweep --games 100 [--profile out.prof]

It migrates the database it is given (use a scratch one) and opens `--games` two-seat toy
games as benchmarks/bench_timeouts.py does (one seat moved, the other's deadline passed, so
each timeout is a default move that finishes its game: ratings and a notification task),
then sweeps them in batches and prints the CPU (time.process_time), the CPU of the
connection's PostgreSQL backend (from /proc, when the server runs on this machine), the
wall time and the SQL statements per applied timeout. `--profile` writes a cProfile of the
sweeps.
"""

from __future__ import annotations

import cProfile
import datetime as dt
import os
import time
from pathlib import Path
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

    import clock.sweeper as _sweeper
    from benchmarks.setup_games import toy_games_waiting_for_seat_1
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
    backend = _backend_cpu(connection)
    with connection.execute_wrapper(count):
        wall = time.perf_counter()
        start = time.process_time()
        if profiler:
            profiler.enable()
        while True:
            batch = _sweeper.sweep_batch()
            if not batch.claimed:
                break
            applied += batch.applied
            batches += 1
        if profiler:
            profiler.disable()
        spent = time.process_time() - start
        wall = time.perf_counter() - wall
    backend = _backend_cpu(connection) - backend
    per = 1000 / max(applied, 1)
    print(
        f"{applied} timeouts in {batches} batches: CPU {per * spent:.2f} ms "
        f"(PostgreSQL's backend {per * backend:.2f} ms, wall {per * wall:.2f} ms) "
        f"and {statements[0] / max(applied, 1):.1f} SQL statements per timeout; "
        f"load {os.getloadavg()[0]:.2f}"
    )
    profile_end(segments, profiler, args.profile, applied)


def _backend_cpu(connection: Any) -> float:
    """CPU seconds (user + system) of this connection's PostgreSQL backend so far, from
    /proc when the server runs on this machine (else 0: not measured)."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        pid = cursor.fetchone()[0]
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


if __name__ == "__main__":
    main()
