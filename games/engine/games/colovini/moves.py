"""What a player of Avalon by Leo Colovini can decide: imperative, frozen, registered."""

from __future__ import annotations

from games.engine.core import Move, Registered

REINFORCE, ENCHANT, ATTACK = "reinforce", "enchant", "attack"
MODES = (REINFORCE, ENCHANT, ATTACK)


class ColoviniMove(Move, Registered, prefix="ca"):
    """The game's moves: frozen dataclasses the codec names "ca.<snake_case name>"."""


class PlayCard(ColoviniMove):
    """CA-5: play `card` from hand onto your side of region `region` (its row position),
    as a reinforcement, an enchantment (CA-6) or an attack (CA-8)."""

    card: str
    region: int
    mode: str = REINFORCE


class CounterSpell(ColoviniMove):
    """CA-7: the defender answers an enchantment with a sorceress of its colour."""


class Resist(ColoviniMove):
    """CA-9: the defender answers an attack with a knight of the attacker's colour."""


class LetPass(ColoviniMove):
    """CH-3: the defender does not react (also what a timeout plays)."""


class UseAvalon(ColoviniMove):
    """CA-15: Avalon's owner loses one card fewer in this conquest's second step."""


class LoseHandCard(ColoviniMove):
    """CA-11 step 2: pay one card of the conquest's losses from hand."""

    card: str


class LosePileTop(ColoviniMove):
    """CA-11 step 2: pay one card of the losses from the top of your pile at `region`."""

    region: int


class EndTurn(ColoviniMove):
    """CA-13: end the turn, taking an available reinforcement tile of kind `tile`."""

    tile: str


class Discard(ColoviniMove):
    """CA-13: discard a card of your choice down to the hand limit."""

    card: str
