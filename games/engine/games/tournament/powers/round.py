"""Dawn, passing, Godsend-phase and threshold powers: healing, Carmathen's Merlin, The Sword,
Godsends that act at once (heal, injure, Ring of Stones), The Swan's blessing, Sir Ector."""

from __future__ import annotations

from typing import Any

from .. import events as ev
from ..carddata import CardData
from ..hooks import handler


@handler("dawn", "nimue")
def nimue(b: Any, seat: int, data: CardData, **kw: Any) -> None:
    """Nimue chooses the Location she hosts before the cards are dealt."""
    if kw.get("stage") == "start" and b.state.chooser is None:
        b.emit(ev.LocationAsked(seat, "nimue"))


@handler("dawn", "dawn_heal")
def dawn_heal(b: Any, seat: int, data: CardData, **kw: Any) -> None:
    if kw.get("stage") == "dealt":
        b.heal(seat, int(data.params[0]), data.id)


@handler("dawn", "carmathen")
def carmathen(b: Any, seat: int, data: CardData, **kw: Any) -> None:
    """The special Merlin joins the Host's hand (only one exists)."""
    if kw.get("stage") == "dealt" and not any("avalon-merlin" in p.hand for p in b.state.players):
        b.emit(ev.MerlinGranted(seat))


@handler("passing", "sword")
def sword(b: Any, seat: int, data: CardData, **kw: Any) -> None:
    """The Sword: after the deal and before passing, allow or deny passing."""
    if b.state.phase != "sword":
        b.emit(ev.SwordAsked(seat))


@handler("godsend_phase", "swan")
def swan(b: Any, seat: int, data: CardData, **kw: Any) -> None:
    """A harmful Godsend placed on The Swan's player is discarded; a healing one heals more."""
    if kw.get("stage") != "placing":
        return
    placing = kw["placing"]
    if placing["godsend"].target == "opponent":
        placing["cancel"] = True
    elif placing["godsend"].effect == "heal":
        placing["bonus"] += int(data.params[0])


@handler("godsend_phase", "heal")
def heal(b: Any, seat: int, data: CardData, **kw: Any) -> None:
    if kw.get("stage") == "effect":
        b.heal(seat, int(data.params[0]) + int(kw.get("bonus", 0)), data.id)


@handler("godsend_phase", "injure")
def injure(b: Any, seat: int, data: CardData, **kw: Any) -> None:
    if kw.get("stage") == "effect":
        b.injure(seat, int(data.params[0]), data.id)


@handler("godsend_phase", "ring_of_stones")
def ring_of_stones(b: Any, seat: int, data: CardData, **kw: Any) -> None:
    if kw.get("stage") == "effect":
        b.emit(ev.LocationAsked(seat, "ring"))


@handler("threshold_crossing", "join_heal")
def join_heal(b: Any, seat: int, data: CardData, **kw: Any) -> None:
    """Sir Ector: heals once, the moment he unlocks."""
    b.heal(seat, int(data.params[0]), data.id)
