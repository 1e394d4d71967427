"""Engine and bots speed (issue 14, B5): complete bot-against-bot games per second of CPU, and
the per-move CPU time of validate+apply and of the bot's choice, for every game and setup.

    .venv/bin/python benchmarks/bench_engine.py [--games 50] [--only jousting]
    .venv/bin/python benchmarks/bench_engine.py --check   # same games before and after?

No database, no site: the engine alone, in this process, one core (`taskset -c 1` keeps it
on one). Every seat is the game's bot; each move's time is split into the bot's choice
(legal moves, the seat's view, `bot_move`) and validate+apply (`runner.apply`: whose turn,
`decide`, `evolve`). Times are CPU time of this process (`time.process_time`), so other
work on a shared machine slows the wall clock, not the figures. Tournament setups are the
ones its simulator plays (games.engine.tools.simulate_tournament.CONFIGS).

Goals (B5): Resistance >= 1,000 games/s at 5 players and >= 300 at 10; every Tournament
setup >= 100; Colovini and jousting >= 200; validate+apply <= 1 ms at p99.

Measured on the shared 2-core machine under load (before -> after issue 14's work; the
full table and what changed are in benchmarks/RESULTS.md): Resistance 5p 257 -> 419
games/s, 10p 36 -> 96; Colovini 41 -> 77; jousting 3p 85 -> 148, 6p 24 -> 44;
validate+apply p99 at most 34 us (Resistance), 105 us (Colovini), 186 us (jousting).
A third pass (25 November, load 5 to 7, before/after run alternately): Resistance 5p
365 -> 489 games/s, 10p 93 -> 104; Tournament 1.16x to 1.65x (Camelot 2p 47 -> 78, Avalon
6p 15 -> 21); Colovini 63 -> 78; jousting 3p 116 -> 149, 6p 38 -> 44; same games move for
move. No games/s goal is met yet.

`--check` prints, per setup, one hash of the final states and move counts of 12 seeded
games: a speed change must leave every line the same (same rules, same bot choices).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run as a script: the project's packages below

from games.engine import loaded  # noqa: E402
from games.engine.core import GameDefinition, get_game, to_json  # noqa: E402
from games.engine.games.colovini import ColoviniConfig  # noqa: E402
from games.engine.games.jousting import JoustingConfig  # noqa: E402
from games.engine.games.resistance import ResistanceConfig  # noqa: E402
from games.engine.tools import simulate_tournament  # noqa: E402
from games.engine.tools.simulate import MoveTimes, bot_policy, percentile_us, play_game  # noqa: E402

APPLY_GOAL_US = 1000.0  # validate+apply p99


def _bots(state: Any, seat: int) -> Any:
    return bot_policy


@dataclass(frozen=True)
class Setup:
    label: str
    game: GameDefinition[Any, Any]
    config: Any
    players: int
    goal: float  # complete games per second of one core


def setups() -> list[Setup]:
    resistance, colovini = get_game("resistance-avalon"), get_game("colovini-avalon")
    jousting = get_game("jousting-avalon")
    every_role = ResistanceConfig(
        percival=True, mordred=True, morgana=True, oberon=True, lady_of_the_lake=True
    )
    out = [
        Setup("Resistance 5p", resistance, ResistanceConfig(), 5, 1000),
        Setup("Resistance 10p", resistance, ResistanceConfig(), 10, 300),
        Setup("Resistance 10p, every role, Lady", resistance, every_role, 10, 300),
    ]
    out += [
        Setup(f"Tournament: {label}", game, config, players, 100)
        for label, game, config, players in simulate_tournament.CONFIGS
    ]
    out += [
        Setup("Colovini 2p", colovini, ColoviniConfig(), 2, 200),
        Setup("Colovini 2p, skip reactions", colovini, ColoviniConfig(auto_decline=True), 2, 200),
    ]
    out += [
        Setup(f"Jousting {n}p", jousting, JoustingConfig(), n, 200)
        for n in range(jousting.min_players, jousting.max_players + 1)
    ]
    return out


def measure(setup: Setup, games: int, seconds: float = 1.0) -> str:
    # Games per second without the per-move clock: reading the CPU clock is a system call
    # (about 1.5 us, three per move), a tenth of a Resistance move. At least `games` games
    # and `seconds` of CPU: the caches earlier setups filled make one full collection of
    # the collector take ~80 ms, half of 50 jousting games' CPU, so a short run read the
    # rate at half or at full depending on whether one fell in it. The first `games` are
    # then played again, timed move by move, for the per-move percentiles.
    moves = played_games = 0
    began = time.process_time()
    while played_games < games or time.process_time() - began < seconds:
        _, played = play_game(
            setup.game,
            setup.config,
            setup.players,
            f"bench:{setup.label}:{played_games}",
            _bots,
        )
        moves += played
        played_games += 1
    rate = played_games / (time.process_time() - began)
    times = MoveTimes()
    for i in range(games):
        seed = f"bench:{setup.label}:{i}"
        play_game(setup.game, setup.config, setup.players, seed, _bots, times=times)
    apply_p99 = percentile_us(times.apply, 0.99)
    flags = ("" if rate >= setup.goal else " below goal") + (
        "" if apply_p99 <= APPLY_GOAL_US else " apply p99 over 1 ms"
    )
    return (
        f"{setup.label:44} {setup.goal:6.0f} {rate:9.1f} {rate / setup.goal:6.2f} "
        f"{moves / played_games:6.0f} {percentile_us(times.apply, 0.5):7.0f} {apply_p99:7.0f} "
        f"{percentile_us(times.choice, 0.5):7.0f} {percentile_us(times.choice, 0.99):7.0f}"
        f"{flags}"
    )


def same_games(setup: Setup, games: int = 12) -> str:
    """One hash of the final states (their JSON) and move counts of `games` seeded games:
    a change that keeps every rule and every bot's choice keeps it (`--check`)."""
    digest = hashlib.sha256()
    for i in range(games):
        state, played = play_game(
            setup.game, setup.config, setup.players, f"same:{setup.label}:{i}", _bots
        )
        digest.update(json.dumps([to_json(state), played], sort_keys=True).encode())
    return digest.hexdigest()[:16]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=50, help="games per setup, at least")
    parser.add_argument(
        "--seconds", type=float, default=1.0, help="CPU seconds per setup, at least"
    )
    parser.add_argument("--only", default="", help="only setups whose label contains this")
    parser.add_argument(
        "--check", action="store_true", help="print a hash of 12 seeded games per setup instead"
    )
    args = parser.parse_args()
    if args.check:
        for setup in setups():
            if args.only.lower() in setup.label.lower():
                print(f"{setup.label:44} {same_games(setup)}", flush=True)
        return
    # Which engine plays: the mypyc build or the source (games/engine/__init__.py).
    print(f"engine: {loaded()} (AVALON_ENGINE=source forces the source)")
    print(
        f"{'setup':44} {'goal':>6} {'games/s':>9} {'ratio':>6} {'moves':>6} "
        f"{'apply µs p50':>7} {'p99':>7} {'bot µs p50':>7} {'p99':>7}"
    )
    for setup in setups():
        if args.only.lower() in setup.label.lower():
            print(measure(setup, args.games, args.seconds), flush=True)


if __name__ == "__main__":
    main()
