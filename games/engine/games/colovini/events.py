"""What happened in a game of Avalon by Leo Colovini: past-tense, frozen, registered.

Played cards, conquests and losses are public (the cards are face up, CA-5). The deal,
draws and reshuffles hold secrets (CH-4) and are split by views.redact.
"""

from __future__ import annotations

from games.engine.core import Event, Registered
from games.engine.core.audience import SeatPrivate, Undisclosed

from .config import ColoviniConfig

Pile = tuple[str, ...]


class ColoviniEvent(Event, Registered, prefix="ca"):
    """The game's events: frozen dataclasses the codec names "ca.<snake_case name>"."""


class GameSetUp(Undisclosed, ColoviniEvent):
    """CA-4: the face-down row, one face-up card per side and region, the hands, the deck
    and the start player. Private as a whole; each seat is shown its own hand."""

    config: ColoviniConfig
    row: tuple[str, ...]
    piles: tuple[tuple[Pile, Pile], ...]
    hands: tuple[Pile, Pile]
    deck: tuple[str, ...]
    first: int


class TurnStarted(ColoviniEvent):
    seat: int
    turn: int


class CardPlayed(ColoviniEvent):
    """CA-5: a card goes face up onto `seat`'s pile at `region` as `mode`."""

    seat: int
    card: str
    region: int
    mode: str


class Enchanted(ColoviniEvent):
    """CA-6: the opponent's top card `card` at `region` moves onto `seat`'s pile."""

    seat: int
    region: int
    card: str


class EnchantmentCountered(ColoviniEvent):
    """CA-7: `seat` (the defender) played `card` at `region`; the enchanting sorceress
    `taken` goes into the defender's hand."""

    seat: int
    region: int
    card: str
    taken: str


class AttackResisted(ColoviniEvent):
    """CA-9: `seat` (the defender) played the knight `card` at `region`."""

    seat: int
    region: int
    card: str


class RegionConquered(ColoviniEvent):
    """CA-11, CA-12: `seat` takes the region (revealed as `region_key`); step 1 is done
    here (`defender_lost`, `conqueror_lost`); `losses` cards are owed in step 2."""

    seat: int
    region: int
    region_key: str
    defender_lost: tuple[str, ...]
    conqueror_lost: tuple[str, ...]
    losses: int


class AvalonUsed(ColoviniEvent):
    seat: int


class LossPaid(ColoviniEvent):
    """CA-11 step 2: `card` discarded from hand (region None) or a pile's top."""

    seat: int
    card: str
    region: int | None


class LossesEnded(ColoviniEvent):
    """The conqueror has no card left to pay with; `unpaid` losses lapse."""

    seat: int
    unpaid: int


class TileTaken(ColoviniEvent):
    """CA-16: `tile` (an index into tiles.TILES); a light tile gives `count` cards now."""

    seat: int
    tile: int
    count: int | None


class TileCashed(ColoviniEvent):
    """CA-16: a dark tile gives `count` cards at the start of its taker's turn."""

    seat: int
    tile: int
    count: int


class CardsDrawn(SeatPrivate, ColoviniEvent):
    """Private to the drawer; others learn how many."""

    seat: int
    cards: tuple[str, ...]


class DeckReshuffled(Undisclosed, ColoviniEvent):
    """CA-13: the discards become the new deck, in this (secret) order."""

    deck: tuple[str, ...]


class CardDiscarded(ColoviniEvent):
    """CA-13: discarded down to the hand limit (face up on the discard pile)."""

    seat: int
    card: str


class TurnEnded(ColoviniEvent):
    seat: int
    crowns: int


class GameEnded(ColoviniEvent):
    """CA-17: the winner owned regions worth 15 crowns or more at the end of their turn
    (reason "fifteen_crowns"); or, by our deadlock ruling, nobody can ever play a card
    again and the most crowns win, shared when equal (reason "deadlock")."""

    winners: tuple[int, ...]
    reason: str
    crowns: tuple[int, int]
