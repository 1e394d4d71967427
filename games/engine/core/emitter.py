"""Emit-and-fold: the events one decision causes, each folded into the state as it is emitted.

A move often sets off more than one event, and the later ones depend on the earlier (a draw
after a reshuffle, the end of a round after the last card). Folding each event the moment it
is decided lets the game read the state so far instead of predicting it, so `decide` and
`evolve` can never disagree about what an event does. Every game that chains events uses
this one helper; a game with extra flow steps subclasses it (tournament's `flow.Builder`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Generic, TypeVar

from .definition import Event

StateT = TypeVar("StateT")

Evolve = Callable[[StateT | None, Event], StateT]


class Emitter(Generic[StateT]):
    """The events decided so far (`events`) and the state after them (`state`)."""

    def __init__(self, evolve: Evolve[StateT], state: StateT | None = None) -> None:
        self._evolve = evolve
        self._state = state
        self.events: list[Event] = []

    @property
    def started(self) -> bool:
        """False only while emitting a game's opening event: there is no state before it."""
        return self._state is not None

    @property
    def state(self) -> StateT:
        if self._state is None:
            raise RuntimeError("no state yet: the log opens with the game's set-up event")
        return self._state

    def emit(self, *events: Event) -> None:
        """Record `events` in order, folding each before the next is recorded."""
        for event in events:
            self.events.append(event)
            self._state = self._evolve(self._state, event)

    def settle(
        self, first: Sequence[Event], follow_ups: Callable[[StateT], Sequence[Event]]
    ) -> None:
        """Emit `first`, then whatever `follow_ups(state)` hands back for the state reached,
        again and again, until it hands back nothing: a decision and the automatic steps
        after it. The same as `emit(*first)` then `while more := follow_ups(self.state):
        emit(*more)`, with the state held in a local between events (a game asks this at
        every move: no property read or method call per event)."""
        events, evolve, state = self.events, self._evolve, self._state
        for event in first:
            events.append(event)
            state = evolve(state, event)
        if state is None:
            raise RuntimeError("no state yet: the log opens with the game's set-up event")
        while more := follow_ups(state):
            for event in more:
                events.append(event)
                state = evolve(state, event)
        self._state = state
