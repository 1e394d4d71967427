"""The duel (JA-9..JA-11): two laid sets compared place by place.

Pure arithmetic over the laid cards; evolve.py applies the result to the state.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from .cards import KINDS, is_joker, value_of

Laid = tuple[str, str, str, str]


@dataclass(frozen=True)
class Result:
    places: tuple[int | None, int | None, int | None, int | None]
    winner: int | None  # None: a draw, God's judgement decides (JA-12)
    to_junk: tuple[str, ...]  # JA-10: every winning card, and both jokers of a joker pair
    taken: tuple[tuple[int, str], ...]  # (place winner, the loser's card they take)


@lru_cache(maxsize=256)  # settled by the flow, then again by the fold
def resolve(pair: tuple[int, int], laid: tuple[Laid, Laid]) -> Result:
    a, b = pair
    places: list[int | None] = []
    junk: list[str] = []
    taken: list[tuple[int, str]] = []
    for i in range(len(KINDS)):
        ca, cb = laid[0][i], laid[1][i]
        if is_joker(ca) and is_joker(cb):  # JA-10: both too badly damaged
            places.append(None)
            junk += [ca, cb]
            continue
        # JA-1: values within a kind are unique, so only joker against joker can tie.
        a_wins = value_of(ca) > value_of(cb)
        winner, win_card, lose_card = (a, ca, cb) if a_wins else (b, cb, ca)
        places.append(winner)
        junk.append(win_card)  # JA-10: the winning card is ruined, face down to the junk
        taken.append((winner, lose_card))  # JA-10: the loser's card to the winner's hand
    won_a, won_b = places.count(a), places.count(b)
    duel_winner = a if won_a > won_b else b if won_b > won_a else None  # JA-11
    return Result(
        places=(places[0], places[1], places[2], places[3]),
        winner=duel_winner,
        to_junk=tuple(junk),
        taken=tuple(taken),
    )
