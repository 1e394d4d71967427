"""Simulate complete Tournament games for every configuration and print figures.

    python -m games.engine.tools.simulate_tournament --games N

For each configuration: games per second (random players, and a table of bots); average
Tourney Rounds per game,
Shame rate (share of turns that were Shames) and Feint rate (share of Melees with a Feint),
both for random players and for a table of bots; and the bot's results against random
players (one bot seat, rotating; ties share the win).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Sequence
from random import Random
from typing import Any

from games.engine.core import Event, Move, apply, bot_choice, rng_for, start
from games.engine.games.tournament import events as ev
from games.engine.games.tournament.config import AvalonConfig, CamelotConfig
from games.engine.games.tournament.definition import AVALON, CAMELOT, TournamentGame

CONFIGS: list[tuple[str, TournamentGame, Any, int]] = [
    ("Camelot 2p (TC-2)", CAMELOT, CamelotConfig(), 2),
    ("Camelot 4p", CAMELOT, CamelotConfig(), 4),
    ("Camelot 6p", CAMELOT, CamelotConfig(), 6),
    ("Camelot rules, Avalon cards 4p", CAMELOT, CamelotConfig(deck="avalon"), 4),
    ("Avalon 3p", AVALON, AvalonConfig(), 3),
    ("Avalon 4p", AVALON, AvalonConfig(), 4),
    ("Avalon 6p", AVALON, AvalonConfig(), 6),
    ("Avalon 4p, no powers", AVALON, AvalonConfig(powers=False), 4),
    ("Avalon rules, Camelot cards 4p", AVALON, AvalonConfig(deck="camelot"), 4),
    ("Chaos of Battle 5p", AVALON, AvalonConfig(chaos=True), 5),
    ("Chaos of Battle 8p", AVALON, AvalonConfig(chaos=True), 8),
]


def play(
    game: TournamentGame,
    config: Any,
    players: int,
    seed: str,
    bot_seats: frozenset[int],
    watch: Callable[[Any, int, list[Move]], None] | None = None,
) -> tuple[Any, list[Event]]:
    """One complete game; bots at `bot_seats`, uniformly random legal moves elsewhere;
    `watch` sees every state before its move (state, seat to move, legal moves)."""
    rng = Random(seed)
    log, state = start(game, config, players, rng_for(seed, 0))
    log = list(log)
    while game.outcome(state) is None:
        seat = min(game.pending_seats(state))
        legal = list(game.legal_moves(state, seat))
        if watch is not None:
            watch(state, seat, legal)
        bot = seat in bot_seats
        move = bot_choice(game, state, seat, legal, rng) if bot else rng.choice(legal)
        new, state = apply(game, state, seat, move, rng_for(seed, len(log)))
        log.extend(new)
    return state, log


def figures(log: Sequence[Event]) -> tuple[int, int, int, int]:
    """(turns, shames, melees, melees with a Feint)."""
    plays = sum(1 for e in log if isinstance(e, ev.TurnMoved))
    shames = sum(1 for e in log if isinstance(e, ev.Shamed) and e.why == "shame")
    ended = [e for e in log if isinstance(e, ev.MeleeEnded)]
    return plays, shames, len(ended), sum(1 for e in ended if e.feints)


def simulate(label: str, game: TournamentGame, config: Any, players: int, games: int) -> str:
    rounds = turns = shames = melees = feints = 0
    began = time.perf_counter()
    for i in range(games):
        state, log = play(game, config, players, f"{label}:{i}", frozenset())
        rounds += state.round
        t, s, m, f = figures(log)
        turns, shames, melees, feints = turns + t, shames + s, melees + m, feints + f
    elapsed = time.perf_counter() - began
    bot_score = 0.0
    for i in range(games):
        seat = i % players
        state, _ = play(game, config, players, f"{label}:bot:{i}", frozenset({seat}))
        winners = state.winners or ()
        if seat in winners:
            bot_score += 1 / len(winners)
    bot_rounds = bot_turns = bot_shames = bot_melees = bot_feints = 0
    began = time.perf_counter()
    for i in range(games):
        state, log = play(game, config, players, f"{label}:all:{i}", frozenset(range(players)))
        bot_rounds += state.round
        t, sh, m, f = figures(log)
        bot_turns, bot_shames = bot_turns + t, bot_shames + sh
        bot_melees, bot_feints = bot_melees + m, bot_feints + f
    bots_elapsed = time.perf_counter() - began
    return (
        f"{label:32} {games / elapsed:6.1f} games/s random, "
        f"{games / bots_elapsed:6.1f} all bots | random: {rounds / games:4.2f} rounds "
        f"Shame {shames / max(turns, 1):5.1%} Feint {feints / max(melees, 1):5.1%} | "
        f"all bots: {bot_rounds / games:4.2f} rounds Shame {bot_shames / max(bot_turns, 1):5.1%} "
        f"Feint {bot_feints / max(bot_melees, 1):5.1%} | "
        f"1 bot vs random wins {bot_score / games:5.1%} (fair share {1 / players:5.1%})"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per configuration")
    parser.add_argument("--only", default="", help="only configurations containing this text")
    args = parser.parse_args(argv)
    for label, game, config, players in CONFIGS:
        if args.only.lower() in label.lower():
            print(simulate(label, game, config, players, args.games), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
