"""Dusk powers (TT-17): the tally with its modifiers, and the Dusk decisions of Sir Percival
and Sir Lionel. A card's Injury is doubled at most once (TT-17)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .. import events as ev
from ..carddata import CardData
from ..hooks import active, handler, health_order, healthiest_opponent, run
from ..state import TState
from ..weapons import injury, is_poisoned, weapon

SPECIAL_FAMILIES = ("merlin", "morgan", "mists", "avalon-merlin")


@dataclass
class Line:
    card: str
    base: int
    soft: int | None = None  # replaced Injury (Lancelot, Scabbard, ...)
    free: bool = False
    double: bool = False

    def value(self) -> int:
        if self.free:
            return 0
        value = self.base if self.soft is None else min(self.base, self.soft)
        return value * 2 if self.double else value  # at most once


@dataclass
class Tally:
    lines: dict[int, list[Line]]
    reduce: dict[int, int] = field(default_factory=dict)
    extra: dict[int, int] = field(default_factory=dict)
    cap: dict[int, int] = field(default_factory=dict)

    def total(self, seat: int) -> int:
        raw = sum(line.value() for line in self.lines[seat])
        total = max(0, raw - self.reduce.get(seat, 0)) + self.extra.get(seat, 0)
        return min(total, self.cap.get(seat, total))


def tally(b: Any) -> tuple[int, ...]:
    s: TState = b.state
    t = Tally(
        {
            seat: [Line(c, injury(c, s.rules.poisoned)) for c in p.hits]
            for seat, p in enumerate(s.players)
        }
    )
    run("dusk_tally", b, stage="tally", tally=t)
    return tuple(t.total(seat) for seat in range(s.n))


def _lines(kw: dict[str, Any], seat: int) -> list[Line] | None:
    if kw.get("stage") != "tally":
        return None
    lines: list[Line] = kw["tally"].lines[seat]
    return lines


def _matches(card: str, family: str) -> bool:
    w = weapon(card)
    return (w.kind == "basic" and w.suit == family) or (w.kind == "alchemy" and family == "alchemy")


@handler("dusk_tally", "suit_free")
def suit_free(b: Any, seat: int, data: CardData, **kw: Any) -> None:
    for line in _lines(kw, seat) or []:
        if _matches(line.card, str(data.params[0])):
            line.free = True


@handler("dusk_tally", "poison_soft")
def poison_soft(b: Any, seat: int, data: CardData, **kw: Any) -> None:
    for line in _lines(kw, seat) or []:
        if weapon(line.card).kind == "basic" and is_poisoned(line.card, b.state.rules.poisoned):
            line.soft = 5


@handler("dusk_tally", "special_soft")
def special_soft(b: Any, seat: int, data: CardData, **kw: Any) -> None:
    for line in _lines(kw, seat) or []:
        if weapon(line.card).family in SPECIAL_FAMILIES:
            line.soft = int(data.params[0])


@handler("dusk_tally", "double_suit")
def double_suit(b: Any, seat: int, data: CardData, **kw: Any) -> None:
    for line in _lines(kw, seat) or []:
        if weapon(line.card).kind == "basic" and weapon(line.card).suit == data.params[0]:
            line.double = True


@handler("dusk_tally", "grimoire")
def grimoire(b: Any, seat: int, data: CardData, **kw: Any) -> None:
    lines = _lines(kw, seat)
    if lines is not None:
        count = sum(1 for line in lines if _matches(line.card, "sorcery"))
        kw["tally"].reduce[seat] = kw["tally"].reduce.get(seat, 0) + count * int(data.params[0])


@handler("dusk_tally", "dusk_reduce")
def dusk_reduce(b: Any, seat: int, data: CardData, **kw: Any) -> None:
    if kw.get("stage") == "tally":
        kw["tally"].reduce[seat] = kw["tally"].reduce.get(seat, 0) + int(data.params[0])


@handler("dusk_tally", "dusk_extra")
def dusk_extra(b: Any, seat: int, data: CardData, **kw: Any) -> None:
    if kw.get("stage") == "tally":
        kw["tally"].extra[seat] = kw["tally"].extra.get(seat, 0) + int(data.params[0])


@handler("dusk_tally", "cap")
def cap(b: Any, seat: int, data: CardData, **kw: Any) -> None:
    if kw.get("stage") == "tally":
        t = kw["tally"]
        t.cap[seat] = min(t.cap.get(seat, 10_000), int(data.params[0]))


@handler("dusk_tally", "mordred")
def mordred(b: Any, seat: int, data: CardData, **kw: Any) -> None:
    """Before the tally, the most injurious hit goes to the healthiest opponent."""
    s: TState = b.state
    hits = s.player(seat).hits
    if kw.get("stage") != "before" or not hits:
        return
    worst = max(hits, key=lambda c: injury(c, s.rules.poisoned))
    b.emit(ev.HitGiven(seat, worst, healthiest_opponent(s, seat), data.id))


def percival_cards(state: TState, seat: int) -> list[str]:
    if not active(state, seat, "percival"):
        return []
    return [
        c
        for c in state.player(seat).hits
        if weapon(c).kind == "basic" and weapon(c).suit == "arrows"
    ]


def lionel_cards(state: TState, seat: int) -> list[str]:
    p = state.player(seat)
    for data in active(state, seat, "lionel"):
        if p.given < int(data.params[0]) and (data.id not in p.used or p.given > 0):
            return list(p.hits)
    return []


def dusk_targets(state: TState, seat: int) -> list[tuple[str, int]]:
    """Every (card, opponent) the seat may still hand out at Dusk."""
    out = [(c, t) for c in percival_cards(state, seat) for t in range(state.n) if t != seat]
    p = state.player(seat)
    targets = [p.given_to] if p.given else [t for t in range(state.n) if t != seat]
    out += [(c, t) for c in lionel_cards(state, seat) for t in targets]
    return sorted(set(out))


def dusk_decisions(state: TState) -> tuple[int, ...]:
    return tuple(s for s in health_order(state) if dusk_targets(state, s))


def give_hit(b: Any, seat: int, card: str, to: int) -> None:
    s: TState = b.state
    power = "sir-percival" if card in percival_cards(s, seat) else "sir-lionel"
    if power == "sir-lionel" and s.player(seat).given == 0:
        b.emit(ev.PowerUsed(seat, "sir-lionel"))
    b.emit(ev.HitGiven(seat, card, to, power))
    if not dusk_targets(b.state, seat):
        finish(b, seat)


def finish(b: Any, seat: int) -> None:
    b.emit(ev.DuskDone(seat))
    if not b.state.dusk_queue:
        b.finish_dusk()
