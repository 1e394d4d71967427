"""Tournament moves: what a player decides, registered with stable wire names."""

from __future__ import annotations

from dataclasses import dataclass

from games.engine.core import Move, register


@register("tournament.play_card")
@dataclass(frozen=True)
class PlayCard(Move):
    """Play a card into the Melee. Wild/special cards carry the value assigned (TH-2, TH-4)
    and, when they lead, the Lead Suit named (TH-3); `extra` is Merlin's or The Lion's
    second card, `boost` King Arthur's +3."""

    card: str
    value: int = 0
    suit: str = ""
    extra: str = ""
    boost: bool = False


@register("tournament.shame")
@dataclass(frozen=True)
class Shame(Move):
    """TT-11: discard a card face up and take 5 Injury ("" with an empty hand)."""

    card: str


@register("tournament.choose_pass")
@dataclass(frozen=True)
class ChoosePass(Move):
    cards: frozenset[str]  # TA-3: three cards for the neighbour


@register("tournament.decide_passing")
@dataclass(frozen=True)
class DecidePassing(Move):
    allow: bool  # The Sword


@register("tournament.command")
@dataclass(frozen=True)
class Command(Move):
    target: int  # Arthur Pendragon


@register("tournament.give_card")
@dataclass(frozen=True)
class GiveCard(Move):
    card: str  # Arthur Pendragon, at the end of the Melee


@register("tournament.give_hit")
@dataclass(frozen=True)
class GiveHit(Move):
    card: str  # Sir Percival / Sir Lionel at Dusk
    to: int


@register("tournament.finish_dusk")
@dataclass(frozen=True)
class FinishDusk(Move):
    pass


@register("tournament.choose_location")
@dataclass(frozen=True)
class ChooseLocation(Move):
    location: str


@register("tournament.pick_godsend")
@dataclass(frozen=True)
class PickGodsend(Move):
    source: str  # "left" | "right" (face up) | "deck" (TT-22)


@register("tournament.place_godsend")
@dataclass(frozen=True)
class PlaceGodsend(Move):
    target: int  # the opponent a harmful Godsend goes to


@register("tournament.choose")
@dataclass(frozen=True)
class Choose(Move):
    """Answer the power decision asked of you (an option of the Ask, e.g. "use")."""

    option: str
