"""Move throughput and latency through the HTTP move endpoint, against PostgreSQL and Redis,
beside a floor endpoint doing the same database writes without the engine; and the time
to load a game with a 20-event and a 2,000-event log.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/avalon REDIS_URL=redis://127.0.0.1:6379/0 \
        .venv/bin/python benchmarks/bench_moves.py --games 48 --concurrency 16 --workers 2

It creates a scratch database `<name>_bench_moves` (dropped and migrated afresh), runs the
site under uvicorn in a subprocess on 127.0.0.1 (with AVALON_BENCH_FLOOR=1, which mounts
the floor endpoint /bench/floor/<game>/; it is never mounted otherwise), and plays
`--games` five-player games of The Resistance: Avalon concurrently through
POST /api/games/<id>/moves/ with token auth, at most `--concurrency` requests in flight
(one thread per game slot, keep-alive connections). Moves are chosen from the public view
in the move responses (approve every team, play Success), so each game runs to the
assassination. Then the same number of requests go to the floor endpoint with the same
concurrency. Each prints moves/s and p50/p99 latency.

Measured on the shared 2-core development machine (load average ~4 from other work; 2
uvicorn workers, 8 requests in flight, 48 games, 1,248 moves; DB_CONN_MAX_AGE=0 because the
shared PostgreSQL allows 100 connections):
    move endpoint (engine)     42.7 moves/s   p50 181.7 ms   p99 342.6 ms
    floor (insert + update)   183.7 req/s     p50  41.2 ms   p99  74.5 ms
    load, fold + view: 20-event Resistance log 4.4 ms; 2,000-event log 144 ms
    load, cached state + view: 34-event Resistance game 2.1 ms; 2,000-event game 8.8 ms
In-process profile of one move (PostgreSQL + Redis): ~40 ms of which move_submit ~31 ms
(the broadcast of six per-seat payloads ~10 ms, the time-control steps ~10 ms, the
engine itself well under 1 ms); the rest is the fresh feed returned to the mover.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import queue
import sys
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run as a script: the project's packages below

from benchmarks.common import percentile, postgres_and_redis  # noqa: E402
from tests.served import migrate, scratch_database, uvicorn  # noqa: E402


class Client:
    """One keep-alive HTTP connection."""

    def __init__(self, port: int) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)

    def call(
        self, method: str, path: str, token: str | None, body: Any = None
    ) -> tuple[int, Any, float]:
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = f"Token {token}"
        data = json.dumps(body) if body is not None else None
        start = time.perf_counter()
        self.conn.request(method, path, body=data, headers=headers)
        response = self.conn.getresponse()
        raw = response.read()
        elapsed = time.perf_counter() - start
        try:
            body_out = json.loads(raw) if raw else None
        except ValueError:
            raise RuntimeError(f"{method} {path}: {response.status} {raw[:300]!r}") from None
        return response.status, body_out, elapsed


def next_moves(feed: dict[str, Any]) -> list[tuple[int, dict[str, Any] | None]]:
    """Moves for every pending seat from the public part of a feed (None: ask the seat)."""
    view = feed["view"]
    phase = view["phase"]
    out: list[tuple[int, dict[str, Any] | None]] = []
    for seat in feed["pending_seats"]:
        if phase == "propose":
            quest = view["quest"] or view["attemptable_quests"][0]
            size = next(q["size"] for q in view["quests"] if q["quest"] == quest)
            out.append((seat, {"type": "ra.propose_team", "team": list(range(size))}))
        elif phase == "vote":
            out.append((seat, {"type": "ra.vote", "approve": True}))
        elif phase == "quest":
            out.append((seat, {"type": "ra.play_quest_card", "success": True}))
        else:  # the Lady or the Assassin: the seat's own legal moves decide
            out.append((seat, None))
    return out


def play_game(port: int, game_id: int, tokens: dict[int, str], latencies: list[float]) -> int:
    client = Client(port)
    moves = 0
    status, feed, _ = client.call("GET", f"/api/games/{game_id}/", tokens[0])
    assert status == 200, feed
    while feed["status"] == "playing":
        for seat, move in next_moves(feed):
            if move is None:
                _, own, _ = client.call("GET", f"/api/games/{game_id}/", tokens[seat])
                move = own["legal_moves"][0]
            body = {"expected_seq": feed["seq"], "move": move}
            status, result, elapsed = client.call(
                "POST", f"/api/games/{game_id}/moves/", tokens[seat], body
            )
            assert status == 200, (status, result)
            latencies.append(elapsed)
            moves += 1
            feed = result["game"]
    return moves


def run_pool(jobs: list[Any], concurrency: int, work: Any) -> float:
    pending: queue.Queue[Any] = queue.Queue()
    for job in jobs:
        pending.put(job)
    errors: list[BaseException] = []

    def worker() -> None:
        while True:
            try:
                job = pending.get_nowait()
            except queue.Empty:
                return
            try:
                work(job)
            except BaseException as exc:  # reported after the run
                errors.append(exc)

    threads = [threading.Thread(target=worker) for _ in range(concurrency)]
    start = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if errors:
        raise errors[0]
    return time.perf_counter() - start


def report(name: str, count: int, wall: float, latencies: list[float]) -> None:
    print(
        f"{name:<28} {count:>6} requests  {count / wall:8.1f} /s  "
        f"p50 {percentile(latencies, 0.5) * 1000:7.1f} ms  "
        f"p99 {percentile(latencies, 0.99) * 1000:7.1f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=48)
    parser.add_argument("--concurrency", type=int, default=16)
    parser.add_argument("--workers", type=int, default=2, help="uvicorn worker processes")
    args = parser.parse_args()
    base_db, redis_url = postgres_and_redis()
    db_url = scratch_database(base_db, "_bench_moves")
    env = {
        **os.environ,
        "DATABASE_URL": db_url,
        "REDIS_URL": redis_url,
        "DEBUG": "0",
        "SECRET_KEY": "bench-only-secret-key-" + "x" * 40,
        "SECURE_SSL_REDIRECT": "0",
        "AVALON_BENCH_FLOOR": "1",
        "DB_CONN_MAX_AGE": "0",  # per-request connections: the ASGI default (see note)
        "LOG_LEVEL": "WARNING",
        # Load, not abuse: the per-user API rate limits would cap what is measured.
        "API_RATE_API": "",
        "API_RATE_MOVES": "",
    }
    os.environ.update(env)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "avalon_site.settings")
    migrate(env)

    import django

    django.setup()
    from benchmarks import load_times
    from benchmarks.setup_games import create_games

    print(f"setting up {args.games} five-player games...")
    games = create_games(args.games, "resistance-avalon", 5)
    floor_games = create_games(args.concurrency, "resistance-avalon", 5)

    with uvicorn(env, "--workers", str(args.workers), "--no-access-log") as port:
        # Warm every worker up (imports, connections) before timing.
        warm = Client(port)
        for _ in range(20):
            warm.call("GET", f"/api/games/{games[0][0]}/", games[0][1][0])

        latencies: list[float] = []
        counts: list[int] = []
        wall = run_pool(
            games,
            args.concurrency,
            lambda g: counts.append(play_game(port, g[0], g[1], latencies)),
        )
        moves = sum(counts)
        print(
            f"\nuvicorn workers: {args.workers}; concurrency: {args.concurrency}; "
            f"games: {len(games)} (5 players each, {moves / len(games):.1f} moves per game)"
        )
        report("move endpoint (engine)", moves, wall, latencies)

        floor_latencies: list[float] = []
        per_slot = max(1, moves // len(floor_games))

        def floor(game: tuple[int, dict[int, str]]) -> None:
            client = Client(port)
            for _ in range(per_slot):
                status, _, elapsed = client.call("POST", f"/bench/floor/{game[0]}/", None, {})
                assert status == 200, status
                floor_latencies.append(elapsed)

        floor_wall = run_pool(floor_games, args.concurrency, floor)
        report("floor (insert + update)", len(floor_latencies), floor_wall, floor_latencies)

    print()
    load_times.run()


if __name__ == "__main__":
    main()
