"""What happened in a game of jousting Avalon: past-tense, frozen, registered.

`audience()` says who sees an event whole; views.redact gives everyone else the public
part (who traded, showed, laid or bought), never the cards.
"""

from __future__ import annotations

from games.engine.core import Event, Registered
from games.engine.core.audience import SeatPrivate, Undisclosed

from .config import JoustingConfig
from .moves import Lot


class JoustingEvent(Event, Registered, prefix="ja"):
    """The game's events: frozen dataclasses the codec names "ja.<snake_case name>"."""


class GameSetUp(Undisclosed, JoustingEvent):
    """JA-3/JA-4 deal and the first coats of arms (A drawn at random, then clockwise).
    Private as a whole: each knight sees their own hand; face-up cards are public."""

    config: JoustingConfig
    hands: tuple[tuple[str, ...], ...]
    letters: tuple[int, ...]
    face_up: tuple[str, ...]
    draft_order: tuple[int, ...]


class CardDrafted(JoustingEvent):
    seat: int
    card: str


class RoundBegan(JoustingEvent):
    """JA-5: a barter session opens."""

    round: int


class OfferMade(JoustingEvent):
    """JH-3: open offers are public; an offer to one knight is between the two."""

    offer: int
    seat: int
    to: int | None
    give: Lot
    want: Lot

    def audience(self) -> frozenset[int] | None:
        return None if self.to is None else frozenset({self.seat, self.to})


class OfferClosed(JoustingEvent):
    """An offer declined (by `seat`, for that knight only when open) or cancelled."""

    offer: int
    seat: int
    how: str  # "declined" | "cancelled"
    parties: frozenset[int] | None  # None: an open offer, public

    def audience(self) -> frozenset[int] | None:
        return self.parties


class TradeMade(JoustingEvent):
    """JH-3: the offer executed in full. Coins are public; the cards of a private
    offer are seen by the two traders only."""

    offer: int
    seat: int  # who made the offer
    by: int  # who accepted it
    give: Lot
    want: Lot
    open: bool

    def audience(self) -> frozenset[int] | None:
        return None if self.open else frozenset({self.seat, self.by})


class CardsShown(JoustingEvent):
    seat: int
    to: frozenset[int]
    cards: tuple[str, ...]

    def audience(self) -> frozenset[int] | None:
        return frozenset({self.seat, *self.to})


class SaidDone(JoustingEvent):
    seat: int


class Withdrew(JoustingEvent):
    """JA-7: out of the fighting for good."""

    seat: int


class BarterEnded(JoustingEvent):
    round: int


class Disqualified(JoustingEvent):
    """JA-7: no complete set at the duels."""

    seats: frozenset[int]


class CourseChanged(JoustingEvent):
    """JA-8/JH-4: the course for the new number of knights, re-lettered, from round 1."""

    letters: tuple[int, ...]


class DuelsCalled(JoustingEvent):
    round: int
    course_round: int  # 0-based round of the current course
    pairs: tuple[tuple[int, int], ...]
    byes: tuple[int, ...]


class CardsLaid(SeatPrivate, JoustingEvent):
    """JA-9: secret until both duelists have laid."""

    seat: int
    cards: tuple[str, str, str, str]


class DuelAbandoned(JoustingEvent):
    """A duelist withdrew before the reveal: the other takes their laid cards back."""

    pair: tuple[int, int]


class DuelRevealed(JoustingEvent):
    """JA-9..JA-11: both sets face up, each place's winner (None: joker against joker or
    no winner), and the duel's winner (None: a draw, JA-12)."""

    pair: tuple[int, int]
    laid: tuple[tuple[str, str, str, str], tuple[str, str, str, str]]
    places: tuple[int | None, int | None, int | None, int | None]
    winner: int | None


class JudgementThrown(JoustingEvent):
    """JH-5 live: the small chips that landed face up and the large chip they point to."""

    pair: tuple[int, int]
    showing: tuple[str, ...]
    dots: int
    right: str


class JudgementDecided(JoustingEvent):
    """JA-12/JH-5: `how` is "chip" (right chip first), "wrong_chip" (the other touched a
    wrong one), "lot" (drawn from the seed) or "withdrew" (the other duelist withdrew
    during the judgement, JA-7)."""

    pair: tuple[int, int]
    winner: int
    how: str
    picked: str | None = None


class JunkBought(SeatPrivate, JoustingEvent):
    """JA-13: a blind draw; only the buyer sees the card."""

    seat: int
    card: str


class JunkPassed(JoustingEvent):
    seat: int


class GameEnded(JoustingEvent):
    """JA-14/JH-6: the last fit knight's bonus (None: nobody left fit), and the winners
    by money."""

    bonus_to: int | None
    winners: frozenset[int]
