"""B7: memory per idle game-page websocket, with 1,000 idle sockets in one server process,
on PostgreSQL + Redis.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/avalon REDIS_URL=redis://127.0.0.1:6379/0 \\
        .venv/bin/python benchmarks/bench_socket_memory.py --sockets 1000

One uvicorn process (no worker processes: the sockets all live in it). `--warm` sockets are
opened first (imports, templates, connections: memory paid once), the process's resident
size read, then the rest up to `--sockets`, all anonymous spectators of public five-player
games of The Resistance: Avalon in HTML mode (the page; each got the whole page once on
connect), spread over `--games` games. The resident size grown per socket after the warm-up
is the figure (goal: at most 250 kB). Then the process's CPU is read over `--idle` seconds
with every socket idle: what holding pages open costs with nobody moving (their heartbeats,
games.consumers.beat), the usual state of a play-by-web site.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run as a script: the project's packages below

from benchmarks.common import command_line, scratch_site  # noqa: E402
from benchmarks.serving import cpu_seconds, load_average, rss_bytes, serve  # noqa: E402
from benchmarks.sockets import SocketPool  # noqa: E402

GOAL_BYTES = 250 * 1024


def main() -> None:
    args = command_line(__doc__, sockets=1000, warm=100, games=20, idle=20.0)
    env = scratch_site("_bench_memory")
    from benchmarks.setup_games import create_games

    games = [g for g, _ in create_games(args.games, "resistance-avalon", 5)]

    def specs(count: int, offset: int) -> list[tuple[int, str | None, bool]]:
        return [(games[(offset + i) % len(games)], None, False) for i in range(count)]

    pool = SocketPool()
    with serve("uvicorn", env, 1) as served:
        pid = served.pids[0]
        try:
            pool.open_many(served.ws_port, specs(args.warm, 0))
            time.sleep(2.0)
            before = rss_bytes(pid)
            rest = args.sockets - args.warm
            pool.open_many(served.ws_port, specs(rest, args.warm))
            time.sleep(5.0)  # idle: heartbeats only
            after = rss_bytes(pid)
            open_now = sum(1 for w in pool.watchers if w.conn is not None and w.messages)
            cpu, started = cpu_seconds(served.pids), time.monotonic()
            time.sleep(args.idle)
            idle_cpu = (cpu_seconds(served.pids) - cpu) / (time.monotonic() - started)
        finally:
            pool.close()
    per_socket = (after - before) / max(1, rest)
    print(f"\nB7 one uvicorn process ({load_average()})")
    print(
        f"{'sockets open (each got its page)':<44} {open_now:>8}   goal {args.sockets}  "
        f"ratio {open_now / args.sockets:5.2f}"
    )
    print(
        f"{'resident size, after warm-up / all':<44} {before / 2**20:7.1f} MB / "
        f"{after / 2**20:.1f} MB"
    )
    print(
        f"{'memory per idle socket':<44} {per_socket / 1024:7.1f} kB   goal <= "
        f"{GOAL_BYTES // 1024} kB  ratio {per_socket / GOAL_BYTES:5.2f}"
    )
    print(
        f"{'server CPU, every socket idle':<44} {idle_cpu * 1000:7.1f} ms/s "
        f"({idle_cpu * 1e6 / max(1, open_now):.1f} µs/s per socket)"
    )


if __name__ == "__main__":
    main()
