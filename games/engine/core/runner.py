"""Driving a game: who may move now, fold a log, apply one move, derive the per-event
Random.

These are the only engine functions the web layer needs besides the definition itself.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from random import Random
from typing import Any, Final

from .definition import Event, GameDefinition, Move, Seat
from .errors import GameOver, IllegalMove, NotYourTurn
from .lazy import LazyMoves
from .messages import N_


def rng_for(seed: str, seq: int) -> Random:
    """The Random for the decision made at log position `seq` of a game with secret `seed`.

    Derived, not stored: the outcomes are recorded in events, so replays never need it.
    Made on its first use: most decisions draw nothing, and a Random (2.5 kB of state to
    allocate and seed) costs more than the rest of a simple move.
    """
    # (not `cast`: a Python call at every decision)
    return _Deferred(f"{seed}:{seq}")  # type: ignore[return-value]  # a Random's stand-in


def _seed_of(key: str) -> int:
    return int.from_bytes(hashlib.sha256(key.encode()).digest()[:16], "big")


class _Deferred:
    """Stands for `Random(_seed_of(key))`, made on the first use of any of its methods
    (`__getattr__` is only asked for names the object does not have: every Random method
    and attribute), so it draws exactly what that Random draws; its methods are the
    Random's own (a draw holding on to a bound method, as `choices` does, holds the
    Random's)."""

    __slots__ = ("_key", "_random")

    def __init__(self, key: str) -> None:
        self._key = key
        self._random: Random | None = None

    def __getattr__(self, name: str) -> Any:
        made = self._random
        if made is None:
            made = self._random = Random(_seed_of(self._key))
        return getattr(made, name)


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


# Per class of legal-move list, whether it is a LazyMoves: asked at every bot move, and
# `isinstance` against an abstract Sequence goes through the ABC machinery (a Python call).
_LAZY: Final[dict[type, bool]] = {list: False}


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
    lazy = _LAZY.get(type(legal))
    if lazy is None:
        lazy = _LAZY[type(legal)] = issubclass(type(legal), LazyMoves)
    # (a LazyMoves when `lazy`: no `cast`, a Python call, on this path)
    alone = legal.has_one() if lazy else len(legal) == 1  # type: ignore[attr-defined]
    if alone:
        return legal[0]
    narrow = getattr(definition, "bot_view", None)
    shown = narrow(state, seat) if narrow is not None else definition.view(state, seat)
    return definition.bot_move(shown, legal, rng)
