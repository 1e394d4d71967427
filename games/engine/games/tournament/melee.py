"""Playing a Melee: cards in, Shame, Mists of Avalon, Feints and the loser
(TT-9..TT-14, TT-16, TA-5..TA-8, TC-1, TC-3, TH-2..TH-4).

The Lead Suit is fixed by the first card and never changes (TT-16), even if that card
later leaves the Melee. Feints are recomputed from the cards present, so a Feint lasts only
while another card of its value remains (TT-12).
"""

from __future__ import annotations

from random import Random
from typing import Any, Final

from games.engine.core import Event
from games.engine.core.memo import per_key

from . import events as ev
from .copying import record
from .evolve import card_and_turn
from .feints import current_loser, feinted
from .flow import Builder
from .hooks import active, answers, quiet_seats, run, run_for
from .moves import Command, PlayCard, Shame
from .plays import actor, elf_queen_leads
from .questions import VALUE, VALUES, ask
from .state import Entry, TState
from .weapons import Weapon, weapon


def card_value(b: Builder, seat: int, card: str, assigned: int, boost: bool) -> int:
    """Printed or assigned value, changed by the card player's before_play powers."""
    w = weapon(card)
    if w.value is None:
        return assigned  # TH-2/TH-4: wild and special cards count as assigned
    if not answers(b.state, seat, "before_play"):
        return w.value  # no power of the seat changes it (most cards, most seats)
    ctx: dict[str, Any] = {"card": card, "value": w.value, "boost": boost}
    run_for("before_play", b, seat, ctx=ctx)
    return int(ctx["value"])


def continue_play(b: Builder) -> None:
    """Shame empty hands automatically, close finished Melees, stop at the next decision."""
    while not b.over and b.state.phase == "play":
        s = b.state
        n = len(s.players)  # s.n, s.player and s.left_of read inline (Python methods)
        if s.acted >= n:
            end_melee(b)  # goes on to the next Melee unless a decision is asked
            return
        seat = actor(s)
        if s.players[seat].hand:
            return
        b.shame(seat, "")  # an empty hand cannot play (Arthur Pendragon ruling)
        if not b.over:
            b.emit(turn_moved((s.turn + 1) % n))


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
    if not b.asking():
        next_turn(b)


def plain_play(s: TState, move: PlayCard, rng: Random) -> tuple[list[Event], TState] | None:
    """`play` of a card that sets nothing off between its CardPlayed and the TurnMoved
    after it, as `decide_folded` answers it: the two events folded in one copy of the
    state, then play goes on as `next_turn` would (the Melee's end, an empty hand's
    Shame), with a Builder only if something follows. None when the card may set
    something off, for `play` to go through it step by step: King Arthur's +3 or a
    second card, an after_play power it sets off or Mists of Avalon, a pending question,
    or a before_play power that would emit an event (they only change the value today).
    Otherwise `play` emits the same events and reads nothing between the two that
    could differ."""
    if move.boost or move.extra or s.ask is not None:
        return None
    w = weapon(move.card)
    now = s.turn  # read once (a record's attribute is a dict lookup at every read)
    seat = now if s.commanded is None else s.commanded  # actor(s)
    if w.family == "mists":
        return None
    seats = quiet_seats(s, seat)  # the powers table once for the three questions here
    if seats is None:
        return None
    if w.value is None:
        value = move.value  # TH-2/TH-4: wild and special cards count as assigned
    elif "before_play" in seats[seat].hooks:  # answers(s, seat, "before_play")
        scratch = Builder(s, None)  # the seat's powers change the printed value
        value = card_value(scratch, seat, move.card, move.value, move.boost)
        if scratch.events:
            return None
    else:
        value = w.value
    # elf_queen_leads(s), from the table in hand
    played = _card_played(s, seat, move, value, "elf_queen" in seats[s.lead].by_effect, w)
    n = len(s.players)
    turn = (now + 1) % n  # s.left_of(s.turn)
    moved = turn_moved(turn)
    after = card_and_turn(s, played, moved)
    if after.acted < n and after.players[turn].hand:
        return [played, moved], after  # the next player plays: `continue_play` stops
    b = Builder(after, rng)
    b.events += (played, moved)
    continue_play(b)  # the Melee's end, or an empty hand Shamed
    return b.events, b.state


def next_turn(b: Builder) -> None:
    """The slot is done: the turn moves on and play continues."""
    if not b.over:
        s = b.state
        b.emit(turn_moved((s.turn + 1) % len(s.players)))  # s.left_of(s.turn)
        continue_play(b)


def _card_played(
    s: TState, seat: int, move: PlayCard, value: int, face_down: bool, w: Weapon
) -> ev.CardPlayed:
    """The CardPlayed of `move`'s card by `seat`, worth `value`, in state `s`: a basic card
    keeps its suit; leading, an Alchemy card has none (every card follows it) and a wild or
    special card takes the suit its player names; following, it takes the Lead Suit.
    `face_down`: `elf_queen_leads(s)`, and `w`: the card's weapon, which the caller knows."""
    leads = s.played == 0  # leading(s)
    if leads:
        suit = w.suit if w.kind == "basic" else (None if w.kind == "alchemy" else move.suit)
    else:
        suit = w.suit if w.kind == "basic" else s.lead_suit
    alchemy_led = leads and w.kind == "alchemy"
    return record(
        _CARD_PLAYED,
        {
            "slot": s.turn,
            "seat": seat,
            "card": move.card,
            "value": value,
            "suit": suit,
            "face_down": face_down,
            "leads": leads,
            "alchemy_led": alchemy_led,
        },
    )


def _place(b: Builder, seat: int, move: PlayCard) -> None:
    s = b.state
    face_down = elf_queen_leads(s)
    value = card_value(b, seat, move.card, move.value, move.boost)
    first = s.played
    b.emit(_card_played(s, seat, move, value, face_down, weapon(move.card)))
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
        settle_from(b, first)


def settle_from(b: Builder, first: int) -> None:
    """After-play effects of the entries from order `first` on (a question stops them;
    choices.py comes back here with the rest)."""
    for entry in [x for x in b.state.melee if x.order >= first]:
        if b.over or b.asking():
            return
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
    broken_feints(b, before, entry.order)


def broken_feints(b: Builder, before: frozenset[int], cause: int = -1) -> None:
    """TT-12: a card whose Feint partner left is no longer Feinted (Lancelot du Lac);
    `cause` is the entry whose effect broke it (-1: none, at the Melee's end)."""
    now = feinted(b.state.melee)
    for x in [x for x in b.state.melee if x.order in before and x.order not in now]:
        run_for("melee_broken", b, x.seat, entry=x, cause=cause)
        if b.asking():
            return


def end_melee(b: Builder) -> None:
    """TT-12..TT-14, TA-7: reveal, Feint, find the loser, hand out the cards.

    Re-entrant: a power may stop here to ask its owner (Armor of Avalon, Guinevere, the Elf
    Knight); choices.py answers and calls this again, which goes on from the state."""
    reveal(b)
    if b.over or b.asking():
        return
    before = feinted(b.state.melee)
    run("melee_before", b)  # Armor of Avalon
    if b.asking():
        return
    broken_feints(b, before)
    loser = current_loser(b.state)
    if loser is not None:  # Guinevere, Elf Knight: "when you would lose"
        run_for("melee_loser", b, loser.seat, entry=loser)
        if b.asking():
            return
    run("melee_feints", b)  # Sir Bors
    take(b, None)


def reveal(b: Builder) -> None:
    """The Elf Queen's Melee is turned up card by card in turn order, each card's effects
    (Mists of Avalon) before the next is seen; a wild or special card's player gives it its
    value as it turns up (TH-4), so the reveal stops to ask them."""
    while not b.over and not b.asking():
        entry = next((x for x in b.state.melee if x.face_down), None)
        if entry is None:
            return
        if weapon(entry.card).value is None:
            options = tuple(f"{VALUE}:{v}" for v in VALUES)
            ask(b, entry.seat, entry.card, options, at=(entry.order,))
            return
        turn_up(b, entry, entry.value)


def turn_up(b: Builder, entry: Entry, value: int) -> None:
    b.emit(ev.CardTurnedUp(entry.order, entry.seat, entry.card, value))
    turned = next(x for x in b.state.melee if x.order == entry.order)
    after_play(b, turned)


def take(b: Builder, galahad: bool | None) -> None:
    """The loser takes the cards (TT-13) or they wait (TT-14); `galahad` is Sir Galahad's
    answer once asked (None: not asked yet)."""
    s = b.state
    loser = current_loser(s)
    cards = tuple(x.card for x in s.melee)
    feints = len(feinted(s.melee))
    if loser is None:  # TT-14: nobody loses; the cards wait for the next loser
        b.emit(ev.MeleeEnded(None, (), (), (*s.carried, *cards), feints))
        after_melee(b)
        return
    taken = [*cards, *s.carried]
    if galahad is None:
        run_for("melee_take", b, loser.seat, taken=taken)
        if b.asking():
            return
    set_aside: list[str] = []
    if galahad:  # Sir Galahad takes only his own cards; the rest wait
        own = [x.card for x in s.melee if x.seat == loser.seat]
        taken, set_aside = own, [c for c in taken if c not in own]
    b.emit(ev.MeleeEnded(loser.seat, tuple(taken), (), tuple(set_aside), feints))
    run_for("melee_lost", b, loser.seat)  # Chivalry
    if b.asking():
        return
    after_melee(b)


def after_melee(b: Builder) -> None:
    """Arthur Pendragon's debt (nothing to give from an empty hand), then the next Melee."""
    if b.over:
        return
    s = b.state
    if s.phase == "gift" and s.arthur is not None and not s.player(s.arthur[0]).hand:
        b.emit(ev.CardGiven(s.arthur[0], s.arthur[1], ""))
    if b.state.phase == "play":
        b.next_melee()


# The turn moving to a seat: one event per seat, built once (events are frozen values; a
# Melee makes one per card played)
turn_moved: Final = per_key(ev.TurnMoved, kept=64)
_CARD_PLAYED: Final = ev.CardPlayed  # a C static: built at every card played
