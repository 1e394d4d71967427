"""Driving a game: who may move now, fold a log, apply one move, derive the per-event
Random.

These are the only engine functions the web layer needs besides the definition itself.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from random import Random
from typing import Any

from .definition import Event, GameDefinition, Move, Seat
from .errors import GameOver, IllegalMove, NotYourTurn
from .lazy import LazyMoves
from .messages import N_


def rng_for(seed: str, seq: int) -> Random:
    """The Random for the decision made at log position `seq` of a game with secret `seed`.

    Derived, not stored: the outcomes are recorded in events, so replays never need it.
    Seeded on its first draw: most decisions draw nothing, and seeding costs more than the
    rest of a move.
    """
    return _Deferred(f"{seed}:{seq}")


def _seed_of(key: str) -> int:
    return int.from_bytes(hashlib.sha256(key.encode()).digest()[:16], "big")


class _Deferred(Random):
    """A Random that seeds itself from `key` when first used and then turns into a plain
    Random: the same draws as `Random(_seed_of(key))`. Every draw of `Random` goes through
    `random` or `getrandbits`; the state methods are covered too. Each calls the base
    method explicitly, as a draw may hold on to the bound method (`choices` does)."""

    def __init__(self, key: str) -> None:  # no super().__init__: it would seed now
        self._key = key
        self.gauss_next = None

    def seed(self, *args: Any, **kwargs: Any) -> None:
        _start(self)
        Random.seed(self, *args, **kwargs)

    def random(self) -> float:
        _start(self)
        return Random.random(self)

    def getrandbits(self, k: int, /) -> int:
        _start(self)
        return Random.getrandbits(self, k)

    def getstate(self) -> tuple[Any, ...]:
        _start(self)
        return Random.getstate(self)

    def setstate(self, state: tuple[Any, ...]) -> None:
        _start(self)
        Random.setstate(self, state)


def _start(rng: Random) -> None:
    """Seed a `_Deferred` now and make it a plain Random (no-op once done)."""
    if rng.__class__ is _Deferred:
        key = rng._key
        del rng._key
        rng.__class__ = Random  # type: ignore[assignment]  # same layout: a plain Random now
        Random.seed(rng, _seed_of(key))


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
        raise GameOver(N_("This game is over."))
    if seat not in definition.pending_seats(state):  # acting_seats, without building it
        optional = getattr(definition, "optional_seats", None)
        if optional is None or seat not in optional(state):
            raise NotYourTurn(N_("It is not your turn."))
    # A game that folds each event as it decides it (core.Emitter) hands back the state it
    # reached, so the events are not folded a second time here.
    decide_folded = getattr(definition, "decide_folded", None)
    try:
        if decide_folded is not None:
            events, after = decide_folded(state, seat, move, rng)
            return events, after
        events = definition.decide(state, seat, move, rng)
    except IllegalMove as refused:
        refused.game = refused.game or definition.slug  # whose rule page explains it
        raise
    for event in events:
        state = definition.evolve(state, event)
    return events, state


def bot_choice(
    definition: GameDefinition[Any, Any],
    state: Any,
    seat: Seat,
    legal: Sequence[Move],
    rng: Random,
) -> Move:
    """The bot's move for `seat` from the seat's own view. A lone legal move is played
    without building the view: it is the only answer any bot may give, and a view costs
    more than the rest of a simple move (a voter with one card to play, a forced Shame).
    A game may offer `bot_view(state, seat)`, the part of the seat's view its bot reads
    (core.package): the same values, fewer keys, cheaper to build."""
    # (a plain list first: `isinstance` against a Sequence goes through its ABC machinery)
    if type(legal) is not list and isinstance(legal, LazyMoves):
        alone = legal.has_one()
    else:
        alone = len(legal) == 1
    if alone:
        return legal[0]
    narrow = getattr(definition, "bot_view", None)
    shown = narrow(state, seat) if narrow is not None else definition.view(state, seat)
    return definition.bot_move(shown, legal, rng)
