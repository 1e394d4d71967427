"""CPU of one applied timeout, in this process (issue 14, B8): the clock's batches
(clock.sweeper.sweep_batch, as a worker's `clock.sweep_more` runs them) over overdue games,
under production settings on PostgreSQL + Redis, Celery tasks queued to Redis and not run.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/avalon_x REDIS_URL=redis://127.0.0.1:6379/0 \
        .venv/bin/python benchmarks/profile_sweep.py --games 100 [--profile out.prof]

It migrates the database it is given (use a scratch one) and opens `--games` two-seat toy
games as benchmarks/bench_timeouts.py does (one seat moved, the other's deadline passed, so
each timeout is a default move that finishes its game: ratings and a notification task),
then sweeps them in batches and prints the CPU (time.process_time), the CPU of the
connection's PostgreSQL backend (from /proc, when the server runs on this machine), the
wall time and the SQL statements per applied timeout. `--profile` writes a cProfile of the
sweeps.
"""

from __future__ import annotations

import argparse
import cProfile
import datetime as dt
import itertools
import os
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run as a script: the project's packages below

from benchmarks.common import postgres_and_redis, site_env  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--profile", help="write a cProfile of the sweeps here")
    parser.add_argument("--no-migrate", action="store_true")
    parser.add_argument("--segments", help="a module with install() and report(timeouts)")
    args = parser.parse_args()
    database, redis = postgres_and_redis()
    site_env(database, redis)

    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection

    if not args.no_migrate:
        call_command("migrate", verbosity=0)
    import clock.sweeper as _sweeper
    from accounts.models import User
    from benchmarks import setup_games
    from benchmarks.setup_games import toy_games_waiting_for_seat_1
    from games.models import Seat

    setup_games._serial = itertools.count(User.objects.count())  # fresh names
    games = [game.pk for game in toy_games_waiting_for_seat_1(args.games)]
    past = dt.datetime.now(dt.UTC) - dt.timedelta(seconds=5)
    Seat.objects.filter(table__game__pk__in=games, position=1).update(deadline_at=past)

    segments = None
    if args.segments:
        import importlib.util

        spec = importlib.util.spec_from_file_location("segments", args.segments)
        assert spec
        assert spec.loader
        segments = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(segments)
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
    if segments:
        segments.report(applied)
    if profiler and args.profile:
        profiler.dump_stats(args.profile)


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
