"""B1: moves over HTTP against the best-served framework floor, in one run, on PostgreSQL +
Redis; and the time to load a game with a 20-event and a 2,000-event log.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/avalon REDIS_URL=redis://127.0.0.1:6379/0 \
        .venv/bin/python benchmarks/bench_moves.py --games 16 --concurrency 8

It creates a scratch database `<name>_bench_moves` (dropped and migrated afresh) and, for
each serving layout of benchmarks/serving.py (uvicorn; gunicorn with uvicorn workers;
gunicorn sync workers for HTTP beside uvicorn for websockets), starts the site (with
AVALON_BENCH_FLOOR=1, which mounts the floor endpoint /bench/floor/<game>/: one minimal
view doing a move's writes in one transaction, under the site's middleware; never mounted
otherwise) and measures:
- the floor: as many requests as the move run made, `--concurrency` in flight;
- moves: `--games` five-player games of The Resistance: Avalon played to the end through
  POST /api/games/<id>/moves/ with token auth, at most `--concurrency` requests in flight
  (one thread per slot, keep-alive connections), no websocket open.
With `--rounds N`, N rounds of both on fresh games, alternating which runs first; each
rate is the median of its rounds, each p99 over all their requests, and the unwatched
goal reads the median of the rounds' moves/floor shares, each round's two runs side by
side (the machine's speed drifts between rounds more than within one). Then, in the layout
that served moves best, the same with every seat's page open (HTML
websockets, logged in) and `--spectators` anonymous spectators per game, for five- and
ten-player games: the fan-out is counted.

The load generator is this process (threads on keep-alive connections, in its own process
beside the servers; on a 2-core machine it shares the cores with them, as any client on the
same box does). Each row prints requests/s, p50, p99, 2xx and the event rows the database
gained beside the events the 2xx replies say they appended (they must be equal: each 2xx
appended its events and nothing else wrote any; a move may append more than one). The goals
table compares each figure with the best floor of the same run. Report the load average.
"""

from __future__ import annotations

import http.client
import json
import queue
import statistics
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run as a script: the project's packages below

from benchmarks.common import command_line, in_turns, percentile, scratch_site  # noqa: E402
from benchmarks.serving import LAYOUTS, cpu_seconds, load_average, serve, settle  # noqa: E402


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


def play_game(
    port: int, game_id: int, tokens: dict[int, str], latencies: list[float]
) -> tuple[int, int]:
    """Play the game to its end: (moves, events the 2xx replies say they appended)."""
    client = Client(port)
    moves = applied = 0
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
            assert status == 200, (status, result)  # a 2xx, counted by the caller
            latencies.append(elapsed)
            moves += 1
            applied += int(result["applied_events"])
            feed = result["game"]
    return moves, applied


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


@dataclass
class Row:
    name: str
    count: int
    wall: float
    latencies: list[float]
    events: int = -1  # event rows the database gained (-1: not counted)
    applied: int = -1  # events the 2xx replies say they appended
    cpu_ms: float = 0.0  # server CPU per request
    rates: tuple[float, ...] = ()  # per round, when merged from rounds (merge)

    @property
    def rate(self) -> float:
        return statistics.median(self.rates) if self.rates else self.count / self.wall

    def p(self, share: float) -> float:
        return percentile(self.latencies, share) * 1000

    def line(self) -> str:
        events = "" if self.events < 0 else f"  events {self.events}/{self.applied}"
        rounds = (
            f"  (median of {', '.join(f'{r:.1f}' for r in self.rates)})"
            if len(self.rates) > 1
            else ""
        )
        return (
            f"{self.name:<40} {self.count:>5} x 2xx {self.rate:8.1f} /s  "
            f"p50 {self.p(0.5):7.1f} ms  p99 {self.p(0.99):7.1f} ms  "
            f"cpu {self.cpu_ms:5.1f} ms/req{events}{rounds}"
        )


def merge(name: str, rows: list[Row]) -> Row:
    """Rounds of one measure as one row: the median of their rates, all their latencies
    (p50, p99), their events and CPU summed."""
    count = sum(r.count for r in rows)
    counted = [r for r in rows if r.events >= 0]
    return Row(
        name,
        count,
        sum(r.wall for r in rows),
        [x for r in rows for x in r.latencies],
        sum(r.events for r in counted) if counted else -1,
        sum(r.applied for r in counted) if counted else -1,
        sum(r.cpu_ms * r.count for r in rows) / max(1, count),
        tuple(r.rate for r in rows),
    )


def event_rows(game_ids: list[int]) -> int:
    from games.models import GameEvent

    return GameEvent.objects.filter(game_id__in=game_ids).count()


def floor_run(port: int, games: list[Any], requests: int, concurrency: int, pids: Any) -> Row:
    latencies: list[float] = []
    per_slot = max(1, requests // len(games))

    def floor(game: tuple[int, dict[int, str]]) -> None:
        client = Client(port)
        for _ in range(per_slot):
            status, _, elapsed = client.call("POST", f"/bench/floor/{game[0]}/", None, {})
            assert status == 200, status
            latencies.append(elapsed)

    cpu = cpu_seconds(pids)
    wall = run_pool(games, concurrency, floor)
    used = cpu_seconds(pids) - cpu
    return Row("floor", len(latencies), wall, latencies, cpu_ms=used * 1000 / len(latencies))


def move_run(name: str, port: int, games: list[Any], concurrency: int, pids: Any) -> Row:
    ids = [g[0] for g in games]
    before = event_rows(ids)
    latencies: list[float] = []
    counts: list[tuple[int, int]] = []
    cpu = cpu_seconds(pids)
    wall = run_pool(
        games, concurrency, lambda g: counts.append(play_game(port, g[0], g[1], latencies))
    )
    used = cpu_seconds(pids) - cpu
    moves = sum(m for m, _ in counts)
    gained = event_rows(ids) - before
    return Row(name, moves, wall, latencies, gained, sum(a for _, a in counts), used * 1000 / moves)


def watched_run(
    name: str,
    served: Any,
    games: list[Any],
    concurrency: int,
    spectators: int,
    json_sockets: bool = False,
) -> tuple[Row, int]:
    """Moves with every seat's page and `spectators` anonymous pages open per game (or, with
    `json_sockets`, programs' JSON sockets in their place: the updates sent, no HTML)."""
    from rest_framework.authtoken.models import Token

    from benchmarks.sockets import SocketPool, session_for

    pool = SocketPool()
    try:
        specs: list[tuple[int, str | None, bool]] = []
        for game_id, tokens in games:
            for token in tokens.values():
                user = Token.objects.get(key=token).user
                specs.append((game_id, session_for(user), json_sockets))
            specs.extend((game_id, None, json_sockets) for _ in range(spectators))
        pool.open_many(served.ws_port, specs)
        time.sleep(1.0)  # presence pushes settle
        settle(served.pids)
        row = move_run(name, served.http_port, games, concurrency, served.pids)
        time.sleep(2.0)  # the last pushes arrive
    finally:
        pool.close()
    return row, len(specs)


def main() -> None:
    args = command_line(
        __doc__,
        games=16,
        concurrency=8,
        workers=(2, "server processes for HTTP"),
        sync_workers=(4, "gunicorn sync workers (one request each)"),
        layouts=",".join(LAYOUTS),
        watched_games=(4, "per player count"),
        spectators=(3, "per watched game"),
        rounds=(1, "moves and floor rounds per layout, alternating which runs first"),
        no_load_times=False,
        json_sockets=(False, "watched: programs' JSON sockets, not pages (no HTML rendered)"),
    )
    env = scratch_site("_bench_moves", AVALON_BENCH_FLOOR="1", API_RATE_MOVES="")
    from benchmarks import load_times
    from benchmarks.setup_games import create_games

    layouts = [name for name in args.layouts.split(",") if name]
    print(f"setting up games for {len(layouts)} layout(s)... ({load_average()})")
    plans = {
        name: [
            (
                create_games(args.games, "resistance-avalon", 5),
                create_games(args.concurrency, "resistance-avalon", 5),
            )
            for _ in range(args.rounds)
        ]
        for name in layouts
    }
    watched = {
        players: create_games(args.watched_games, "resistance-avalon", players)
        for players in (5, 10)
        if args.watched_games  # 0: the unwatched moves and the floor alone
    }

    rows: dict[str, tuple[Row, Row]] = {}
    # Per layout, each round's moves rate over the floor's of the same round: run seconds
    # apart, a pair shares the machine's speed of the moment, which drifts between rounds.
    pairs: dict[str, list[float]] = {}
    for name in layouts:
        workers = args.sync_workers if name == "gunicorn-sync" else args.workers
        with serve(name, env, workers) as served:
            first_games = plans[name][0][0]
            warm = Client(served.http_port)
            for _ in range(20):
                warm.call("GET", f"/api/games/{first_games[0][0]}/", first_games[0][1][0])
            settle(served.pids)  # every worker started, none still importing
            # Rounds of moves and floor on fresh games, alternating which runs first: one
            # floor run lasts half a second, and this machine's speed drifts over less.
            move_rows: list[Row] = []
            floor_rows: list[Row] = []
            for n, run in in_turns(args.rounds, "moves", "floor"):
                games, floor_games = plans[name][n]
                if run == "moves":
                    move_rows.append(
                        move_run(name, served.http_port, games, args.concurrency, served.pids)
                    )
                else:
                    requests = move_rows[0].count if move_rows else args.games * 26
                    floor_rows.append(
                        floor_run(
                            served.http_port, floor_games, requests, args.concurrency, served.pids
                        )
                    )
            moves = merge(f"{name}: moves", move_rows)
            floor = merge(f"{name}: floor", floor_rows)
            rows[name] = (moves, floor)
            pairs[name] = [m.rate / f.rate for m, f in zip(move_rows, floor_rows, strict=True)]
            print(f"\n{name} ({workers} workers; concurrency {args.concurrency}; {load_average()})")
            print(moves.line())
            print(floor.line())
            shares = ", ".join(f"{share:.2f}" for share in pairs[name])
            print(f"{name}: moves/floor in each round: {shares}")

    best_floor = max((floor for _, floor in rows.values()), key=lambda r: r.rate)
    best_moves = max((moves for moves, _ in rows.values()), key=lambda r: r.rate)
    best_layout = best_moves.name.split(":")[0]
    print(f"\nbest floor: {best_floor.name}; best moves: {best_moves.name}")

    watched_rows: list[tuple[Row, int]] = []
    workers = args.sync_workers if best_layout == "gunicorn-sync" else args.workers
    for players, games in watched.items():
        with serve(best_layout, env, workers) as served:
            label = f"{best_layout}: moves, {players}p watched"
            row, sockets = watched_run(
                label, served, games, args.concurrency, args.spectators, args.json_sockets
            )
            watched_rows.append((row, sockets))
            print(f"{row.line()}  ({sockets} sockets; {load_average()})")

    print(f"\nB1 goals against the best floor of this run ({best_floor.name}, {load_average()})")
    # "ratio" is the measure over its goal (>= 1 is met, or <= 1 for the p99), not a share of
    # the floor: the shares of the floor are the "(moves/floor)" lines.
    print(f"{'goal':<52} {'measured':>12} {'ratio':>7}")

    def goal(text: str, measured: float, target: float, unit: str = "/s") -> None:
        print(f"{'goal ' + text:<52} {measured:>9.1f} {unit:<2} {measured / target:>7.2f}")

    share = best_moves.rate / best_floor.rate
    same_layout = best_moves.name.split(":")[0] == best_floor.name.split(":")[0]
    if same_layout and len(pairs[best_layout]) > 1:
        # The median of the rounds' pairs: the steadier reading of the same share (each
        # rate's median alone pairs a fast round's moves with a slow round's floor).
        paired = statistics.median(pairs[best_layout])
        goal("moves, no socket >= 50% of floor", paired * best_floor.rate, 0.5 * best_floor.rate)
        print(f"{'  (moves/floor, median of the rounds side by side)':<52} {paired:>12.2f}")
        print(f"{'  (median moves rate / median floor rate)':<52} {share:>12.2f}")
    else:
        goal("moves, no socket >= 50% of floor", best_moves.rate, 0.5 * best_floor.rate)
        print(f"{'  (moves/floor)':<52} {share:>12.2f}")
    for row, sockets in watched_rows:
        goal(
            f"{row.name.split(': ')[1]} ({sockets} sockets) >= 30%", row.rate, 0.3 * best_floor.rate
        )
        print(f"{'  (moves/floor)':<52} {row.rate / best_floor.rate:>12.2f}")
    p99_floor = best_floor.p(0.99)
    goal(
        "p99 moves <= 2x floor p99 (ms; ratio <= 1 is met)", best_moves.p(0.99), 2 * p99_floor, "ms"
    )
    for row in [best_moves, *(r for r, _ in watched_rows)]:
        verdict = "yes" if row.events == row.applied else "NO"
        label = f"goal events == 2xx ({row.count} moves): {row.name}"
        print(f"{label:<64} {row.events:>5} / {row.applied:<5} {verdict:>4}")

    if not args.no_load_times:
        print()
        load_times.run()


if __name__ == "__main__":
    main()
