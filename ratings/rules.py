"""Who is rated and on which result: pure functions over a finished game's facts.

- Only a game that finished normally is rated (aborted, voided, abandoned: never).
- Players: seats with a user who made most of the seat's moves themself. A bot seat, or a
  seat a bot (or the timeout's default move) played for more than half of its moves, is
  left out; its side still counts for the others (they played against it).
- Team games (The Resistance: Avalon): the winning side against the losing side, each a
  team of its rated players.
- Free-for-all games: every rated player is their own team; winners share first place
  (a shared win is a tie); the others are placed by score if the game keeps scores, else
  they tie below the winners.
- Fewer than two teams left: nothing to rate (the game is still marked rated, once).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

TEAM_GAMES = frozenset({"resistance-avalon"})


@dataclass(frozen=True)
class SeatFacts:
    position: int
    user_id: int | None
    own_moves: int  # moves the player made themself
    stand_in_moves: int  # moves a bot or the timeout made for the seat


def rated_players(seats: Sequence[SeatFacts]) -> dict[int, int]:
    """position -> user id of the seats that count."""
    return {
        s.position: s.user_id
        for s in seats
        if s.user_id is not None and s.own_moves >= s.stand_in_moves
    }


def result_of(
    slug: str,
    winners: Sequence[int],
    scores: Mapping[int, float],
    seats: Sequence[SeatFacts],
) -> tuple[list[list[int]], list[int]]:
    """(teams of user ids, ranks) to rate; ([], []) when there is nothing to rate."""
    players = rated_players(seats)
    won = set(winners)
    if slug in TEAM_GAMES:
        teams = [
            [u for p, u in sorted(players.items()) if p in won],
            [u for p, u in sorted(players.items()) if p not in won],
        ]
        if not all(teams):
            return [], []
        return teams, [1, 2]
    keys = {
        p: (0 if p in won else 1, -float(scores.get(p, 0)) if p not in won else 0.0)
        for p in players
    }
    order = sorted(set(keys.values()))
    teams = [[u] for _, u in sorted(players.items())]
    ranks = [order.index(keys[p]) + 1 for p, _ in sorted(players.items())]
    if len(teams) < 2:
        return [], []
    return teams, ranks
