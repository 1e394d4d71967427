"""The Tournament's named hooks, which power cards are active, and firing a hook over them
(TH-7, TT-23). The registry itself is games.engine.core.HookRegistry.

A power card's data names an `effect`; a handler registered for (hook, effect) runs when the
engine reaches that hook, once per active card. Active cards of a seat, in TT-23 order:
Godsends, Protagonist, Companion (if unlocked), then any Location the seat hosts. Seats are
visited from the lowest Health up (TT-23: the lowest-Health player orders simultaneous
effects; we fix that order so play needs no extra question).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from games.engine.core import HookRegistry

from .carddata import CardData
from .characters import CHARACTERS
from .godsends import GODSENDS
from .locations import LOCATIONS
from .state import TState

HOOKS = HookRegistry(
    (
        "dawn",  # stage "start" (before the deal) and "dealt"
        "passing",
        "before_play",
        "after_play",
        "shame",  # stage "cost" (how much Shame costs) and "after"
        "melee_resolution",
        "dusk_tally",
        "godsend_phase",
        "threshold_crossing",
    )
)
handler = HOOKS.handler  # the decorator the power modules register with


def card(card_id: str) -> CardData:
    return CHARACTERS.get(card_id) or GODSENDS.get(card_id) or LOCATIONS[card_id]


def active_cards(state: TState, seat: int) -> Iterator[CardData]:
    """The power cards working for `seat` now, in TT-23 order."""
    if not state.rules.powers:
        return
    for cid in state.player(seat).powers():
        yield card(cid)
    for host, location in state.hosted:
        if host == seat:
            yield LOCATIONS[location]
    if state.location is not None and state.host == seat:
        yield LOCATIONS[state.location]


def active(state: TState, seat: int, effect: str) -> list[CardData]:
    return [c for c in active_cards(state, seat) if c.effect == effect]


def holder(state: TState, effect: str) -> int | None:
    """The seat with an active card of this effect (characters are unique per table)."""
    for seat in range(state.n):
        if active(state, seat, effect):
            return seat
    return None


def health_order(state: TState, dealer: int | None = None) -> list[int]:
    """Seats from the lowest Health up; ties from the left of the Dealer (TH-6)."""
    d = state.dealer if dealer is None else dealer
    return sorted(range(state.n), key=lambda s: (state.player(s).health, (s - d - 1) % state.n))


def healthiest_opponent(state: TState, seat: int) -> int:
    return next(s for s in reversed(health_order(state)) if s != seat)


def run(hook: str, b: Any, **context: Any) -> None:
    """Fire `hook`: every active card with a handler for it, seat by seat."""
    for seat in health_order(b.state):
        run_for(hook, b, seat, **context)


def run_for(hook: str, b: Any, seat: int, **context: Any) -> None:
    """Fire `hook` for one seat's active cards only."""
    for data in list(active_cards(b.state, seat)):
        fire(hook, data.effect, b, seat, data, **context)


def fire(hook: str, effect: str, b: Any, seat: int, data: CardData, **context: Any) -> None:
    """Fire one card's handler for `hook`, if it has one (Godsends taking effect at once)."""
    fn = HOOKS.get(hook, effect)
    if fn is not None:
        fn(b, seat, data, **context)
