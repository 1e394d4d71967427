"""Dusk powers (TT-17): the tally with its modifiers, and the Dusk decisions of Sir Percival
and Sir Lionel. A card's Injury is doubled at most once (TT-17)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import permutations
from typing import Any

from games.engine.core.hooks import Handler

from .. import events as ev
from ..carddata import CardData
from ..hooks import active, handler, health_order, healthiest_opponents, run
from ..questions import ORDER, TO, USE, answered, ask
from ..state import DECLINE, TState
from ..weapons import injury, is_poisoned, weapon

SPECIAL_FAMILIES = ("merlin", "morgan", "mists", "avalon-merlin")


class Line:
    """One hit in a seat's Dusk tally. One per hit per seat at every tally: a plain class
    with its own `__init__` is compiled whole (a dataclass's generated `__init__` stays
    interpreted code, a call through Python per hit)."""

    __slots__ = ("base", "card", "double", "free", "soft")

    def __init__(
        self,
        card: str,
        base: int,
        soft: int | None = None,  # replaced Injury (Lancelot, Scabbard, ...)
        free: bool = False,
        double: bool = False,
    ) -> None:
        self.card = card
        self.base = base
        self.soft = soft
        self.free = free
        self.double = double

    def value(self) -> int:
        if self.free:
            return 0
        value = self.base if self.soft is None else min(self.base, self.soft)
        return value * 2 if self.double else value  # at most once


Op = tuple[str, str, int]  # (card, "reduce" | "extra" | "cap", amount) on a seat's total
STANDING = {"reduce": 0, "extra": 1, "cap": 2}  # the order when nobody needs to choose


@dataclass
class Tally:
    """Each seat's hits (line by line) and the powers changing its total, applied in the
    standing order (reductions, additions, the cap) or the order chosen (TT-23)."""

    lines: dict[int, list[Line]]
    ops: dict[int, list[Op]] = field(default_factory=dict)
    orders: dict[int, tuple[str, ...]] = field(default_factory=dict)

    def add(self, seat: int, card: str, kind: str, amount: int) -> None:
        self.ops.setdefault(seat, []).append((card, kind, amount))

    def ordered(self, seat: int) -> list[Op]:
        ops = sorted(self.ops.get(seat, []), key=lambda op: STANDING[op[1]])
        chosen = self.orders.get(seat)
        if chosen:
            ops.sort(key=lambda op: chosen.index(op[0]) if op[0] in chosen else len(chosen))
        return ops

    def total(self, seat: int, ops: Sequence[Op] | None = None) -> int:
        total = sum(map(Line.value, self.lines[seat]))  # (no generator frame per seat)
        for _card, kind, amount in self.ordered(seat) if ops is None else ops:
            if kind == "reduce":
                total = max(0, total - amount)
            elif kind == "extra":
                total += amount
            else:
                total = min(total, amount)
        return total

    def conflict(self, seat: int) -> list[tuple[tuple[str, ...], int]]:
        """TT-23: the distinct outcomes of the orders of this seat's powers, each with one
        order giving it (the standing order first); fewer than two: no conflict."""
        out: dict[int, tuple[str, ...]] = {}
        for perm in permutations(self.ordered(seat)):
            out.setdefault(self.total(seat, perm), tuple(op[0] for op in perm))
        return [(order, total) for total, order in out.items()]


def build_tally(b: Any) -> Tally:
    s: TState = b.state
    t = Tally(
        {
            seat: [Line(c, injury(c, s.rules.poisoned)) for c in p.hits]
            for seat, p in enumerate(s.players)
        },
        orders=dict(s.orders),
    )
    run("dusk_tally", b, stage="tally", tally=t)
    return t


def tally(b: Any, built: Tally | None = None) -> tuple[int, ...]:
    """Each seat's Injury at the tally; `built`: `build_tally(b)` of this very state, when
    the caller has it already (`ask_order` asked nothing, so the state did not change)."""
    t = build_tally(b) if built is None else built
    return tuple(t.total(seat) for seat in range(b.state.n))


def ask_order(b: Any, t: Tally) -> bool:
    """TT-23: where the order of a seat's Dusk powers changes its Injury, the player with
    the least Health (TH-6 ties) chooses it; True when that question is asked. `t`:
    `build_tally(b)`."""
    s: TState = b.state
    chosen = {seat for seat, _order in s.orders}
    for seat in range(s.n):
        if seat in chosen or len(t.ops.get(seat, ())) < 2:
            continue  # chosen already, or one order only: one outcome (most seats)
        outcomes = t.conflict(seat)
        if len(outcomes) > 1:
            options = tuple(f"{ORDER}:{','.join(order)}" for order, _total in outcomes)
            results = tuple(total for _order, total in outcomes)
            ask(b, health_order(s)[0], ORDER, options, at=(seat,), results=results)
            return True
    return False


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
        kw["tally"].add(seat, data.id, "reduce", count * int(data.params[0]))


def _adds_to_tally(op: str) -> Handler:
    """A power that puts its first parameter on its owner's tally as `op` (STANDING)."""

    def add(b: Any, seat: int, data: CardData, **kw: Any) -> None:
        if kw.get("stage") == "tally":
            kw["tally"].add(seat, data.id, op, int(data.params[0]))

    return add


# The powers that take Injury off (dusk_reduce), add to it (dusk_extra) or cap it, by a number.
for _effect, _op in (("dusk_reduce", "reduce"), ("dusk_extra", "extra"), ("cap", "cap")):
    handler("dusk_tally", _effect)(_adds_to_tally(_op))


@handler("dusk_tally", "mordred")
def mordred(b: Any, seat: int, data: CardData, **kw: Any) -> None:
    """Before the tally, the most injurious hit goes to the healthiest opponent (its owner
    chooses among opponents tied for the most Health)."""
    s: TState = b.state
    if kw.get("stage") != "before" or not s.player(seat).hits or data.id in s.player(seat).used:
        return
    targets = healthiest_opponents(s, seat)
    if len(targets) > 1:
        ask(b, seat, data.id, tuple(f"{TO}:{t}" for t in targets))
    else:
        mordred_gives(b, seat, targets[0])


def mordred_gives(b: Any, seat: int, to: int) -> None:
    s: TState = b.state
    worst = max(s.player(seat).hits, key=lambda c: injury(c, s.rules.poisoned))
    b.emit(ev.PowerUsed(seat, "mordred"))
    b.emit(ev.HitGiven(seat, worst, to, "mordred"))


def tokens_left(state: TState, seat: int, data: CardData) -> int:
    """Will of God's tokens not spent yet; Chivalry's are counted on the player."""
    p = state.player(seat)
    if data.id == "chivalry":
        return p.tokens
    return int(data.params[0]) - p.used.count(data.id)


@handler("dusk_tally", "will_of_god")
@handler("dusk_tally", "chivalry")
def dusk_tokens(b: Any, seat: int, data: CardData, **kw: Any) -> None:
    """Dusk step 3, one last chance: spend Will of God tokens (each cancels 10 Injury) or
    Chivalry tokens left (each heals 5); the owner says how many."""
    s: TState = b.state
    if kw.get("stage") == "tally" and data.id == "will-of-god":
        spent = s.player(seat).used.count(data.id)
        if spent:
            kw["tally"].add(seat, data.id, "reduce", spent * int(data.params[1]))
        return
    left = tokens_left(s, seat, data)
    if kw.get("stage") != "before" or left <= 0 or answered(s, data.id):
        return
    options = tuple(f"{USE}:{n}" for n in range(left, 0, -1))
    ask(b, seat, data.id, (*options, DECLINE), (), int(data.params[1]))


def spend_tokens(b: Any, seat: int, power: str, count: int) -> None:
    """Spend `count` tokens (Chivalry's heal at once; Will of God's count at the tally)."""
    from ..godsends import GODSENDS

    for _ in range(count):
        b.emit(ev.PowerUsed(seat, power))
    if power == "chivalry":
        b.heal(seat, count * int(GODSENDS[power].params[1]), power)


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
    percival, lionel = percival_cards(state, seat), lionel_cards(state, seat)
    if not percival and not lionel:
        return []  # most seats: neither power, or nothing left to hand out
    out = [(c, t) for c in percival for t in range(state.n) if t != seat]
    p = state.player(seat)
    targets = [p.given_to] if p.given else [t for t in range(state.n) if t != seat]
    out += [(c, t) for c in lionel for t in targets]
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
