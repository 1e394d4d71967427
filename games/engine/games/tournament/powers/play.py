"""Powers on the before_play and after_play hooks: card values (King Arthur's +3, suit
bonuses, Beswitched) and The Destrier's charge."""

from __future__ import annotations

from typing import Any

from ..carddata import CardData
from ..hooks import handler
from ..weapons import weapon


def _family(card: str) -> str | None:
    w = weapon(card)
    return w.suit if w.kind == "basic" else "alchemy"


@handler("before_play", "king_arthur")
def king_arthur(b: Any, seat: int, data: CardData, **kw: Any) -> None:
    """The +3 token (the move carries `boost`; legality checked it is unused)."""
    ctx = kw["ctx"]
    if ctx["boost"]:
        ctx["value"] += int(data.params[0])


@handler("before_play", "value_bonus")
def value_bonus(b: Any, seat: int, data: CardData, **kw: Any) -> None:
    """A basic suit (never Alchemy, per the rulebook) or Alchemy counts higher."""
    ctx = kw["ctx"]
    if _family(ctx["card"]) == data.params[0]:
        ctx["value"] += int(data.params[1])


@handler("before_play", "value_malus")
def value_malus(b: Any, seat: int, data: CardData, **kw: Any) -> None:
    kw["ctx"]["value"] -= int(data.params[0])


@handler("after_play", "destrier")
def destrier(b: Any, seat: int, data: CardData, **kw: Any) -> None:
    entry = kw["entry"]
    w = weapon(entry.card)
    lead = b.state.lead
    charge = entry.seat == seat and w.suit == "swords" and entry.value >= int(data.params[0])
    if charge and lead != seat:
        b.injure(lead, int(data.params[1]), data.id)
