"""The Tournament state: frozen dataclasses folded from the event log.

Owns the shape only; `evolve.py` owns how events change it and `flow.py` what happens next.
"""

from __future__ import annotations

from typing import Literal

from games.engine.core import Registered

from .copying import with_player

Phase = Literal[
    "location", "sword", "passing", "play", "gift", "dusk", "godsend", "place", "choice", "over"
]

DECLINE = "decline"  # the option that leaves a power unused: every Ask offers it


class TournamentRecord(Registered, prefix="tournament"):
    """Parts of its state: frozen dataclasses the codec names "tournament.<snake_case name>"."""


class Ask(TournamentRecord):
    """A decision a power gives its owner (use it now, or keep it), asked mid-flow; play
    resumes in `resume` once it is answered (choices.py)."""

    seat: int
    power: str  # the card whose decision it is
    options: tuple[str, ...]  # "use", "use:<n>" (a Feint's value, tokens), "to:<seat>",
    # "value:<n>" (a card turned up, TH-4), DECLINE
    resume: Phase
    losers: tuple[int, ...] = ()  # per option: who would lose the Melee then (-1: nobody)
    stake: int = 0  # the Injury (or healing) the decision is about
    at: tuple[int, ...] = ()  # Melee entries it is about (Lancelot du Lac: card, cause)
    results: tuple[int, ...] = ()  # per option: the Injury it gives (TT-23)

    @property
    def key(self) -> str:
        """What `TState.answered` records once this is answered."""
        return answer_key(self.power, self.resume)


def answer_key(power: str, phase: str) -> str:
    return f"{power}/{phase}"


class Rules(TournamentRecord):
    """The options of the table, copied from the config at the start (config.py)."""

    ruleset: str
    deck: str
    chaos: bool
    powers: bool
    poisoned: tuple[int, ...]
    slug: str = "tournament-avalon"


class Entry(TournamentRecord):
    """A card in the Melee. `slot` is whose turn placed it, `seat` who takes its results
    (they differ only under Arthur Pendragon's command)."""

    order: int
    slot: int
    seat: int
    card: str
    value: int  # the value that counts (printed or assigned, plus powers)
    suit: str | None  # the suit it counts as (None: Alchemy led, every card in-suit)
    face_down: bool = False  # Elf Queen's Melees
    marked: bool = False  # Elf Knight token: counts as Feinted


class Player(TournamentRecord):
    protagonist: str | None
    companion: str | None
    health: int
    unlocked: bool = False
    hand: tuple[str, ...] = ()
    hits: tuple[str, ...] = ()
    godsends: tuple[str, ...] = ()
    used: tuple[str, ...] = ()  # once-per-round powers already used (TA-2 resets them)
    tokens: int = 0  # Chivalry tokens left
    passing: frozenset[str] | None = None  # TA-3: secret choice before the exchange
    given: int = 0  # Dusk: hits given by Sir Lionel this round
    given_to: int = -1  # ... and to whom (one opponent only)

    def powers(self) -> tuple[str, ...]:
        """Active power cards in TT-23 order: Godsends, Protagonist, Companion."""
        out = list(self.godsends)
        if self.protagonist:
            out.append(self.protagonist)
        if self.companion and self.unlocked:
            out.append(self.companion)
        return tuple(out)


class TState(TournamentRecord, wire="tournament.state"):
    rules: Rules
    players: tuple[Player, ...]
    dealer: int
    prev_dealer: int = 0  # TT-21: Godsend ties look left of the previous Dealer
    round: int = 0
    phase: Phase = "play"
    deck: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()  # face-up discards of this round (Shame, Mists)
    lead: int = 0
    turn: int = 0
    commanded: int | None = None  # Arthur Pendragon: the opponent playing in his slot now
    arthur: tuple[int, int] | None = None  # (Arthur, opponent): a card is owed at Melee end
    lead_suit: str | None = None
    alchemy_led: bool = False
    melee: tuple[Entry, ...] = ()
    played: int = 0  # entries ever placed in this Melee (orders)
    acted: int = 0  # slots of this Melee already done
    out: frozenset[int] = frozenset()  # Shamed out of this Melee
    carried: tuple[str, ...] = ()  # TT-14: all-Feinted cards waiting for a loser
    melee_no: int = 0
    passing_on: bool = False
    sword_waits: int | None = None  # The Sword: seat that passes after receiving
    godsend_deck: tuple[str, ...] = ()
    godsend_up: tuple[str, ...] = ()
    godsend_discard: tuple[str, ...] = ()
    recipients: tuple[int, ...] = ()
    placing: str | None = None  # a drawn Godsend waiting for its opponent target
    location: str | None = None  # Chaos of Battle's Location
    host: int | None = None
    hosted: tuple[tuple[int, str], ...] = ()  # (seat, location) from Nimue / Ring of Stones
    chooser: int | None = None  # who picks a Location now
    choosing: str = ""  # "chaos", "nimue" or "ring"
    dusk_queue: tuple[int, ...] = ()
    ask: Ask | None = None  # a power's owner decides (phase "choice")
    answered: tuple[str, ...] = ()  # "<power>/<phase>" asked and answered in this Melee or Dusk
    spared: tuple[int, ...] = ()  # entry orders passed over by Guinevere in this Melee
    orders: tuple[tuple[int, tuple[str, ...]], ...] = ()  # TT-23: (seat, powers' order) at Dusk
    winners: tuple[int, ...] | None = None
    end_reason: str = ""

    @property
    def n(self) -> int:
        return len(self.players)

    def player(self, seat: int) -> Player:
        return self.players[seat]

    def with_player(self, seat: int, **changes: object) -> TState:
        return with_player(self, seat, **changes)

    def left_of(self, seat: int, step: int = 1) -> int:
        return (seat + step) % self.n
