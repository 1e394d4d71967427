"""Tournament events: past-tense facts, registered with stable wire names.

Events holding secret cards (Dealt, PassChosen, CardsPassed, CardGiven, face-down plays,
Godsend deck order) are redacted per viewer in `views.py`; the rest are public.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.engine.core import Event, register

from .state import Entry, Rules


@register("tournament.game_started")
@dataclass(frozen=True)
class GameStarted(Event):
    rules: Rules
    protagonists: tuple[str | None, ...]
    companions: tuple[str | None, ...]
    health: int
    dealer: int
    godsend_deck: tuple[str, ...]  # secret order
    host: int | None = None


@register("tournament.location_asked")
@dataclass(frozen=True)
class LocationAsked(Event):
    seat: int
    choosing: str  # "chaos" | "nimue" | "ring"


@register("tournament.location_chosen")
@dataclass(frozen=True)
class LocationChosen(Event):
    seat: int
    location: str
    choosing: str


@register("tournament.dealt")
@dataclass(frozen=True)
class Dealt(Event):
    round: int
    dealer: int
    hands: tuple[tuple[str, ...], ...]
    deck: tuple[str, ...]


@register("tournament.merlin_granted")
@dataclass(frozen=True)
class MerlinGranted(Event):
    seat: int  # Carmathen's Host takes the special Merlin


@register("tournament.sword_asked")
@dataclass(frozen=True)
class SwordAsked(Event):
    seat: int


@register("tournament.passing_decided")
@dataclass(frozen=True)
class PassingDecided(Event):
    seat: int
    allow: bool


@register("tournament.passing_started")
@dataclass(frozen=True)
class PassingStarted(Event):
    direction: int  # +1 left, -1 right (TA-3)
    sword_waits: int | None


@register("tournament.pass_chosen")
@dataclass(frozen=True)
class PassChosen(Event):
    seat: int
    cards: frozenset[str]


@register("tournament.cards_passed")
@dataclass(frozen=True)
class CardsPassed(Event):
    moves: tuple[tuple[int, int, tuple[str, ...]], ...]  # (from, to, cards)


@register("tournament.melee_started")
@dataclass(frozen=True)
class MeleeStarted(Event):
    lead: int


@register("tournament.commanded")
@dataclass(frozen=True)
class Commanded(Event):
    seat: int
    target: int


@register("tournament.card_played")
@dataclass(frozen=True)
class CardPlayed(Event):
    slot: int
    seat: int
    card: str
    value: int
    suit: str | None
    face_down: bool = False
    leads: bool = False
    alchemy_led: bool = False


@register("tournament.turn_moved")
@dataclass(frozen=True)
class TurnMoved(Event):
    turn: int


@register("tournament.shamed")
@dataclass(frozen=True)
class Shamed(Event):
    seat: int
    card: str  # "" when nothing was discarded (empty hand, Mists)
    injury: int
    why: str = "shame"


@register("tournament.entries_discarded")
@dataclass(frozen=True)
class EntriesDiscarded(Event):
    orders: tuple[int, ...]  # Mists of Avalon (TA-8)
    by: int


@register("tournament.health_changed")
@dataclass(frozen=True)
class HealthChanged(Event):
    seat: int
    delta: int
    why: str


@register("tournament.companion_unlocked")
@dataclass(frozen=True)
class CompanionUnlocked(Event):
    seat: int
    health: int


@register("tournament.power_used")
@dataclass(frozen=True)
class PowerUsed(Event):
    seat: int
    power: str


@register("tournament.entry_marked")
@dataclass(frozen=True)
class EntryMarked(Event):
    order: int  # Elf Knight token


@register("tournament.entry_moved")
@dataclass(frozen=True)
class EntryMoved(Event):
    order: int  # Lancelot du Lac: a broken Feint's card goes to an opponent's hits
    to: int


@register("tournament.cards_revealed")
@dataclass(frozen=True)
class CardsRevealed(Event):
    entries: tuple[Entry, ...]


@register("tournament.order_chosen")
@dataclass(frozen=True)
class OrderChosen(Event):
    """TT-23: the order the least healthy player chose for a seat's Dusk powers."""

    seat: int
    by: int
    order: tuple[str, ...]


@register("tournament.card_turned_up")
@dataclass(frozen=True)
class CardTurnedUp(Event):
    """The Elf Queen's Melee is revealed card by card, in turn order (a wild or special card
    with the value its player gives it now, TH-4). Older logs hold one CardsRevealed."""

    order: int
    seat: int
    card: str
    value: int


@register("tournament.melee_ended")
@dataclass(frozen=True)
class MeleeEnded(Event):
    loser: int | None
    taken: tuple[str, ...]
    discarded: tuple[str, ...]
    set_aside: tuple[str, ...]
    feints: int  # how many cards were Feinted (statistics and views)


@register("tournament.card_given")
@dataclass(frozen=True)
class CardGiven(Event):
    seat: int
    to: int
    card: str  # "" when Arthur had nothing left to give


@register("tournament.round_ended")
@dataclass(frozen=True)
class RoundEnded(Event):
    reason: str  # "swift_end" | "cards_played"
    discarded: tuple[str, ...]  # TT-14: Feinted cards of the last Melee


@register("tournament.dusk_started")
@dataclass(frozen=True)
class DuskStarted(Event):
    queue: tuple[int, ...]


@register("tournament.hit_given")
@dataclass(frozen=True)
class HitGiven(Event):
    seat: int
    card: str
    to: int
    power: str


@register("tournament.dusk_done")
@dataclass(frozen=True)
class DuskDone(Event):
    seat: int


@register("tournament.dusk_tallied")
@dataclass(frozen=True)
class DuskTallied(Event):
    injuries: tuple[int, ...]


@register("tournament.dealer_chosen")
@dataclass(frozen=True)
class DealerChosen(Event):
    dealer: int
    host: int | None = None


@register("tournament.godsends_cleared")
@dataclass(frozen=True)
class GodsendsCleared(Event):
    cards: tuple[str, ...]


@register("tournament.godsend_deck_shuffled")
@dataclass(frozen=True)
class GodsendDeckShuffled(Event):
    order: tuple[str, ...]  # secret


@register("tournament.godsends_revealed")
@dataclass(frozen=True)
class GodsendsRevealed(Event):
    recipients: tuple[int, ...]
    cards: tuple[str, ...]


@register("tournament.godsend_taken")
@dataclass(frozen=True)
class GodsendTaken(Event):
    seat: int
    godsend: str
    source: str  # "left" | "right" | "deck"
    replacement: str  # the card turned up in its place ("" if none)


@register("tournament.godsend_placed")
@dataclass(frozen=True)
class GodsendPlaced(Event):
    seat: int
    godsend: str
    by: int


@register("tournament.godsend_cancelled")
@dataclass(frozen=True)
class GodsendCancelled(Event):
    seat: int
    godsend: str  # The Swan


@register("tournament.godsend_phase_ended")
@dataclass(frozen=True)
class GodsendPhaseEnded(Event):
    discarded: tuple[str, ...]


@register("tournament.choice_asked")
@dataclass(frozen=True)
class ChoiceAsked(Event):
    """A power's owner is asked whether (and how) to use it (choices.py)."""

    seat: int
    power: str
    options: tuple[str, ...]
    losers: tuple[int, ...] = ()
    stake: int = 0
    at: tuple[int, ...] = ()
    results: tuple[int, ...] = ()  # TT-23: the Injury each order gives


@register("tournament.choice_made")
@dataclass(frozen=True)
class ChoiceMade(Event):
    seat: int
    power: str
    option: str


@register("tournament.loss_passed")
@dataclass(frozen=True)
class LossPassed(Event):
    seat: int  # Guinevere: her cards are passed over when finding the Melee's loser
    orders: tuple[int, ...]


@register("tournament.game_ended")
@dataclass(frozen=True)
class GameEnded(Event):
    winners: tuple[int, ...]
    reason: str
