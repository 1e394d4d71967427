"""Feints and the loss line (TT-12, TT-13, TA-6): pure functions of the cards in a Melee."""

from __future__ import annotations

from operator import attrgetter
from typing import Final

from games.engine.core.memo import per_key

from .state import Entry, TState
from .weapons import weapon


def feinted(melee: tuple[Entry, ...]) -> frozenset[int]:
    """TT-12: orders of the Feinted entries (equal values; the Elf Knight token too)."""
    last = _LAST[0]
    if last is not None and last[0] is melee:  # asked again of the same cards (kept alive)
        return last[1]
    # A Melee holds a handful of cards: counting in a list beats building a Counter (this
    # is asked several times per move).
    values = [x.value for x in melee]
    found = frozenset(x.order for x in melee if x.marked or values.count(x.value) > 1)
    _LAST[0] = (melee, found)
    return found


_LAST: Final[list[tuple[tuple[Entry, ...], frozenset[int]] | None]] = [None]  # the last answer


def morgan_active(melee: tuple[Entry, ...]) -> bool:
    return any(map(_MORGAN, map(_CARD, melee)))  # TA-6, Feinted or not


# whether a card is Morgan le Fay: one dict lookup per card (no generator, no `weapon` call)
def _is_morgan(card: str) -> bool:
    return weapon(card).family == "morgan"


_MORGAN: Final = per_key(_is_morgan, kept=1024)
_CARD: Final = attrgetter("card")


def loss_line(melee: tuple[Entry, ...]) -> list[Entry]:
    """TT-13 / TA-6: the non-Feinted cards, the one that loses first."""
    gone = feinted(melee)
    live = [x for x in melee if x.order not in gone]
    # Live values are unique (equal values are Feinted), so the highest first under Morgan
    # le Fay is the order reversed: no Python key call per card.
    return sorted(live, key=_VALUE, reverse=morgan_active(melee))


_VALUE: Final = attrgetter("value")


def current_loser(state: TState) -> Entry | None:
    """TT-13: the card that loses now, past the cards Guinevere passed over. The last
    answer is kept with the Melee and the passed-over orders it came from (immutable, so
    the same objects give the same answer): the Melee's end asks it twice of the same
    cards, once for "when you would lose" and once for who takes them."""
    melee, spared = state.melee, state.spared
    last = _LOSER[0]
    if last is not None and last[0] is melee and last[1] is spared:
        return last[2]
    line = [x for x in loss_line(melee) if x.order not in spared]
    found = line[0] if line else None
    _LOSER[0] = (melee, spared, found)
    return found


_LOSER: Final[list[tuple[tuple[Entry, ...], tuple[int, ...], Entry | None] | None]] = [None]
