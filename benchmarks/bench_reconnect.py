"""A reconnect storm: every game page's websocket opening at once, as after a deploy
restarts the servers, on PostgreSQL + Redis.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/avalon REDIS_URL=redis://127.0.0.1:6379/0 \\
        .venv/bin/python benchmarks/bench_reconnect.py --games 100 --rounds 3

`--games` five-player games of The Resistance: Avalon, each with all five seats' pages
open (logged in), `--watchers` logged-in spectators and as many anonymous ones, all in HTML
mode (the page). The sockets are opened once (the warm-up), closed, and then opened again
all together `--rounds` times, `--batch` at a time without waiting for one another (the
pages' reconnects). Each round prints the server's CPU per socket opened (its connect,
and the presence notices it makes every other socket at its table render), the storm's
wall-clock length, how long a page waited for its state (p50, p99), and how many messages
beyond its page a socket received while the others came back.

The load generator (one asyncio thread in this process) runs beside the server on the
same cores: read the CPU figure, counted on the server's processes only, before the
wall-clock ones.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run as a script: the project's packages below

from benchmarks.bench_fanout import wait_idle  # noqa: E402
from benchmarks.common import command_line, percentile, scratch_site  # noqa: E402
from benchmarks.serving import Served, cpu_seconds, load_average, serve  # noqa: E402
from benchmarks.sockets import SocketPool, session_for  # noqa: E402


def specs_of(
    games: list[tuple[int, dict[int, str]]], watchers: int
) -> list[tuple[int, str | None, bool]]:
    """Every seat's page, `watchers` logged-in spectators' and as many anonymous ones."""
    from rest_framework.authtoken.models import Token

    from benchmarks.setup_games import user_with_token

    specs: list[tuple[int, str | None, bool]] = []
    for game_id, tokens in games:
        for seat in sorted(tokens):
            specs.append((game_id, session_for(Token.objects.get(key=tokens[seat]).user), False))
        for _ in range(watchers):
            specs.append((game_id, session_for(user_with_token()[0]), False))
            specs.append((game_id, None, False))
    return specs


def storm(
    served: Served, specs: list[tuple[int, str | None, bool]], batch: int
) -> dict[str, float]:
    pool = SocketPool()
    pids = served.pids
    try:
        wait_idle(pids)
        cpu, started = cpu_seconds(pids), time.monotonic()
        watchers = pool.open_many(served.ws_port, specs, batch=batch)
        opened = time.monotonic() - started
        time.sleep(1.0)
        wait_idle(pids)  # the presence notices the storm set off, rendered and sent
        used = cpu_seconds(pids) - cpu
        waits = [w.opened_in for w in watchers]
        extra = sum(w.messages - 1 for w in watchers) / len(watchers)
    finally:
        pool.close()
        time.sleep(1.0)
        wait_idle(pids)  # the closes' own presence work, not counted in the next round
    return {
        "cpu_ms": used * 1000 / len(specs),
        "wall_s": opened,
        "p50_ms": percentile(waits, 0.5) * 1000,
        "p99_ms": percentile(waits, 0.99) * 1000,
        "extra": extra,
    }


def main() -> None:
    args = command_line(__doc__, games=100, watchers=2, rounds=3, batch=100, workers=2)
    env = scratch_site("_bench_reconnect")
    from benchmarks.setup_games import create_games

    print(f"setting up {args.games} games... ({load_average()})")
    specs = specs_of(create_games(args.games, "resistance-avalon", 5), args.watchers)
    with serve("uvicorn", env, args.workers) as served:
        storm(served, specs, args.batch)  # warm-up: imports, templates, connections
        print(
            f"\nreconnect storm on uvicorn, {args.workers} workers: {len(specs)} sockets "
            f"({args.games} games x 5 seats + {2 * args.watchers} spectators), "
            f"{args.batch} at a time ({load_average()})"
        )
        for n in range(args.rounds):
            r = storm(served, specs, args.batch)
            print(
                f"round {n + 1}: server CPU per socket {r['cpu_ms']:6.2f} ms   storm "
                f"{r['wall_s']:5.1f} s   page wait p50 {r['p50_ms']:7.1f} ms  p99 "
                f"{r['p99_ms']:7.1f} ms   messages beyond the page {r['extra']:5.1f} per socket"
            )
    print(f"({load_average()})")


if __name__ == "__main__":
    main()
