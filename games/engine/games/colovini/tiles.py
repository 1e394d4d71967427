"""The 9 reinforcement tiles (CA-3, CA-16, CH-2): data plus one small handler per kind.

A handler counts the cards a tile gives from the regions a player owns, given as
{row position: Region}. Avalon and the Swamp never count and break chains (CA-15, CA-16).
Dark tiles are counted when they are cashed at the start of the taker's next turn, so
conquests in between change what they give (the rulebook's advice says so).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from games.engine.core import N_

from .regions import Region

LIGHT, DARK = "light", "dark"

Owned = Mapping[int, Region]
_HANDLERS: dict[str, Callable[[Owned], int]] = {}


def _handler(kind: str) -> Callable[[Callable[[Owned], int]], Callable[[Owned], int]]:
    def deco(fn: Callable[[Owned], int]) -> Callable[[Owned], int]:
        _HANDLERS[kind] = fn
        return fn

    return deco


def _most_landscape(owned: Owned) -> int:
    counts = Counter(r.landscape for r in owned.values() if r.counts_for_tiles)
    return max(counts.values(), default=0)  # a tie gives the same count either way


@_handler("take-2")
def _take_2(owned: Owned) -> int:
    return 2


@_handler("most-landscape")
def _most(owned: Owned) -> int:
    return _most_landscape(owned)


@_handler("largest-chain")
def _chain(owned: Owned) -> int:
    best = run = 0
    for position in range(max(owned, default=-1) + 1):
        region = owned.get(position)
        run = run + 1 if region is not None and region.counts_for_tiles else 0
        best = max(best, run)
    return best


@_handler("take-4")
def _take_4(owned: Owned) -> int:
    return 4


@_handler("most-landscape-x2")
def _most_twice(owned: Owned) -> int:
    return 2 * _most_landscape(owned)


@_handler("one-per-region")
def _per_region(owned: Owned) -> int:
    return sum(r.counts_for_tiles for r in owned.values())


@dataclass(frozen=True)
class Tile:
    kind: str
    tint: str
    text: str


_TEXT = {
    "take-2": N_("Draw 2 cards now."),
    "most-landscape": N_("Draw 1 card now per region of the landscape you own most of."),
    "largest-chain": N_("Draw 1 card now per region in your longest run of adjacent regions."),
    "take-4": N_("Draw 4 cards at the start of your next turn."),
    "most-landscape-x2": N_("Next turn, draw 2 cards per region of the landscape you own most of."),
    "one-per-region": N_("Next turn, draw 1 card per region you own."),
}


def _tile(kind: str, tint: str) -> Tile:
    return Tile(kind, tint, _TEXT[kind])


# CH-2: 5 light and 4 dark tiles; index = the tile's identity in the state.
TILES: tuple[Tile, ...] = (
    _tile("take-2", LIGHT),
    _tile("take-2", LIGHT),
    _tile("most-landscape", LIGHT),
    _tile("most-landscape", LIGHT),
    _tile("largest-chain", LIGHT),
    _tile("take-4", DARK),
    _tile("most-landscape-x2", DARK),
    _tile("one-per-region", DARK),
    _tile("one-per-region", DARK),
)
KINDS = tuple(dict.fromkeys(t.kind for t in TILES))
TINT = {t.kind: t.tint for t in TILES}


def cards_given(kind: str, owned: Owned) -> int:
    """CA-16: how many cards a tile of `kind` gives a player owning `owned`."""
    return _HANDLERS[kind](owned)
