"""The state of a game of Avalon by Leo Colovini, its phases, and the queries the rules ask
of it.

The state holds the whole truth: the row order (secret while face down), both hands, the
deck order. evolve.py folds events into it; views.py decides what each seat may see of it
(CH-4).
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from functools import lru_cache
from types import MappingProxyType

from games.engine.core import Registered
from games.engine.core.memo import last_pair

from .config import ColoviniConfig
from .events import Pile
from .regions import BY_KEY, Region
from .tiles import TILES


class Phase(enum.Enum):
    PLAY = "play"  # the active player plays cards or ends the turn (CA-5, CA-13)
    COUNTER = "counter"  # the defender may counter an enchantment (CA-7, CH-3)
    RESIST = "resist"  # the defender may resist an attack (CA-9, CH-3)
    LOSSES = "losses"  # the conqueror pays step 2 of the losses (CA-11)
    DISCARD = "discard"  # the active player discards down to the hand limit (CA-13)
    OVER = "over"


# The members as module names: under Python 3.11 the enum type's `__getattr__` hook makes
# each `Phase.PLAY` build and call a method wrapper (about ten times a global's cost), and
# the rules, the fold and the views ask the phase at every move.
PLAY, COUNTER, RESIST = Phase.PLAY, Phase.COUNTER, Phase.RESIST
LOSSES, DISCARD, OVER = Phase.LOSSES, Phase.DISCARD, Phase.OVER


class ColoviniRecord(Registered, prefix="ca"):
    """Parts of its state: frozen dataclasses the codec names "ca.<snake_case name>"."""


class Reaction(ColoviniRecord):
    """An enchantment or attack waiting for the defender's answer (CH-3)."""

    attacker: int
    region: int
    card: str  # the enchanting sorceress or the attacking card


class Losses(ColoviniRecord):
    region: int  # the region just conquered
    remaining: int  # cards still owed in step 2


class ColoviniState(ColoviniRecord, wire="ca.state"):
    config: ColoviniConfig
    row: tuple[str, ...]  # region keys by row position
    face_up: tuple[bool, ...]
    owners: tuple[int | None, ...]
    piles: tuple[tuple[Pile, Pile], ...]  # piles[region][seat], bottom first
    hands: tuple[Pile, Pile]  # each sorted: a hand is a multiset
    deck: tuple[str, ...]  # the next card drawn is deck[0]
    discard: tuple[str, ...] = ()
    active: int = 0
    turn: int = 0
    phase: Phase = Phase.PLAY
    reaction: Reaction | None = None
    losses: Losses | None = None
    conquests: int = 0  # this turn (CA-10)
    avalon_used: bool = False  # this turn (CA-15)
    used_tiles: frozenset[int] = frozenset()
    held_tiles: tuple[int | None, int | None] = (None, None)  # dark tiles to cash
    winners: tuple[int, ...] = ()  # set when the game ends (CA-17, CH-6)

    @staticmethod
    def opponent(seat: int) -> int:
        return 1 - seat

    def region(self, index: int) -> Region:
        return BY_KEY[self.row[index]]

    def pile(self, index: int, seat: int) -> Pile:
        return self.piles[index][seat]

    def owned(self, seat: int) -> Mapping[int, Region]:
        """The regions `seat` owns, by row position (read-only: shared between states)."""
        return _ownership(self.row, self.owners)[0][seat]

    def crowns(self, seat: int) -> int:
        return _ownership(self.row, self.owners)[1][seat]

    def both_crowns(self) -> tuple[int, int]:
        """`(crowns(0), crowns(1))` in one call."""
        return _ownership(self.row, self.owners)[1]

    def powers(self, seat: int) -> tuple[str, ...]:
        """The powers of the regions `seat` owns, in row order (CA-14, CA-15)."""
        return _ownership(self.row, self.owners)[2][seat]

    def owns_power(self, seat: int, power: str) -> bool:
        return power in self.powers(seat)

    def free_tiles(self) -> list[int]:
        """CA-16: face-up tiles; once none is left, every used one is face up again."""
        return free_tiles(self.used_tiles, self.held_tiles)

    def deadlocked(self) -> bool:
        """No card can ever be played again: empty hands, deck and discards (CH-6, ours)."""
        return not (self.deck or self.discard or self.hands[0] or self.hands[1])

    def card_sources(self, seat: int) -> bool:
        """Whether `seat` has any card to pay losses with (hand or a pile top)."""
        return bool(self.hands[seat]) or any(p[seat] for p in self.piles)


def free_tiles(used: frozenset[int], held_tiles: tuple[int | None, int | None]) -> list[int]:
    """`ColoviniState.free_tiles` from the two facts it reads."""
    held = {t for t in held_tiles if t is not None}
    free = [t for t in range(len(TILES)) if t not in used and t not in held]
    return free or [t for t in range(len(TILES)) if t not in held]


# Both seats' regions by row position, their crowns and their regions' powers.
Ownership = tuple[
    tuple[Mapping[int, Region], Mapping[int, Region]],
    tuple[int, int],
    tuple[tuple[str, ...], tuple[str, ...]],
]


# Ownership changes only with a conquest, yet rules, views and the bot ask for it many times
# per move: worked out once per (row, owners), for both seats. A state shares its row and
# owners with the states before it until a conquest, so the last answer is found by
# identity first, without hashing the two tuples.
@last_pair
@lru_cache(maxsize=4096)
def _ownership(row: tuple[str, ...], owners: tuple[int | None, ...]) -> Ownership:
    owned = tuple(
        MappingProxyType({i: BY_KEY[row[i]] for i, owner in enumerate(owners) if owner == seat})
        for seat in (0, 1)
    )
    crowns = tuple(sum(r.crowns for r in regions.values()) for regions in owned)
    powers = tuple(
        tuple(r.power for r in regions.values() if r.power is not None) for regions in owned
    )
    return (owned[0], owned[1]), (crowns[0], crowns[1]), (powers[0], powers[1])
