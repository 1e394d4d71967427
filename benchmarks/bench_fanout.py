"""B3: how soon a move reaches every open game page, on PostgreSQL + Redis, and what each
extra open page costs the server per move.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/avalon REDIS_URL=redis://127.0.0.1:6379/0 \\
        .venv/bin/python benchmarks/bench_fanout.py --games 200 --seconds 30

Two runs on the site under uvicorn (`--workers` processes), each game paced at one move per
second through the HTTP move endpoint (a thread per game in this process):
- many small games: `--games` five-player games of The Resistance: Avalon with four seats'
  pages open (HTML websockets, logged in), each game at its own even share of the second
  (`--in-step`: each from when its thread starts, so that their moves come in bursts, as
  before the twenty-eighth pass); then, with `--rates 50,75,100`, as many fresh games
  paced at each of these moves a second in all (the load within which the site keeps the
  goal's p99);
- one busy table: a ten-player game with every seat's page open and `--spectators`
  anonymous spectators; then another such table with one spectator, to read the server's
  CPU per move per extra socket off the difference (both render the spectators' view);
  `--rounds` pairs of these two, each on fresh tables, alternating which runs first
  (the medians' difference, and the busy table's p99 over all its moves).
With `--acks`, each seat's page acknowledges every update it receives ({"type": "seen"}), as
the site's page does when it shows one. Commit to receipt: from the event's created_at
(stamped when the commit starts, read back from the database after the run) to the moment
each socket got the update carrying that seq (the clocks are the same machine's). Every
figure is printed with its goal and the load average.
"""

from __future__ import annotations

import statistics
import sys
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run as a script: the project's packages below

from benchmarks.bench_moves import Client, next_moves  # noqa: E402
from benchmarks.common import command_line, in_turns, percentile, scratch_site  # noqa: E402
from benchmarks.serving import cpu_seconds, load_average, serve  # noqa: E402
from benchmarks.sockets import SocketPool, Watcher, session_for  # noqa: E402


def paced_play(
    port: int,
    game_id: int,
    tokens: dict[int, str],
    until: float,
    moves: list[int],
    interval: float = 1.0,
    start: float | None = None,
) -> None:
    """One move every `interval` seconds (or slower, when the server lags) before `until`,
    or to the game's end: the first at `start`, or `interval` from now when None."""
    client = Client(port)
    _, feed, _ = client.call("GET", f"/api/games/{game_id}/", tokens[0])
    next_at = time.monotonic() if start is None else start - interval
    while feed["status"] == "playing" and time.monotonic() < until:
        seat, move = next_moves(feed)[0]
        if move is None:
            _, own, _ = client.call("GET", f"/api/games/{game_id}/", tokens[seat])
            move = own["legal_moves"][0]
        next_at += interval
        if start is not None and next_at >= until:
            break  # no move past the end (paced in step, one more, as before)
        if next_at - time.monotonic() > 2.0:
            # The server closes a connection idle for 5 s (uvicorn's keep-alive): a player
            # who comes back later opens a new one.
            client.conn.close()
        time.sleep(max(0.0, next_at - time.monotonic()))
        body = {"expected_seq": feed["seq"], "move": move}
        status, result, _ = client.call("POST", f"/api/games/{game_id}/moves/", tokens[seat], body)
        assert status == 200, (status, result)
        moves.append(1)
        feed = result["game"]


def run_games(
    port: int, games: list[Any], seconds: float, rate: float | None = None, in_step: bool = False
) -> int:
    """The games paced for `seconds`, `rate` moves a second in all (None: a move a second
    each), each game at its own even share of the period, as games that are not played in
    step; `in_step`, each paced from when its thread starts, as before the twenty-eighth
    pass (the games' moves then come in bursts)."""
    moves: list[int] = []
    paces: list[tuple[float, float | None]]
    interval = len(games) / (rate or len(games))
    if in_step:
        until = time.monotonic() + seconds
        paces = [(interval, None)] * len(games)
    else:
        start = time.monotonic() + 1.0  # every thread has read its game by then
        until = start + seconds
        paces = [(interval, start + n * interval / len(games)) for n in range(len(games))]
    threads = [
        threading.Thread(target=paced_play, args=(port, g, tokens, until, moves, *pace))
        for (g, tokens), pace in zip(games, paces, strict=True)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return len(moves)


def latencies(watchers: list[Watcher]) -> list[float]:
    """Commit (the event's created_at) to receipt, per socket and update, in seconds."""
    from games.models import GameEvent

    game_ids = {w.game_id for w in watchers}
    created = {
        (g, seq): at.timestamp()
        for g, seq, at in GameEvent.objects.filter(game_id__in=game_ids).values_list(
            "game_id", "seq", "created_at"
        )
    }
    out = []
    for w in watchers:
        for seq, arrived in w.wall_arrivals.items():
            at = created.get((w.game_id, seq))
            if at is not None and w.messages > 1:
                out.append(arrived - at)
    return out


def scenario(
    served: Any,
    games: list[Any],
    seats_open: int,
    spectators: int,
    seconds: float,
    acks: bool = False,
    json_sockets: bool = False,
    rate: float | None = None,
    in_step: bool = False,
) -> tuple[list[float], int, float, int]:
    """(latencies, moves, server CPU per move in ms, sockets) of one paced run (run_games)."""
    from rest_framework.authtoken.models import Token

    pool = SocketPool(acks=acks)
    try:
        specs: list[tuple[int, str | None, bool]] = []
        for game_id, tokens in games:
            for seat in sorted(tokens)[:seats_open]:
                user = Token.objects.get(key=tokens[seat]).user
                specs.append((game_id, session_for(user), json_sockets))
            specs.extend((game_id, None, json_sockets) for _ in range(spectators))
        watchers = pool.open_many(served.ws_port, specs)
        time.sleep(2.0)  # presence pushes settle
        # The server may still be busy with the scenario before: 800 sockets closing each
        # mark a seat offline and push it. Its CPU would be counted as this run's.
        wait_idle(served.pids)
        for w in watchers:
            w.arrivals.clear()
            w.wall_arrivals.clear()
        cpu = cpu_seconds(served.pids)
        moves = run_games(served.http_port, games, seconds, rate, in_step)
        used = cpu_seconds(served.pids) - cpu
        time.sleep(2.0)  # the last pushes arrive
    finally:
        pool.close()
    return latencies(watchers), moves, used * 1000 / max(1, moves), len(specs)


def wait_idle(pids: tuple[int, ...], share: float = 0.03, give_up: float = 60.0) -> None:
    """Wait until the server's processes use under `share` of a core over half a second."""
    until = time.monotonic() + give_up
    while time.monotonic() < until:
        before = cpu_seconds(pids)
        time.sleep(0.5)
        if cpu_seconds(pids) - before < share * 0.5:
            return


def show(name: str, values: list[float], goal_ms: float, moves: int, sockets: int) -> None:
    if not values:
        print(f"{name}: no update received")
        return
    p50, p99 = percentile(values, 0.5) * 1000, percentile(values, 0.99) * 1000
    print(
        f"{name:<44} {sockets:>5} sockets {moves:>5} moves  p50 {p50:7.1f} ms  "
        f"p99 {p99:7.1f} ms  goal p99 <= {goal_ms:.0f} ms  ratio {p99 / goal_ms:5.2f}"
    )


def main() -> None:
    args = command_line(
        __doc__,
        games=200,
        seconds=30.0,
        spectators=20,
        workers=2,
        no_deflate=(False, "serve the websockets without permessage-deflate"),
        acks=(False, "seats' pages acknowledge each update, as the site's page does"),
        rounds=(1, "busy-table pairs, alternating which runs first (medians and pooled p99)"),
        json_sockets=(False, "programs' JSON sockets, not pages (no HTML rendered)"),
        rates=("", "then as many fresh games paced at these moves a second in all"),
        in_step=(False, "the many games each paced from its own start, in step (as before)"),
    )
    rates = [float(r) for r in args.rates.split(",") if r]
    env = scratch_site("_bench_fanout", API_RATE_MOVES="")
    from benchmarks.setup_games import create_games

    print(f"setting up {args.games} games... ({load_average()})")
    small = create_games(args.games, "resistance-avalon", 5)
    slower = [create_games(args.games, "resistance-avalon", 5) for _ in rates]
    busy = create_games(2 * args.rounds, "resistance-avalon", 10)

    with serve("uvicorn", env, args.workers, ws_deflate=not args.no_deflate) as served:
        values, moves, cpu_small, sockets = scenario(
            served, small, 4, 0, args.seconds, args.acks, args.json_sockets, None, args.in_step
        )
        target = args.games * args.seconds
        deflate = "no permessage-deflate" if args.no_deflate else "permessage-deflate"
        variant = ", seats acknowledge" if args.acks else ""
        variant += ", programs' JSON sockets (no HTML)" if args.json_sockets else ""
        variant += ", the many games in step" if args.in_step else ""
        print(f"\nB3 on uvicorn, {args.workers} workers, {deflate}{variant} ({load_average()})")
        show(f"{args.games} games x 4 seats, 1 move/s each", values, 100, moves, sockets)
        print(
            f"{'':<44} moves made {moves} of {target:.0f} paced ({moves / target:.2f}); "
            f"server CPU per move {cpu_small:.1f} ms"
        )
        # As many games at a lower pace, each on fresh games (a game lasts ~26 moves here):
        # the site's capacity within the goal's p99.
        for rate, paced_games in zip(rates, slower, strict=True):
            values, moves, cpu, sockets = scenario(
                served,
                paced_games,
                4,
                0,
                args.seconds,
                args.acks,
                args.json_sockets,
                rate,
                args.in_step,
            )
            name = f"{args.games} games x 4 seats, {rate:g} moves/s in all"
            show(name, values, 100, moves, sockets)
            paced = rate * args.seconds
            print(
                f"{'':<44} moves made {moves} of {paced:.0f} paced ({moves / paced:.2f}); "
                f"server CPU per move {cpu:.1f} ms"
            )

        # The busy table with `--spectators` and with one, in pairs (a fresh table each),
        # alternating which runs first: the per-socket figure is a small difference of two
        # CPU readings, and a machine whose speed drifts moved it by more than the goal.
        values, fulls, ones, moves = [], [], [], 0
        for n, run in in_turns(args.rounds, "crowded", "alone"):
            if run == "crowded":
                got, made, cpu, sockets = scenario(
                    served,
                    busy[2 * n : 2 * n + 1],
                    10,
                    args.spectators,
                    args.seconds,
                    args.acks,
                    args.json_sockets,
                )
                values, moves = values + got, moves + made
                fulls.append(cpu)
            else:
                table = busy[2 * n + 1 : 2 * n + 2]
                ones.append(
                    scenario(served, table, 10, 1, args.seconds, args.acks, args.json_sockets)[2]
                )
        show(f"10 seats + {args.spectators} spectators, 1 move/s", values, 50, moves, sockets)
        cpu_full, cpu_one = statistics.median(fulls), statistics.median(ones)
        per_socket = (cpu_full - cpu_one) / max(1, args.spectators - 1)
        print(
            f"{'server CPU per move, 10 seats + 1 spectator':<44} {cpu_one:7.1f} ms; with "
            f"{args.spectators} spectators {cpu_full:7.1f} ms: {per_socket:5.2f} ms per extra "
            f"socket (goal < 0.3 ms, ratio {per_socket / 0.3:5.2f})  ({load_average()})"
        )
        if args.rounds > 1:
            print(
                f"{'':<44} medians of {args.rounds} pairs: with one spectator "
                f"{', '.join(f'{c:.1f}' for c in ones)} ms; with {args.spectators} "
                f"{', '.join(f'{c:.1f}' for c in fulls)} ms"
            )


if __name__ == "__main__":
    main()
