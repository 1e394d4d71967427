"""Driving a game: who may move now, fold a log, apply one move, derive the per-event
Random.

These are the only engine functions the web layer needs besides the definition itself.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from random import Random
from typing import Any

from .definition import Event, GameDefinition, Move, Seat
from .errors import GameOver, NotYourTurn


def rng_for(seed: str, seq: int) -> Random:
    """The Random for the decision made at log position `seq` of a game with secret `seed`.

    Derived, not stored: the outcomes are recorded in events, so replays never need it.
    """
    digest = hashlib.sha256(f"{seed}:{seq}".encode()).digest()
    return Random(int.from_bytes(digest[:16], "big"))


def acting_seats(definition: GameDefinition[Any, Any], state: Any) -> frozenset[Seat]:
    """Who may move now: the pending seats, whom the game waits for, and the seats a game
    lets act without waiting for them, from its optional `optional_seats(state)` (e.g.
    JA-7: a knight may withdraw at any time, also while others are deciding). Only pending
    seats get deadlines, timeouts and bot turns."""
    pending: frozenset[Seat] = frozenset(definition.pending_seats(state))
    optional = getattr(definition, "optional_seats", None)
    return pending | frozenset(optional(state)) if optional is not None else pending


def fold(definition: GameDefinition[Any, Any], events: Iterable[Event]) -> Any:
    """Rebuild the state from the log; no randomness involved."""
    state = None
    for event in events:
        state = definition.evolve(state, event)
    return state


def start(
    definition: GameDefinition[Any, Any], config: Any, players: int, rng: Random
) -> tuple[list[Event], Any]:
    """Validate the options and deal: the opening events and the state after them."""
    config.validate(players)
    events = definition.setup(config, players, rng)
    return events, fold(definition, events)


def apply(
    definition: GameDefinition[Any, Any], state: Any, seat: Seat, move: Move, rng: Random
) -> tuple[list[Event], Any]:
    """Check whose turn it is, let the game decide, and evolve: (new events, new state)."""
    if definition.outcome(state) is not None:
        raise GameOver("This game is over.")
    if seat not in acting_seats(definition, state):
        raise NotYourTurn("It is not your turn.")
    events = definition.decide(state, seat, move, rng)
    for event in events:
        state = definition.evolve(state, event)
    return events, state
