"""Where a watched move's CPU goes, over HTTP (issue 14, B1 "watched"): bench_moves.py's
watched setup (five- or ten-player games of The Resistance, every seat's page and
`--spectators` anonymous pages open over websockets, moves POSTed through the API with
`--concurrency` in flight) with every process's CPU read from /proc before and after the
moves: each server process thread by thread (the event loop, which parses HTTP and
websocket frames, deflates and reads the channel layer; the sync threads, which run the
views, the renders and the queries), Redis, the PostgreSQL backends of the scratch database
and this load generator (its socket thread and its HTTP threads apart). Also counted per
move: the messages the sockets received, Redis's commands by name, and the scratch
database's transactions and rows read and written.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/avalon REDIS_URL=redis://127.0.0.1:6379/0 \\
        .venv/bin/python -m benchmarks.breakdown_watched --games 6 --players 5
"""

from __future__ import annotations

import contextlib
import os
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.bench_moves import move_run  # noqa: E402
from benchmarks.common import command_line, scratch_site  # noqa: E402
from benchmarks.serving import load_average, serve, settle  # noqa: E402

TICK = os.sysconf("SC_CLK_TCK")


def _stat(path: str) -> tuple[str, float] | None:
    try:
        text = Path(path).read_text()
    except OSError:
        return None
    name = text[text.index("(") + 1 : text.rindex(")")]
    fields = text.rsplit(")", 1)[1].split()
    return name, (int(fields[11]) + int(fields[12])) / TICK


def _tree(pid: int) -> list[int]:
    out, stack = [], [pid]
    while stack:
        p = stack.pop()
        out.append(p)
        with contextlib.suppress(OSError):
            stack.extend(int(c) for c in Path(f"/proc/{p}/task/{p}/children").read_text().split())
    return out


def redis_pid() -> int:
    import redis

    client = redis.Redis.from_url(os.environ["REDIS_URL"])
    return int(client.info("server")["process_id"])


def redis_commands() -> Counter[str]:
    import redis

    client = redis.Redis.from_url(os.environ["REDIS_URL"])
    stats = client.info("commandstats")
    return Counter({k.removeprefix("cmdstat_"): int(v["calls"]) for k, v in stats.items()})


def pg_backends() -> list[int]:
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = current_database() "
            "AND pid <> pg_backend_pid()"
        )
        return [row[0] for row in cursor.fetchall()]


def pg_counts() -> dict[str, int]:
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT xact_commit, tup_returned, tup_fetched, tup_inserted, tup_updated, "
            "tup_deleted FROM pg_stat_database WHERE datname = current_database()"
        )
        row = cursor.fetchone()
    names = ("commits", "returned", "fetched", "inserted", "updated", "deleted")
    return dict(zip(names, row, strict=True))


def snapshot(server_pids: tuple[int, ...], pool: Any) -> dict[str, Any]:
    cpu: dict[str, float] = {}
    for root in server_pids:
        for pid in _tree(root):
            # The event loop is the main thread; the views run in threads made per request
            # (asgiref's ThreadSensitiveContext), gone by the end: the process's total less
            # its main thread.
            total = _stat(f"/proc/{pid}/stat")
            main = _stat(f"/proc/{pid}/task/{pid}/stat")
            if total and main:
                cpu[f"server {pid} loop"] = main[1]
                cpu[f"server {pid} threads"] = total[1] - main[1]
    got = _stat(f"/proc/{redis_pid()}/stat")
    cpu["redis"] = got[1] if got else 0.0
    for pid in pg_backends():
        got = _stat(f"/proc/{pid}/stat")
        if got:
            cpu[f"postgres {pid}"] = got[1]
    # The HTTP threads end with the run (their CPU stays in the process's own count).
    total = _stat(f"/proc/{os.getpid()}/stat")
    sockets = _stat(f"/proc/{os.getpid()}/task/{pool.thread.native_id}/stat")
    cpu["loadgen sockets"] = sockets[1] if sockets else 0.0
    cpu["loadgen http+main"] = (total[1] if total else 0.0) - cpu["loadgen sockets"]
    return {
        "cpu": cpu,
        "redis": redis_commands(),
        "pg": pg_counts(),
        "messages": sum(w.messages for w in pool.watchers),
        "wall": time.monotonic(),
    }


def main() -> None:
    args = command_line(
        __doc__,
        games=6,
        players=5,
        concurrency=8,
        spectators=3,
        layout="gunicorn-uvicorn",
        workers=2,
        no_sockets=False,
        warm_games=(0, "games played before the measure, to warm the workers"),
        json_sockets=(False, "programs' JSON sockets, not pages (no HTML rendered)"),
    )
    env = scratch_site("_breakdown", AVALON_BENCH_FLOOR="1", API_RATE_MOVES="")
    from rest_framework.authtoken.models import Token

    from benchmarks.setup_games import create_games
    from benchmarks.sockets import SocketPool, session_for

    games = create_games(args.games, "resistance-avalon", args.players)
    warm = create_games(args.warm_games, "resistance-avalon", args.players)
    with serve(args.layout, env, args.workers) as served:
        pool = SocketPool()
        try:
            specs: list[tuple[int, str | None, bool]] = []
            for game_id, tokens in games:
                for token in tokens.values():
                    user = Token.objects.get(key=token).user
                    specs.append((game_id, session_for(user), args.json_sockets))
                specs.extend((game_id, None, args.json_sockets) for _ in range(args.spectators))
            if not args.no_sockets:
                pool.open_many(served.ws_port, specs)
            else:
                specs = []
            time.sleep(1.0)
            if args.warm_games:
                move_run("warm", served.http_port, warm, args.concurrency, served.pids)
            settle(served.pids)
            before = snapshot(served.pids, pool)
            row = move_run("watched", served.http_port, games, args.concurrency, served.pids)
            time.sleep(2.0)  # the last pushes arrive
            settle(served.pids, timeout=20)
            after = snapshot(served.pids, pool)
        finally:
            pool.close()
    moves = row.count
    print(row.line(), f"({len(specs)} sockets; {load_average()})")
    print(f"\nCPU per move (ms), {moves} moves, wall {after['wall'] - before['wall']:.1f} s:")
    groups: Counter[str] = Counter()
    for key, value in sorted(after["cpu"].items()):
        used = (value - before["cpu"].get(key, 0.0)) * 1000 / moves
        if used <= 0:
            continue
        print(f"  {key:<48} {used:7.2f}")
        group = key.split()[0]
        if group == "server":
            group += " " + key.split()[-1]
        groups[group] += used
    print("by kind:")
    for group, used in groups.most_common():
        print(f"  {group:<48} {used:7.2f}")
    print(f"  {'total':<48} {sum(groups.values()):7.2f}")
    received = (after["messages"] - before["messages"]) / moves
    print(f"socket messages received per move: {received:.1f}")
    print("Redis commands per move:")
    for name, calls in (after["redis"] - before["redis"]).most_common():
        print(f"  {name:<24} {calls / moves:7.2f}")
    print("PostgreSQL per move:")
    for name, value in after["pg"].items():
        print(f"  {name:<24} {(value - before['pg'][name]) / moves:7.2f}")


if __name__ == "__main__":
    main()
