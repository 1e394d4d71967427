"""Tournament moves: what a player decides, registered with stable wire names."""

from __future__ import annotations

from games.engine.core import Move, Registered


class TournamentMove(Move, Registered, prefix="tournament"):
    """The game's moves: frozen dataclasses the codec names "tournament.<snake_case name>"."""


class PlayCard(TournamentMove):
    """Play a card into the Melee. Wild/special cards carry the value assigned (TH-2, TH-4)
    and, when they lead, the Lead Suit named (TH-3); `extra` is Merlin's or The Lion's
    second card, `boost` King Arthur's +3."""

    card: str
    value: int = 0
    suit: str = ""
    extra: str = ""
    boost: bool = False


class Shame(TournamentMove):
    """TT-11: discard a card face up and take 5 Injury ("" with an empty hand)."""

    card: str


class ChoosePass(TournamentMove):
    cards: frozenset[str]  # TA-3: three cards for the neighbour


class DecidePassing(TournamentMove):
    allow: bool  # The Sword


class Command(TournamentMove):
    target: int  # Arthur Pendragon


class GiveCard(TournamentMove):
    card: str  # Arthur Pendragon, at the end of the Melee


class GiveHit(TournamentMove):
    card: str  # Sir Percival / Sir Lionel at Dusk
    to: int


class FinishDusk(TournamentMove):
    pass


class ChooseLocation(TournamentMove):
    location: str


class PickGodsend(TournamentMove):
    source: str  # "left" | "right" (face up) | "deck" (TT-22)


class PlaceGodsend(TournamentMove):
    target: int  # the opponent a harmful Godsend goes to


class Choose(TournamentMove):
    """Answer the power decision asked of you (an option of the Ask, e.g. "use")."""

    option: str
