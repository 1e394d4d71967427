"""Tournament events: past-tense facts, registered with stable wire names.

Events holding secret cards (Dealt, PassChosen, CardsPassed, CardGiven, face-down plays,
Godsend deck order) are redacted per viewer in `views.py`; the rest are public.
"""

from __future__ import annotations

from games.engine.core import Event, Registered

from .state import Entry, Rules


class TournamentEvent(Event, Registered, prefix="tournament"):
    """The game's events: frozen dataclasses the codec names "tournament.<snake_case name>"."""


class GameStarted(TournamentEvent):
    rules: Rules
    protagonists: tuple[str | None, ...]
    companions: tuple[str | None, ...]
    health: int
    dealer: int
    godsend_deck: tuple[str, ...]  # secret order
    host: int | None = None


class LocationAsked(TournamentEvent):
    seat: int
    choosing: str  # "chaos" | "nimue" | "ring"


class LocationChosen(TournamentEvent):
    seat: int
    location: str
    choosing: str


class Dealt(TournamentEvent):
    round: int
    dealer: int
    hands: tuple[tuple[str, ...], ...]
    deck: tuple[str, ...]


class MerlinGranted(TournamentEvent):
    seat: int  # Carmathen's Host takes the special Merlin


class SwordAsked(TournamentEvent):
    seat: int


class PassingDecided(TournamentEvent):
    seat: int
    allow: bool


class PassingStarted(TournamentEvent):
    direction: int  # +1 left, -1 right (TA-3)
    sword_waits: int | None


class PassChosen(TournamentEvent):
    seat: int
    cards: frozenset[str]


class CardsPassed(TournamentEvent):
    moves: tuple[tuple[int, int, tuple[str, ...]], ...]  # (from, to, cards)


class MeleeStarted(TournamentEvent):
    lead: int


class Commanded(TournamentEvent):
    seat: int
    target: int


class CardPlayed(TournamentEvent):
    slot: int
    seat: int
    card: str
    value: int
    suit: str | None
    face_down: bool = False
    leads: bool = False
    alchemy_led: bool = False


class TurnMoved(TournamentEvent):
    turn: int


class Shamed(TournamentEvent):
    seat: int
    card: str  # "" when nothing was discarded (empty hand, Mists)
    injury: int
    why: str = "shame"


class EntriesDiscarded(TournamentEvent):
    orders: tuple[int, ...]  # Mists of Avalon (TA-8)
    by: int


class HealthChanged(TournamentEvent):
    seat: int
    delta: int
    why: str


class CompanionUnlocked(TournamentEvent):
    seat: int
    health: int


class PowerUsed(TournamentEvent):
    seat: int
    power: str


class EntryMarked(TournamentEvent):
    order: int  # Elf Knight token


class EntryMoved(TournamentEvent):
    order: int  # Lancelot du Lac: a broken Feint's card goes to an opponent's hits
    to: int


class CardsRevealed(TournamentEvent):
    entries: tuple[Entry, ...]


class OrderChosen(TournamentEvent):
    """TT-23: the order the least healthy player chose for a seat's Dusk powers."""

    seat: int
    by: int
    order: tuple[str, ...]


class CardTurnedUp(TournamentEvent):
    """The Elf Queen's Melee is revealed card by card, in turn order (a wild or special card
    with the value its player gives it now, TH-4). Older logs hold one CardsRevealed."""

    order: int
    seat: int
    card: str
    value: int


class MeleeEnded(TournamentEvent):
    loser: int | None
    taken: tuple[str, ...]
    discarded: tuple[str, ...]
    set_aside: tuple[str, ...]
    feints: int  # how many cards were Feinted (statistics and views)


class CardGiven(TournamentEvent):
    seat: int
    to: int
    card: str  # "" when Arthur had nothing left to give


class RoundEnded(TournamentEvent):
    reason: str  # "swift_end" | "cards_played"
    discarded: tuple[str, ...]  # TT-14: Feinted cards of the last Melee


class DuskStarted(TournamentEvent):
    queue: tuple[int, ...]


class HitGiven(TournamentEvent):
    seat: int
    card: str
    to: int
    power: str


class DuskDone(TournamentEvent):
    seat: int


class DuskTallied(TournamentEvent):
    injuries: tuple[int, ...]


class DealerChosen(TournamentEvent):
    dealer: int
    host: int | None = None


class GodsendsCleared(TournamentEvent):
    cards: tuple[str, ...]


class GodsendDeckShuffled(TournamentEvent):
    order: tuple[str, ...]  # secret


class GodsendsRevealed(TournamentEvent):
    recipients: tuple[int, ...]
    cards: tuple[str, ...]


class GodsendTaken(TournamentEvent):
    seat: int
    godsend: str
    source: str  # "left" | "right" | "deck"
    replacement: str  # the card turned up in its place ("" if none)


class GodsendPlaced(TournamentEvent):
    seat: int
    godsend: str
    by: int


class GodsendCancelled(TournamentEvent):
    seat: int
    godsend: str  # The Swan


class GodsendPhaseEnded(TournamentEvent):
    discarded: tuple[str, ...]


class ChoiceAsked(TournamentEvent):
    """A power's owner is asked whether (and how) to use it (choices.py)."""

    seat: int
    power: str
    options: tuple[str, ...]
    losers: tuple[int, ...] = ()
    stake: int = 0
    at: tuple[int, ...] = ()
    results: tuple[int, ...] = ()  # TT-23: the Injury each order gives


class ChoiceMade(TournamentEvent):
    seat: int
    power: str
    option: str


class LossPassed(TournamentEvent):
    seat: int  # Guinevere: her cards are passed over when finding the Melee's loser
    orders: tuple[int, ...]


class GameEnded(TournamentEvent):
    winners: tuple[int, ...]
    reason: str
