"""Build jousting states by hand: a chosen deal, then moves through the real engine."""

from __future__ import annotations

from random import Random

from games.engine.core import Event, Move, apply, fold, rng_for
from games.engine.games.jousting import GAME, JoustingConfig
from games.engine.games.jousting.events import GameSetUp
from games.engine.games.jousting.flow import run
from games.engine.games.jousting.moves import BuyFromJunk, LayCards, SayDone
from games.engine.games.jousting.state import JoustingState

# A complete set for each of six knights, values rising with the seat.
SETS = [f"sword-{v} shield-{v} lance-{v} armour-{v}" for v in range(1, 7)]


def cards(spec: str) -> tuple[str, ...]:
    return tuple(spec.split())


def table(
    *hands: str, config: JoustingConfig | None = None, first: int = 0, seed: str = "t"
) -> JoustingState:
    """A game dealt `hands` (one spec string per seat), coat of arms A at seat `first`."""
    n = len(hands)
    letters = tuple((first + i) % n for i in range(n))
    setup = GameSetUp(config or JoustingConfig(), tuple(map(cards, hands)), letters, (), ())
    state: JoustingState = fold(GAME, run(None, [setup], Random(seed)))
    return state


def step(state: JoustingState, seat: int, move: Move, seed: str = "t") -> list[Event]:
    """The events of one move (the state is not kept)."""
    events, _ = apply(GAME, state, seat, move, rng_for(seed, state.clock))
    return events


def play(state: JoustingState, seat: int, move: Move, seed: str = "t") -> JoustingState:
    _, after = apply(GAME, state, seat, move, rng_for(seed, state.clock))
    return after  # type: ignore[no-any-return]


def all_done(state: JoustingState) -> JoustingState:
    """Every knight says done (ends the barter session)."""
    for seat in sorted(GAME.pending_seats(state)):
        state = play(state, seat, SayDone())
    return state


def lay(state: JoustingState, seat: int, spec: str) -> JoustingState:
    return play(state, seat, LayCards(*cards(spec)))


def pass_junk(state: JoustingState) -> JoustingState:
    """Every duelist in the JA-13 queue passes."""
    while state.phase == "junk":
        state = play(state, state.junk_queue[0], BuyFromJunk(False))
    return state
