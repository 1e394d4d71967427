"""TA-3's legal passes as a lazy sequence: every three cards of the hand (220 from a hand
of 12, at every Dawn), listed only when someone reads the list. The bot and `decide` ask
whether one set of three is among them, which the hand answers at once."""

from __future__ import annotations

from itertools import combinations
from math import comb
from typing import Any

from games.engine.core import LazyMoves

from .config import PASS_COUNT
from .moves import ChoosePass


class PassChoices(LazyMoves[ChoosePass]):
    """`[ChoosePass(frozenset(c)) for c in combinations(sorted(hand), PASS_COUNT)]`, the
    same moves in the same order, built on first reading (length and membership need
    not: a hand's cards are distinct, every card of the deck being one of a kind)."""

    __slots__ = ("_distinct", "_hand")

    def __init__(self, hand: tuple[str, ...]) -> None:
        super().__init__()
        self._hand = tuple(sorted(hand))
        self._distinct = frozenset(hand) if len(set(hand)) == len(hand) else None

    def _build(self) -> tuple[ChoosePass, ...]:
        return tuple(map(ChoosePass, map(frozenset, combinations(self._hand, PASS_COUNT))))

    def __len__(self) -> int:
        if self._distinct is not None:
            return comb(len(self._hand), PASS_COUNT)
        return len(self._moves())

    def __contains__(self, move: object) -> bool:
        """`move in list(self)`: equal moves are of the same class with an equal set of
        cards, which for distinct cards is any three of the hand."""
        if self._distinct is None or self._listed is not None:
            return move in self._moves()
        if move.__class__ is not ChoosePass:
            return False
        cards: Any = move.cards
        return (
            isinstance(cards, (set, frozenset))
            and len(cards) == PASS_COUNT
            and cards <= self._distinct
        )

    def __eq__(self, other: object) -> bool:
        if isinstance(other, PassChoices):
            return self._hand == other._hand
        return super().__eq__(other)

    __hash__ = None  # like a list

    def __repr__(self) -> str:
        return f"PassChoices({self._hand!r})"

    def choose(self, cards: frozenset[str]) -> ChoosePass:
        """The listed pass of exactly these cards (equal to the one in the list), else
        the first listed one: what the bot plays."""
        if self._distinct is None or self._listed is not None:
            moves = self._moves()
            try:
                return moves[list(map(_cards, moves)).index(cards)]
            except ValueError:
                return moves[0]
        if ChoosePass(cards) in self:
            return ChoosePass(cards)
        return self[0]


def _cards(move: ChoosePass) -> frozenset[str]:
    return move.cards
