"""God's judgement (JA-12, JH-5): the tie-break of a drawn duel.

At the table it is a reflex race. The engine offers two ways, both decided from the log:
- by lot (default, and whenever a duelist leaves it to chance or times out): the winner
  is drawn from the game's seeded Random and recorded in JudgementDecided(how="lot");
- live (table option): the small chips are thrown (random, recorded and public in
  JudgementThrown), they point to one large chip, and both duelists may pick. The first
  pick the engine receives decides: the right chip wins, a wrong chip hands the duel to
  the other (JH-5; the web layer times the clicks, the engine only sees their order).

Which chip the throw points to is our reading of the lost picture (research/cards.md 4.5):
exactly one symbol face up -> that symbol; all three -> "all_three"; two showing -> the
dots chip decides (1 dot: the missing symbol, 2 dots: "all_three"); none -> thrown again.
"""

from __future__ import annotations

from random import Random
from typing import Final

SYMBOLS: Final[tuple[str, ...]] = ("crown", "cup", "sceptre")
CHIPS: Final[tuple[str, ...]] = (*SYMBOLS, "all_three")
CHANCE: Final = "chance"
PICKS: Final[tuple[str, ...]] = (*CHIPS, CHANCE)  # what a seat may pick at a God's judgement


def right_chip(showing: tuple[str, ...], dots: int) -> str | None:
    """The large chip a throw points to (None: no symbol showing, throw again)."""
    if len(showing) == 1:
        return showing[0]
    if len(showing) == len(SYMBOLS):
        return "all_three"
    if len(showing) == 2:
        missing = next(s for s in SYMBOLS if s not in showing)
        return missing if dots == 1 else "all_three"
    return None


def throw(rng: Random) -> tuple[tuple[str, ...], int, str]:
    """Throw the small chips until they point to a large chip: (showing, dots, right)."""
    while True:
        showing = tuple(s for s in SYMBOLS if rng.random() < 0.5)
        dots = rng.choice((1, 2))
        right = right_chip(showing, dots)
        if right is not None:
            return showing, dots, right


def by_lot(pair: tuple[int, int], rng: Random) -> int:
    return pair[rng.randrange(2)]
