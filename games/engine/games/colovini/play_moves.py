"""The PLAY phase's legal moves listed only when read (core.LazyMoves).

A turn's list is mostly reinforcements: every card of the hand on every region, about 80
moves, every one of them legal (CA-5). The bot never reads them: it picks a card and a
region and plays that reinforcement. So `PlayMoves` hands out the parts the bot weighs
(enchantments, attacks, the tiles to end the turn with) and builds the whole list, the same
moves in the same order, only when read as a sequence (a player's list, `decide`'s tests).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from games.engine.core import LazyMoves, Move

from .moves import REINFORCE, EndTurn, PlayCard


class PlayMoves(LazyMoves[Move]):
    """`[*every reinforcement, *per card its enchantments then attacks, *ends]`: cards in
    the hand's sorted order, regions in row order (rules._plays)."""

    __slots__ = ("_count", "_hand", "_per_card", "_regions", "attacks", "enchants", "ends")

    def __init__(
        self,
        hand: tuple[str, ...],
        regions: int,
        per_card: Sequence[tuple[Sequence[PlayCard], Sequence[PlayCard]]],
        ends: tuple[EndTurn, ...],
    ) -> None:
        """`hand`: the distinct cards, sorted; `per_card`: each card's (enchantments,
        attacks), in the hand's order."""
        super().__init__()
        self._hand, self._regions, self._per_card = hand, regions, per_card
        self.enchants = [move for enchants, _ in per_card for move in enchants]
        self.attacks = [move for _, attacks in per_card for move in attacks]
        self.ends = ends
        # Counted without building the moves: asked before any is read (bot_choice).
        played = len(self.enchants) + len(self.attacks)
        self._count = len(hand) * regions + played + len(ends)

    def _build(self) -> list[Move]:
        out: list[Move] = list(reinforcements(self._hand, self._regions))
        for enchants, attacks in self._per_card:
            out += enchants
            out += attacks
        return [*out, *self.ends]

    def __len__(self) -> int:
        return self._count


@lru_cache(maxsize=4096)
def reinforcements(hand: tuple[str, ...], regions: int) -> tuple[PlayCard, ...]:
    """Every card of `hand` on every region, once per hand; a hand not seen yet is put
    together from each card's row."""
    return tuple(move for name in hand for move in _reinforcing(name, regions))


@lru_cache(maxsize=64)
def _reinforcing(name: str, regions: int) -> tuple[PlayCard, ...]:
    """One card on every region: moves are frozen, so built once per card."""
    return tuple(PlayCard(name, i, REINFORCE) for i in range(regions))
