"""The Godsend phase: discard, recipients, face-up picking, placing (TT-20..TT-22, TX-3).

Recipients come from the charts (TT-21): most injured first, never the healthiest, at most
players - 1, then the 100 and 200 bonus cycles (none in Chaos of Battle). Ties for "most
injured" go to the tied player first to the left of the previous Dealer.
"""

from __future__ import annotations

from . import events as ev
from .flow import Builder
from .godsends import GODSENDS
from .hooks import fire, health_order, run_for
from .moves import PickGodsend, PlaceGodsend
from .state import TState

CHARTS = {  # TT-21: (ruleset, big table?) -> recipients in rounds 1..5+
    ("camelot", False): (1, 2, 3, 4, 5),
    ("camelot", True): (2, 3, 4, 5, 5),
    ("avalon", False): (1, 2, 3, 3, 3),
    ("avalon", True): (2, 3, 4, 5, 5),
}
CHAOS_CHART = (3, 5, 7)  # TX-3


def recipients(state: TState) -> tuple[int, ...]:
    """TT-21: who receives a Godsend this phase, in picking order."""
    order = health_order(state, state.prev_dealer)  # ties: left of the previous Dealer
    best = max(p.health for p in state.players)
    eligible = [s for s in order if state.player(s).health < best]  # never the healthiest
    r = state.round
    if state.rules.chaos:
        count = CHAOS_CHART[min(r, 3) - 1]
    else:
        chart = CHARTS[(state.rules.ruleset, state.n >= 5)]
        count = chart[min(r, 5) - 1]
    count = min(count, state.n - 1)
    out = eligible[:count]
    if not state.rules.chaos:  # TX-3: no bonus cards in Chaos of Battle
        out += [s for s in eligible if best - state.player(s).health >= 100]
        out += [s for s in eligible if best - state.player(s).health >= 200]
    return tuple(out)


def godsend_phase(b: Builder) -> None:
    if not b.state.rules.powers:
        b.dawn()
        return
    cards = tuple(g for p in b.state.players for g in p.godsends)
    b.emit(ev.GodsendsCleared(cards))  # TT-20
    who = recipients(b.state)
    if not who:
        b.emit(ev.GodsendPhaseEnded(()))
        b.dawn()
        return
    _refill(b, 2)
    s = b.state
    b.emit(ev.GodsendsRevealed(who, s.godsend_deck[:2]))


def _refill(b: Builder, need: int) -> None:
    """Shuffle the Godsend discards under the deck when it runs short (recorded, secret)."""
    s = b.state
    if len(s.godsend_deck) < need and s.godsend_discard:
        assert b.rng is not None
        order = list(s.godsend_discard)
        b.rng.shuffle(order)
        b.emit(ev.GodsendDeckShuffled(tuple(order)))


def sources(state: TState) -> list[str]:
    out = ["left", "right"][: len(state.godsend_up)]
    if state.godsend_deck or state.godsend_discard:
        out.append("deck")
    return out


def pick(b: Builder, seat: int, move: PickGodsend) -> None:
    """TT-22: a face-up card (replaced at once) or the top of the deck."""
    _refill(b, 1)
    s = b.state
    if move.source == "deck":
        card, replacement = s.godsend_deck[0], ""
    else:
        card = s.godsend_up[0 if move.source == "left" else 1]
        replacement = s.godsend_deck[0] if s.godsend_deck else ""
    b.emit(ev.GodsendTaken(seat, card, move.source, replacement))
    if GODSENDS[card].target == "opponent":
        return  # the picker names the opponent next (PlaceGodsend)
    place(b, seat, seat, card)


def place_on(b: Builder, seat: int, move: PlaceGodsend) -> None:
    assert b.state.placing is not None
    place(b, move.target, seat, b.state.placing)


def place(b: Builder, target: int, by: int, card: str) -> None:
    """TT-22: the Godsend lies in front of its target and acts at once if it says so; the
    target's powers see it first (stage "placing": The Swan)."""
    data = GODSENDS[card]
    placing = {"godsend": data, "cancel": False, "bonus": 0}
    run_for("godsend_phase", b, target, stage="placing", placing=placing)
    if placing["cancel"]:
        b.emit(ev.GodsendCancelled(target, card))
    else:
        b.emit(ev.GodsendPlaced(target, card, by))
        fire(
            "godsend_phase",
            data.effect,
            b,
            target,
            data,
            by=by,
            stage="effect",
            bonus=placing["bonus"],
        )
    if b.over or b.state.phase == "location":
        return
    next_pick(b)


def next_pick(b: Builder) -> None:
    s = b.state
    if s.recipients and sources(s):
        return
    b.emit(ev.GodsendPhaseEnded(s.godsend_up))
    b.dawn()
