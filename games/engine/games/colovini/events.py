"""What happened in a game of Avalon by Leo Colovini: past-tense, frozen, registered.

Played cards, conquests and losses are public (the cards are face up, CA-5). The deal,
draws and reshuffles hold secrets (CH-4) and are split by views.redact.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.engine.core import Event, register
from games.engine.core.audience import SeatPrivate, Undisclosed

from .config import ColoviniConfig

Pile = tuple[str, ...]


@register("ca.game_set_up")
@dataclass(frozen=True)
class GameSetUp(Undisclosed):
    """CA-4: the face-down row, one face-up card per side and region, the hands, the deck
    and the start player. Private as a whole; each seat is shown its own hand."""

    config: ColoviniConfig
    row: tuple[str, ...]
    piles: tuple[tuple[Pile, Pile], ...]
    hands: tuple[Pile, Pile]
    deck: tuple[str, ...]
    first: int


@register("ca.turn_started")
@dataclass(frozen=True)
class TurnStarted(Event):
    seat: int
    turn: int


@register("ca.card_played")
@dataclass(frozen=True)
class CardPlayed(Event):
    """CA-5: a card goes face up onto `seat`'s pile at `region` as `mode`."""

    seat: int
    card: str
    region: int
    mode: str


@register("ca.enchanted")
@dataclass(frozen=True)
class Enchanted(Event):
    """CA-6: the opponent's top card `card` at `region` moves onto `seat`'s pile."""

    seat: int
    region: int
    card: str


@register("ca.enchantment_countered")
@dataclass(frozen=True)
class EnchantmentCountered(Event):
    """CA-7: `seat` (the defender) played `card` at `region`; the enchanting sorceress
    `taken` goes into the defender's hand."""

    seat: int
    region: int
    card: str
    taken: str


@register("ca.attack_resisted")
@dataclass(frozen=True)
class AttackResisted(Event):
    """CA-9: `seat` (the defender) played the knight `card` at `region`."""

    seat: int
    region: int
    card: str


@register("ca.region_conquered")
@dataclass(frozen=True)
class RegionConquered(Event):
    """CA-11, CA-12: `seat` takes the region (revealed as `region_key`); step 1 is done
    here (`defender_lost`, `conqueror_lost`); `losses` cards are owed in step 2."""

    seat: int
    region: int
    region_key: str
    defender_lost: tuple[str, ...]
    conqueror_lost: tuple[str, ...]
    losses: int


@register("ca.avalon_used")
@dataclass(frozen=True)
class AvalonUsed(Event):
    seat: int


@register("ca.loss_paid")
@dataclass(frozen=True)
class LossPaid(Event):
    """CA-11 step 2: `card` discarded from hand (region None) or a pile's top."""

    seat: int
    card: str
    region: int | None


@register("ca.losses_ended")
@dataclass(frozen=True)
class LossesEnded(Event):
    """The conqueror has no card left to pay with; `unpaid` losses lapse."""

    seat: int
    unpaid: int


@register("ca.tile_taken")
@dataclass(frozen=True)
class TileTaken(Event):
    """CA-16: `tile` (an index into tiles.TILES); a light tile gives `count` cards now."""

    seat: int
    tile: int
    count: int | None


@register("ca.tile_cashed")
@dataclass(frozen=True)
class TileCashed(Event):
    """CA-16: a dark tile gives `count` cards at the start of its taker's turn."""

    seat: int
    tile: int
    count: int


@register("ca.cards_drawn")
@dataclass(frozen=True)
class CardsDrawn(SeatPrivate):
    """Private to the drawer; others learn how many."""

    seat: int
    cards: tuple[str, ...]


@register("ca.deck_reshuffled")
@dataclass(frozen=True)
class DeckReshuffled(Undisclosed):
    """CA-13: the discards become the new deck, in this (secret) order."""

    deck: tuple[str, ...]


@register("ca.card_discarded")
@dataclass(frozen=True)
class CardDiscarded(Event):
    """CA-13: discarded down to the hand limit (face up on the discard pile)."""

    seat: int
    card: str


@register("ca.turn_ended")
@dataclass(frozen=True)
class TurnEnded(Event):
    seat: int
    crowns: int


@register("ca.game_ended")
@dataclass(frozen=True)
class GameEnded(Event):
    """CA-17: the winner owned regions worth 15 crowns or more at the end of their turn
    (reason "fifteen_crowns"); or, by our deadlock ruling, nobody can ever play a card
    again and the most crowns win, shared when equal (reason "deadlock")."""

    winners: tuple[int, ...]
    reason: str
    crowns: tuple[int, int]
