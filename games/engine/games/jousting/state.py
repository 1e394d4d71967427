"""The state of a game of jousting Avalon and its records.

The state holds the whole truth (every hand, the laid cards, the junk pile). `known`
records, per card in a hand, which other knights know it is there (shown, offered, taken
in public): views.py and the leak test read it. evolve.py folds events into it.
"""

from __future__ import annotations

from dataclasses import field
from functools import lru_cache
from itertools import chain
from typing import Final

from .cards import is_complete
from .config import JoustingConfig
from .moves import JoustingRecord, Lot

PUBLIC: Final = -1  # in `known`: the fact was shown in public, spectators know it too

FIT: Final = "fit"
DISQUALIFIED: Final = "disqualified"
WITHDRAWN: Final = "withdrawn"

# Phases. "check" and "bout" are passed through automatically (flow.py).
DRAFT: Final = "draft"
BARTER: Final = "barter"
CHECK: Final = "check"
LAYING: Final = "laying"
JUDGEMENT: Final = "judgement"
JUNK: Final = "junk"
OVER: Final = "over"


class Offer(JoustingRecord):
    """An offer waiting for an answer (JH-3). `to` None: open to all."""

    id: int
    seat: int
    to: int | None
    give: Lot
    want: Lot
    declined: frozenset[int] = frozenset()

    def addressees(self, players: int) -> frozenset[int]:
        if self.to is not None:
            return frozenset({self.to})
        return _others(players, self.seat)

    def open_to(self, seat: int) -> bool:
        """Whether `seat` may still answer it: `seat in addressees` and not declined (asked
        for every offer at every barter move, so without building the set)."""
        addressed = seat != self.seat if self.to is None else seat == self.to
        return addressed and seat not in self.declined


class DuelRecord(JoustingRecord):
    """A fought duel, public once revealed. `how`: "places", "chip", "wrong_chip", "lot", or
    "withdrew" (the other duelist withdrew during a live God's judgement, JA-7)."""

    round: int
    pair: tuple[int, int]
    laid: tuple[tuple[str, str, str, str], tuple[str, str, str, str]]
    places: tuple[int | None, int | None, int | None, int | None]
    winner: int | None
    how: str


class JoustingState(JoustingRecord, wire="ja.state"):
    config: JoustingConfig
    hands: tuple[tuple[str, ...], ...]
    coins: tuple[int, ...]
    status: tuple[str, ...]
    letters: tuple[int, ...]
    known: dict[str, frozenset[int]] = field(default_factory=dict)
    phase: str = DRAFT
    round: int = 0
    course_round: int = 0
    clock: int = 0  # events folded so far: the stamp of barter moves
    face_up: tuple[str, ...] = ()
    draft_order: tuple[int, ...] = ()
    next_offer: int = 1
    offers: tuple[Offer, ...] = ()
    offers_made: tuple[int, ...] = ()
    done: frozenset[int] = frozenset()
    pairs: tuple[tuple[int, int], ...] = ()
    byes: tuple[int, ...] = ()
    laid: tuple[tuple[str, ...], ...] = ()  # per seat; () while not laid
    bout: int = -1  # index in `pairs` of the duel being settled
    chip: str | None = None  # JH-5: the right chip of a live judgement under way
    showing: tuple[str, ...] = ()
    dots: int = 0
    junk_queue: tuple[int, ...] = ()
    junk: tuple[str, ...] = ()
    duels: tuple[DuelRecord, ...] = ()
    bonus_to: int | None = None
    winners: frozenset[int] = frozenset()

    @property
    def players(self) -> int:
        return len(self.hands)

    def fit(self) -> list[int]:
        return list(_fit(self.status))

    def has_set(self, seat: int) -> bool:
        return is_complete(self.hands[seat])

    def duelists(self) -> list[int]:
        return list(chain.from_iterable(self.pairs))

    def offer(self, offer_id: int) -> Offer | None:
        return next((o for o in self.offers if o.id == offer_id), None)

    def knowers(self, card: str, holder: int) -> frozenset[int]:
        """Seats that know `card` is in `holder`'s hand (PUBLIC among them: everyone)."""
        return frozenset({holder}) | self.known.get(card, frozenset())

    def current_pair(self) -> tuple[int, int] | None:
        return self.pairs[self.bout] if 0 <= self.bout < len(self.pairs) else None


@lru_cache(maxsize=64)  # one set per table size and seat
def _others(players: int, seat: int) -> frozenset[int]:
    return frozenset(s for s in range(players) if s != seat)


@lru_cache(maxsize=256)  # asked many times a move; the statuses change a few times a game
def _fit(status: tuple[str, ...]) -> tuple[int, ...]:
    """The seats whose status is FIT, in seat order."""
    return tuple(s for s, st in enumerate(status) if st == FIT)
