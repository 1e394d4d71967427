"""Timeout latency after the deadline, with a real Celery worker and beat on PostgreSQL and
Redis (issue 7 target: p99 <= 5 s, none missed, none twice).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/avalon REDIS_URL=redis://127.0.0.1:6379/0 \
        .venv/bin/python benchmarks/bench_timeouts.py --games 200 --spread 60
    # the burst of issue 14 (B8): 1,000 deadlines in the same instant
    ... bench_timeouts.py --games 1000 --spread 0

It creates a scratch database `<name>_bench_timeouts` (dropped and migrated afresh), opens
`--games` two-seat toy games where one seat moved and the other's deadline falls at a
random instant within `--spread` seconds, runs a worker and beat (and an SMTP sink for
their emails), waits until every game has its timeout, and prints the latency of each
timeout move (when the bench saw it in the log, polled twenty times a second, minus its
deadline) as p50 / p90 / p99 / max, plus missed and doubled.
Emails counted include the game-over emails and any deadline warnings the flush sends.

Measured on the 2-core development machine (200 games, deadlines over 60 s, beat every
2 s, the sweeper before issue 14): missed 0, doubled 0, p50 1.42 s, p90 1.94 s, p99 2.05 s,
max 2.09 s (times then read off the event's `created_at`).

Issue 14 (B8), the same machine shared with seven other jobs (load average 11 to 15), two
worker processes, times as seen by polling the log:
- 200 games over 60 s, beat every second and each run sleeping until the next deadline:
  missed 0, doubled 0, p50 0.21 s, p90 0.35 s, p99 0.53 s, max 0.58 s.
- 1,000 deadlines in the same instant (`--spread 0`): missed 0, doubled 0 both times, but
  the burst is bound by how many timeouts two processes apply a second (each is a whole
  move: commit, broadcast, notifications): with the sweeper before: all cleared after
  49.1 s, p99 48.8 s; with this one (SKIP LOCKED claims shared by the workers): 73.0 s,
  p99 72.3 s. Goals 10 s / 2 s / 5 s not met here.
- Batched sweeps fanned out to the workers, batched notifications (branch burst, 25
  November, load average 5.6 to 8, alternating with main in the next minutes): all cleared
  after 65.9 s (p50 34.3 s), emails all sent after 90.1 s; main: cleared after about 96 s
  (its last timeout event's time; its run was cut off before printing). Not met: on the
  loaded machine each query waits for the CPU (in process, 12 statements and 16 ms of CPU
  per timeout against 17 and 20 ms before, 15 against 40 statements with its emails).
"""

from __future__ import annotations

import datetime as dt
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run as a script: the project's packages below

from benchmarks.common import command_line, percentile, postgres_and_redis  # noqa: E402
from tests.served import migrate, scratch_database  # noqa: E402


def main() -> None:
    args = command_line(
        __doc__,
        games=200,
        spread=(60.0, "deadlines over N seconds"),
        lead=(15.0, "seconds before the first"),
        concurrency=(2, "worker processes"),
    )
    base_db, base_redis = postgres_and_redis()

    database = scratch_database(base_db, "_bench_timeouts")
    from tests.clock.procs import CeleryProcs, private_redis_url, smtp_server, wait_for

    broker = private_redis_url(base_redis, 14)
    env = {**os.environ, "DATABASE_URL": database, "REDIS_URL": broker}
    migrate(env)
    os.environ.update(
        DATABASE_URL=database,
        REDIS_URL=broker,
        EMAIL_BACKEND="django.core.mail.backends.locmem.EmailBackend",
        DJANGO_SETTINGS_MODULE="avalon_site.settings",
    )
    import logging

    import django

    django.setup()
    logging.getLogger("mail.log").setLevel(logging.WARNING)  # the SMTP sink's chatter
    import redis

    from avalon_site.celery import app
    from benchmarks.setup_games import toy_games_waiting_for_seat_1
    from games.models import Game, GameEvent, Seat

    app.conf.task_always_eager = True  # this process queues nothing; only the worker does
    redis.Redis.from_url(broker).flushdb()
    controller, inbox = smtp_server()
    procs = CeleryProcs(database, broker, controller.port)
    try:
        rng = random.Random(7)
        planned: dict[int, dt.datetime] = {}
        print(f"setting up {args.games} games ...", flush=True)
        for game in toy_games_waiting_for_seat_1(args.games):
            planned[game.pk] = dt.datetime.now(dt.UTC)  # replaced below
        start = dt.datetime.now(dt.UTC) + dt.timedelta(seconds=args.lead)
        for game_id in planned:
            planned[game_id] = start + dt.timedelta(seconds=rng.uniform(0, args.spread))
            Seat.objects.filter(table__game__pk=game_id, position=1).update(
                deadline_at=planned[game_id]
            )
        procs.start_worker(args.concurrency)
        procs.start_beat()
        print(f"worker and beat started; deadlines from {start:%H:%M:%S} ...", flush=True)

        # When each timeout is seen in the log, polled twenty times a second: the event's
        # own time is the sweep's `now`, which a sweep takes before it applies the move. A
        # poll reads only the events logged since the last one (by key: an index range),
        # so it costs the machine it measures little and reads a time to within 50 ms; it
        # once read every game's events four times a second, with two lists of 1,000 ids,
        # which cost the workers' CPU and read every time up to 0.25 s late.
        seen: dict[int, dt.datetime] = {}
        last = GameEvent.objects.order_by("-pk").values_list("pk", flat=True).first() or 0

        def finished() -> bool:
            nonlocal last
            new = GameEvent.objects.filter(
                pk__gt=last, actor_kind="timeout", type="toy.vote_cast"
            ).values_list("pk", "game_id")
            at = dt.datetime.now(dt.UTC)
            for pk, game_id in new:
                last = max(last, pk)
                if game_id in planned:
                    seen.setdefault(game_id, at)
            if len(seen) < len(planned):
                return False
            playing = Game.objects.filter(pk__in=planned, status=Game.Status.PLAYING)
            return not playing.exists()

        wait_for(finished, timeout=args.lead + args.spread + 180, every=0.05)
        finished()
        # The game-over emails (two per game) follow the timeouts: queued after them, they
        # wait while a burst is applied (notifications.tasks). When the last one is sent:
        from notifications.models import Notice

        def mailed() -> bool:
            notices = Notice.objects.filter(game_id__in=planned, kind="game_over")
            done = notices.exclude(status=Notice.Status.PENDING).count()
            return done >= 2 * len(planned)

        wait_for(mailed, timeout=120, every=0.25)
        all_mailed = dt.datetime.now(dt.UTC)
        time.sleep(6)  # a few more sweeps: a doubled timeout would show now
        rows = GameEvent.objects.filter(
            game_id__in=planned, actor_kind="timeout", type="toy.vote_cast"
        ).values_list("game_id", "created_at")
        per_game: dict[int, list[dt.datetime]] = {}
        for game_id, created in rows:
            per_game.setdefault(game_id, []).append(created)
        latencies = [(seen[g] - planned[g]).total_seconds() for g in per_game if g in seen]
        missed = len(planned) - len(per_game)
        doubled = sum(len(t) > 1 for t in per_game.values())
        print(
            f"games {len(planned)}  timeouts {len(latencies)}  missed {missed}  "
            f"doubled {doubled}  emails {len(inbox.messages)}"
        )
        if latencies:
            print(
                "latency after deadline (s): "
                f"p50 {statistics.median(latencies):.2f}  p90 {percentile(latencies, 0.9):.2f}  "
                f"p99 {percentile(latencies, 0.99):.2f}  max {max(latencies):.2f}  "
                f"min {min(latencies):.2f}"
            )
            # The burst target (issue 14 B8: all deadlines in the same second, --spread 0):
            # from the last deadline to the last timeout seen; with deadlines spread over a
            # minute, from the first one it would measure the spread.
            cleared = max(seen.values()) - max(planned.values())
            print(f"\n{'what':24} {'goal':>8} {'measured':>9} {'ratio':>6}")
            for what, goal, value in (
                ("all cleared after (s)", 10.0, cleared.total_seconds()),
                ("lateness p99 (s)", 2.0, percentile(latencies, 0.99)),
                ("lateness max (s)", 5.0, max(latencies)),
            ):
                print(f"{what:24} {goal:8.2f} {value:9.2f} {value / goal:6.2f}")
            print(f"{'missed, doubled':24} {'0, 0':>8} {f'{missed}, {doubled}':>9}")
            mailed_after = (all_mailed - min(planned.values())).total_seconds()
            over = Notice.objects.filter(game_id__in=planned, kind="game_over")
            done = over.exclude(status=Notice.Status.PENDING).count()
            print(f"{'game-over emails sent after (s)':32} {mailed_after:9.2f}")
            print(f"{'game-over notices done':32} {done:5d} of {2 * len(planned)}")
    finally:
        procs.stop()
        controller.stop()
        redis.Redis.from_url(broker).flushdb()
        from django.db import connections

        connections.close_all()


if __name__ == "__main__":
    main()
