"""Melee powers: who loses and who takes what (Guinevere, Elf Knight, Sir Galahad, Armor of
Avalon, Sir Bors, Lancelot du Lac, Chivalry).

Stages of the melee_resolution hook: "before" (cards leave before the loss is decided),
"loser" (change the loser), "feints" (Feints resolved), "take" (what the loser takes),
"lost" (after the loss), "broken" (a Feint broke when a card left the Melee).
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from .. import events as ev
from ..carddata import CardData
from ..feints import feinted, loss_line
from ..hooks import handler, healthiest_opponent


def _unused(b: Any, seat: int, data: CardData) -> bool:
    return data.id not in b.state.player(seat).used


@handler("melee_resolution", "guinevere")
def guinevere(b: Any, seat: int, data: CardData, **kw: Any) -> None:
    """The first Melee she would lose each round passes to the next card in line."""
    if kw.get("stage") != "loser" or not _unused(b, seat, data):
        return
    res = kw["res"]
    for index in range(res.index + 1, len(res.line)):
        if res.line[index].seat != seat:
            b.emit(ev.PowerUsed(seat, data.id))
            res.index, res.changed = index, True
            return


@handler("melee_resolution", "elf_knight")
def elf_knight(b: Any, seat: int, data: CardData, **kw: Any) -> None:
    """Once per round the token makes her losing card count as Feinted."""
    if kw.get("stage") != "loser" or not _unused(b, seat, data):
        return
    res = kw["res"]
    b.emit(ev.PowerUsed(seat, data.id))
    b.emit(ev.EntryMarked(res.loser.order))
    res.line, res.index, res.changed = loss_line(b.state.melee), 0, True


@handler("melee_resolution", "galahad")
def galahad(b: Any, seat: int, data: CardData, **kw: Any) -> None:
    """Once per round he takes only his own cards; the rest wait for the next loser."""
    if kw.get("stage") != "take" or not _unused(b, seat, data):
        return
    ctx = kw["ctx"]
    own = [x.card for x in b.state.melee if x.seat == seat]
    rest = [c for c in ctx["taken"] if c not in own]
    if rest:
        b.emit(ev.PowerUsed(seat, data.id))
        ctx["taken"], ctx["set_aside"] = own, rest


@handler("melee_resolution", "armor")
def armor(b: Any, seat: int, data: CardData, **kw: Any) -> None:
    """Once per round, the other cards of a Feint holding his card are discarded."""
    if kw.get("stage") != "before" or not _unused(b, seat, data):
        return
    melee = b.state.melee
    gone = feinted(melee)
    mine = {x.value for x in melee if x.seat == seat and x.order in gone}
    others = tuple(x.order for x in melee if x.value in mine and x.seat != seat)
    if others:
        b.emit(ev.PowerUsed(seat, data.id))
        b.emit(ev.EntriesDiscarded(others, seat))


@handler("melee_resolution", "bors")
def bors(b: Any, seat: int, data: CardData, **kw: Any) -> None:
    """Every player in a Feint with Sir Bors heals once for that Feint."""
    if kw.get("stage") != "feints":
        return
    groups: dict[int, set[int]] = defaultdict(set)
    for x in b.state.melee:
        groups[x.value].add(x.seat)
    counts: dict[int, int] = defaultdict(int)
    for x in b.state.melee:
        counts[x.value] += 1
    for value, seats in sorted(groups.items()):
        if counts[value] > 1 and seat in seats:
            for healed in sorted(seats):
                b.heal(healed, int(data.params[0]), "sir-bors")


@handler("melee_resolution", "lancelot")
def lancelot(b: Any, seat: int, data: CardData, **kw: Any) -> None:
    """A broken Feint's card of his goes into the healthiest opponent's Weapon Hits."""
    if kw.get("stage") != "broken":
        return
    b.emit(ev.EntryMoved(kw["entry"].order, healthiest_opponent(b.state, seat)))


@handler("melee_resolution", "chivalry")
def chivalry(b: Any, seat: int, data: CardData, **kw: Any) -> None:
    if kw.get("stage") == "lost" and b.state.player(seat).tokens > 0:
        b.emit(ev.PowerUsed(seat, "chivalry"))
        b.heal(seat, int(data.params[1]), "chivalry")
