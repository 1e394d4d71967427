"""Build Avalon (Colovini) states by hand: a chosen deal, then moves through the real engine."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from games.engine.core import Event, Move, apply, fold, rng_for
from games.engine.games.colovini import GAME, ColoviniConfig
from games.engine.games.colovini.events import GameSetUp, TurnStarted
from games.engine.games.colovini.state import ColoviniState

# A fixed row so tests know where each region lies.
ROW = (
    "plain-1",  # 0
    "castle-1",  # 1
    "avalon",  # 2
    "forest-1",  # 3
    "stone-circle",  # 4
    "swamp",  # 5
    "hill-1",  # 6
    "castle-2",  # 7
    "hill-2",  # 8
    "plain-2",  # 9
    "castle-3",  # 10
)
POS = {key: i for i, key in enumerate(ROW)}
FILLER = (("blue-knight",), ("green-knight",))  # no enchantment possible across these

Pair = tuple[tuple[str, ...], tuple[str, ...]]


def table(
    *,
    piles: Mapping[int, Pair] | None = None,
    hands: Pair = ((), ()),
    deck: tuple[str, ...] = (),
    first: int = 0,
    config: ColoviniConfig | None = None,
    row: tuple[str, ...] = ROW,
) -> ColoviniState:
    chosen = piles or {}
    all_piles = tuple(chosen.get(i, FILLER) for i in range(len(row)))
    setup = GameSetUp(
        config=config or ColoviniConfig(),
        row=row,
        piles=all_piles,
        hands=hands,
        deck=deck,
        first=first,
    )
    state: ColoviniState = fold(GAME, [setup, TurnStarted(seat=first, turn=1)])
    return state


def own(state: ColoviniState, index: int, seat: int | None) -> ColoviniState:
    """A region conquered earlier: face up and facing `seat`."""
    owners = tuple(seat if i == index else o for i, o in enumerate(state.owners))
    face_up = tuple(True if i == index else f for i, f in enumerate(state.face_up))
    return dataclasses.replace(state, owners=owners, face_up=face_up)


def play(
    state: ColoviniState, seat: int, move: Move, seed: str = "t"
) -> tuple[list[Event], ColoviniState]:
    events, after = apply(GAME, state, seat, move, rng_for(seed, 1))
    return events, after


def moves(state: ColoviniState, *steps: tuple[int, Move]) -> ColoviniState:
    for seat, move in steps:
        _, state = play(state, seat, move)
    return state
