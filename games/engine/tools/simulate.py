"""Play many complete games with bots and with random players; print speed and win rates.

    python -m games.engine.tools.simulate --games 200 [--game resistance-avalon]

For each registered game (or the one named) and each player count its default options
allow, it plays N games per mode and prints games/s, moves/s and who won. Modes:
"bots" (every seat the bot), "random" (every seat a random legal move) and, for games
whose views name the viewer's side (e.g. Good/Evil), one side's bots against random
players of the other side: a bot that is any good beats random play for its side. Games
without sides get "bot-vs-random" instead: one bot seat (rotating from game to game)
against random players, with the bot's share of wins. When the public view has a "turn"
number (or else a "round" number), its average per game is printed too, and so are the
per-move CPU times, p50/p99 in microseconds, of validate+apply (`apply`) and of the
choice (the seat's view and the policy's move; the bot's in "bots" rows).
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from random import Random
from typing import Any

from games.engine.core import (
    GameDefinition,
    InvalidConfig,
    Move,
    all_games,
    apply,
    bot_choice,
    get_game,
    rng_for,
    start,
)

Policy = Callable[[GameDefinition[Any, Any], Any, int, Sequence[Move], Random], Move]


def random_policy(
    game: GameDefinition[Any, Any], state: Any, seat: int, legal: Sequence[Move], rng: Random
) -> Move:
    return rng.choice(list(legal))


def bot_policy(
    game: GameDefinition[Any, Any], state: Any, seat: int, legal: Sequence[Move], rng: Random
) -> Move:
    return bot_choice(game, state, seat, legal, rng)


@dataclass
class MoveTimes:
    """CPU nanoseconds per move: validate+apply, and choosing the move (view + policy)."""

    apply: list[int] = field(default_factory=list)
    choice: list[int] = field(default_factory=list)


def percentile_us(values: Sequence[int], share: float) -> float:
    """The value at `share` (0 to 1) of the sorted nanosecond `values`, nearest rank, in µs."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * (len(ordered) - 1))))] / 1000


@dataclass
class Result:
    games: int = 0
    moves: int = 0
    seconds: float = 0.0  # CPU time of this process: a shared machine does not skew it
    turns: int = 0  # summed over games, from the public view's "turn" when it has one
    winners: Counter[str] = field(default_factory=Counter)
    times: MoveTimes = field(default_factory=MoveTimes)

    def rate(self, label: str) -> float:
        return self.winners[label] / self.games if self.games else 0.0


def side_of(game: GameDefinition[Any, Any], state: Any, seat: int) -> str | None:
    """The viewer's side as its own view states it, if the game has sides."""
    you = game.view(state, seat).get("you")
    side = you.get("side") if isinstance(you, dict) else None
    return side if isinstance(side, str) else None


def winner_label(game: GameDefinition[Any, Any], state: Any) -> str:
    outcome = game.view(state, None).get("outcome")
    if isinstance(outcome, dict) and isinstance(outcome.get("winner"), str):
        return str(outcome["winner"])
    result = game.outcome(state)
    return result.reason if result is not None else "unfinished"


def bot_label(game: GameDefinition[Any, Any], state: Any, bot_seat: int) -> str:
    """bot-vs-random: whether the bot's seat won alone, shared the win, or lost."""
    result = game.outcome(state)
    if result is None:
        return "unfinished"
    if bot_seat not in result.winners:
        return "random"
    return "bot" if len(result.winners) == 1 else "shared"


def turns_of(game: GameDefinition[Any, Any], state: Any) -> int:
    """The public view's "turn" number, else its "round" (games counted in rounds)."""
    view = game.view(state, None)
    turn = view.get("turn", view.get("round"))
    return turn if isinstance(turn, int) and not isinstance(turn, bool) else 0


def play_game(
    game: GameDefinition[Any, Any],
    config: Any,
    players: int,
    seed: str,
    policies: Callable[[Any, int], Policy],
    max_moves: int = 100_000,
    times: MoveTimes | None = None,
) -> tuple[Any, int]:
    """One complete game; `policies(state, seat)` picks who decides for a seat. With
    `times`, each move's CPU time of choosing (legal moves, view, policy) and of
    validate+apply is appended to it."""
    rng = Random(seed)
    events, state = start(game, config, players, rng_for(seed, 0))
    seq, moves = len(events), 0
    clock = time.process_time_ns
    outcome, pending_seats, legal_moves = game.outcome, game.pending_seats, game.legal_moves
    while outcome(state) is None and moves < max_moves:
        # The seats pending now, in seat order; each plays unless a move before it in this
        # round ended the game or its turn. Whose turn is asked once per state.
        round_start = state
        for seat in sorted(pending_seats(state)):
            if state is not round_start and (
                seat not in pending_seats(state) or outcome(state) is not None
            ):
                continue
            if times is None:  # reading the clock is a system call: only when asked
                legal = legal_moves(state, seat)
                move = policies(state, seat)(game, state, seat, legal, rng)
                new, state = apply(game, state, seat, move, rng_for(seed, seq))
            else:
                began = clock()
                legal = legal_moves(state, seat)
                move = policies(state, seat)(game, state, seat, legal, rng)
                chosen = clock()
                new, state = apply(game, state, seat, move, rng_for(seed, seq))
                times.choice.append(chosen - began)
                times.apply.append(clock() - chosen)
            seq += len(new)
            moves += 1
    return state, moves


def run(
    game: GameDefinition[Any, Any], players: int, games: int, mode: str, seed: str = "sim"
) -> Result:
    config = game.config_type()
    sides: dict[int, str | None] = {}
    bot_seat = 0

    def policies(state: Any, seat: int) -> Policy:
        if mode == "bots":
            return bot_policy
        if mode == "random":
            return random_policy
        if mode == "bot-vs-random":
            return bot_policy if seat == bot_seat else random_policy
        if seat not in sides:
            sides[seat] = side_of(game, state, seat)
        return bot_policy if sides[seat] == mode.removesuffix("-bots") else random_policy

    result = Result()
    began = time.process_time()
    for i in range(games):
        sides.clear()
        bot_seat = i % players
        label = f"{seed}:{mode}:{players}:{i}"
        state, moves = play_game(game, config, players, label, policies, times=result.times)
        result.games += 1
        result.moves += moves
        result.turns += turns_of(game, state)
        if mode == "bot-vs-random":
            result.winners[bot_label(game, state, bot_seat)] += 1
        else:
            result.winners[winner_label(game, state)] += 1
    result.seconds = time.process_time() - began
    return result


def counts(game: GameDefinition[Any, Any]) -> list[int]:
    """The player counts the game's default options deal, fewest first."""
    out = []
    for players in range(game.min_players, game.max_players + 1):
        try:
            game.config_type().validate(players)
        except InvalidConfig:
            continue
        out.append(players)
    return out


def report(game: GameDefinition[Any, Any], games: int) -> list[str]:
    lines = [f"== {game.name} ({game.slug}), {games} games per row =="]
    probe_state = start(game, game.config_type(), counts(game)[0], rng_for("probe", 0))[1]
    side_names = sorted(
        {s for s in (side_of(game, probe_state, p) for p in range(counts(game)[0])) if s}
    )
    modes = ["bots", "random", *(f"{s}-bots" for s in side_names)]
    if not side_names:
        modes.append("bot-vs-random")
    header = (
        f"{'players':>7} {'mode':>13} {'games/s':>9} {'moves/s':>9} {'turns':>6} "
        f"{'apply p50/p99 µs':>17} {'choice p50/p99 µs':>18}  winners"
    )
    lines.append(header)
    totals = Result()
    for players in counts(game):
        for mode in modes:
            r = run(game, players, games, mode)
            totals.games += r.games
            totals.moves += r.moves
            totals.seconds += r.seconds
            if side_names:
                share = "  ".join(f"{name} {r.rate(name):6.1%}" for name in side_names)
            elif mode == "bot-vs-random":
                share = "  ".join(f"{k} {r.rate(k):6.1%}" for k in ("bot", "random", "shared"))
            else:
                share = ", ".join(f"{k} {v}" for k, v in r.winners.most_common())
            speed = f"{r.games / r.seconds:>9.1f} {r.moves / r.seconds:>9.0f}"
            turns = f"{r.turns / r.games:>6.1f}" if r.turns else f"{'-':>6}"
            per_move = " ".join(
                f"{percentile_us(t, 0.5):>8.0f}/{percentile_us(t, 0.99):<8.0f}"
                for t in (r.times.apply, r.times.choice)
            )
            lines.append(f"{players:>7} {mode:>13} {speed} {turns} {per_move}  {share}")
    lines.append(
        f"total: {totals.games} games, {totals.moves} moves in {totals.seconds:.1f} s CPU: "
        f"{totals.games / totals.seconds:.1f} games/s, {totals.moves / totals.seconds:.0f} moves/s"
    )
    return lines


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=100, help="games per player count and mode")
    parser.add_argument("--game", help="a game slug (default: every registered game)")
    args = parser.parse_args(argv)
    chosen = [get_game(args.game)] if args.game else all_games()
    for game in chosen:
        print("\n".join(report(game, args.games)), flush=True)


if __name__ == "__main__":
    main()
