"""What a player of Avalon by Leo Colovini can decide: imperative, frozen, registered."""

from __future__ import annotations

from dataclasses import dataclass

from games.engine.core import Move, register

REINFORCE, ENCHANT, ATTACK = "reinforce", "enchant", "attack"
MODES = (REINFORCE, ENCHANT, ATTACK)


@register("ca.play_card")
@dataclass(frozen=True)
class PlayCard(Move):
    """CA-5: play `card` from hand onto your side of region `region` (its row position),
    as a reinforcement, an enchantment (CA-6) or an attack (CA-8)."""

    card: str
    region: int
    mode: str = REINFORCE


@register("ca.counter_spell")
@dataclass(frozen=True)
class CounterSpell(Move):
    """CA-7: the defender answers an enchantment with a sorceress of its colour."""


@register("ca.resist")
@dataclass(frozen=True)
class Resist(Move):
    """CA-9: the defender answers an attack with a knight of the attacker's colour."""


@register("ca.let_pass")
@dataclass(frozen=True)
class LetPass(Move):
    """CH-3: the defender does not react (also what a timeout plays)."""


@register("ca.use_avalon")
@dataclass(frozen=True)
class UseAvalon(Move):
    """CA-15: Avalon's owner loses one card fewer in this conquest's second step."""


@register("ca.lose_hand_card")
@dataclass(frozen=True)
class LoseHandCard(Move):
    """CA-11 step 2: pay one card of the conquest's losses from hand."""

    card: str


@register("ca.lose_pile_top")
@dataclass(frozen=True)
class LosePileTop(Move):
    """CA-11 step 2: pay one card of the losses from the top of your pile at `region`."""

    region: int


@register("ca.end_turn")
@dataclass(frozen=True)
class EndTurn(Move):
    """CA-13: end the turn, taking an available reinforcement tile of kind `tile`."""

    tile: str


@register("ca.discard")
@dataclass(frozen=True)
class Discard(Move):
    """CA-13: discard a card of your choice down to the hand limit."""

    card: str
