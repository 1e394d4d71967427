"""Playing a Melee: cards in, Shame, Mists of Avalon, Feints and the loser
(TT-9..TT-14, TT-16, TA-5..TA-8, TC-1, TC-3, TH-2..TH-4).

The Lead Suit is fixed by the first card and never changes (TT-16), even if that card
later leaves the Melee. Feints are recomputed from the cards present, so a Feint lasts only
while another card of its value remains (TT-12).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from . import events as ev
from .feints import feinted, loss_line
from .flow import Builder
from .hooks import active, run, run_for
from .moves import Command, PlayCard, Shame
from .plays import actor, elf_queen_leads, leading
from .state import Entry
from .weapons import weapon


def card_value(b: Builder, seat: int, card: str, assigned: int, boost: bool) -> int:
    """Printed or assigned value, changed by the card player's before_play powers."""
    w = weapon(card)
    if w.value is None:
        return assigned  # TH-2/TH-4: wild and special cards count as assigned
    ctx: dict[str, Any] = {"card": card, "value": w.value, "boost": boost}
    run_for("before_play", b, seat, ctx=ctx)
    return int(ctx["value"])


def continue_play(b: Builder) -> None:
    """Shame empty hands automatically, close finished Melees, stop at the next decision."""
    while not b.over and b.state.phase == "play":
        s = b.state
        if s.acted >= s.n:
            end_melee(b)
            if b.over or b.state.phase != "play":
                return
            b.next_melee()
            return
        seat = actor(s)
        if s.player(seat).hand:
            return
        b.shame(seat, "")  # an empty hand cannot play (Arthur Pendragon ruling)
        if not b.over:
            b.emit(ev.TurnMoved(s.left_of(s.turn)))


def play(b: Builder, move: PlayCard | Shame | Command) -> None:
    s = b.state
    seat = actor(s)
    if isinstance(move, Command):
        b.emit(ev.Commanded(seat, move.target))
        continue_play(b)
        return
    if isinstance(move, Shame):
        b.shame(seat, move.card)
    else:
        _place(b, seat, move)
    if not b.over:
        b.emit(ev.TurnMoved(s.left_of(s.turn)))
        continue_play(b)


def _place(b: Builder, seat: int, move: PlayCard) -> None:
    s = b.state
    w = weapon(move.card)
    face_down = elf_queen_leads(s)
    leads = leading(s)
    if leads:
        suit = w.suit if w.kind == "basic" else (None if w.kind == "alchemy" else move.suit)
    else:
        suit = w.suit if w.kind == "basic" else s.lead_suit
    value = card_value(b, seat, move.card, move.value, move.boost)
    first = s.played
    b.emit(
        ev.CardPlayed(
            s.turn, seat, move.card, value, suit, face_down, leads, leads and w.kind == "alchemy"
        )
    )
    if move.boost:
        b.emit(ev.PowerUsed(seat, "king-arthur"))
    if move.extra:
        xw = weapon(move.extra)
        xsuit = xw.suit if xw.kind == "basic" else b.state.lead_suit
        xvalue = card_value(b, seat, move.extra, 0, False)
        b.emit(ev.CardPlayed(s.turn, seat, move.extra, xvalue, xsuit, face_down))
        for data in active(b.state, seat, "extra_card"):
            if data.params[0] == "any":
                b.emit(ev.PowerUsed(seat, data.id))  # The Lion: once per round
    if not face_down:
        for entry in [x for x in b.state.melee if x.order >= first]:
            if not b.over:
                after_play(b, entry)


def after_play(b: Builder, entry: Entry) -> None:
    """TA-8 Mists of Avalon: discard the lowest revealed card already in, Shame its player."""
    run("after_play", b, entry=entry)
    if weapon(entry.card).family != "mists":
        return
    earlier = [  # only opponents' cards already in and revealed
        x
        for x in b.state.melee
        if x.order < entry.order and not x.face_down and x.seat != entry.seat
    ]
    if not earlier:
        return  # a Mists that leads discards nothing
    low = min(x.value for x in earlier)
    gone = [x for x in earlier if x.value == low]
    before = feinted(b.state.melee)
    b.emit(ev.EntriesDiscarded(tuple(x.order for x in gone), entry.seat))
    for x in gone:
        b.shame(x.seat, "", "mists")
        if b.over:
            return
    broken_feints(b, before)


def broken_feints(b: Builder, before: frozenset[int]) -> None:
    """TT-12: a card whose Feint partner left is no longer Feinted (Lancelot du Lac)."""
    now = feinted(b.state.melee)
    for x in [x for x in b.state.melee if x.order in before and x.order not in now]:
        run_for("melee_resolution", b, x.seat, stage="broken", entry=x)


@dataclass
class Resolution:
    """The loser as powers see and change it (Guinevere, Elf Knight)."""

    line: list[Entry]
    index: int = 0
    changed: bool = False

    @property
    def loser(self) -> Entry | None:
        return self.line[self.index] if self.index < len(self.line) else None


def end_melee(b: Builder) -> None:
    """TT-12..TT-14, TA-7: reveal, Feint, find the loser, hand out the cards."""
    s = b.state
    if any(x.face_down for x in s.melee):
        b.emit(ev.CardsRevealed(s.melee))  # Elf Queen: revealed in turn order
        for entry in list(b.state.melee):
            if any(x.order == entry.order for x in b.state.melee):
                after_play(b, entry)
            if b.over:
                return
    before = feinted(b.state.melee)
    run("melee_resolution", b, stage="before")  # Armor of Avalon
    broken_feints(b, before)
    res = Resolution(loss_line(b.state.melee))
    for _ in range(b.state.n + 1):
        res.changed = False
        if res.loser is None:
            break
        run_for("melee_resolution", b, res.loser.seat, stage="loser", res=res)
        if not res.changed:
            break
    melee = b.state.melee
    cards = tuple(x.card for x in melee)
    feints = len(feinted(melee))
    run("melee_resolution", b, stage="feints")
    if res.loser is None:  # TT-14: nobody loses; the cards wait for the next loser
        b.emit(ev.MeleeEnded(None, (), (), (*b.state.carried, *cards), feints))
    else:
        loser = res.loser.seat
        ctx = {"taken": [*cards, *b.state.carried], "discarded": [], "set_aside": []}
        run_for("melee_resolution", b, loser, stage="take", ctx=ctx)
        b.emit(
            ev.MeleeEnded(
                loser, tuple(ctx["taken"]), tuple(ctx["discarded"]), tuple(ctx["set_aside"]), feints
            )
        )
        run_for("melee_resolution", b, loser, stage="lost")
    s = b.state
    if s.phase == "gift" and s.arthur is not None and not s.player(s.arthur[0]).hand:
        b.emit(ev.CardGiven(s.arthur[0], s.arthur[1], ""))
