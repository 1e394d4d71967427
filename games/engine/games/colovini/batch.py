"""A batch of events being decided, evolved as it grows, so that later decisions in the
same move (a draw after a reshuffle, the hand limit after a draw) see the state so far."""

from __future__ import annotations

from games.engine.core import Event

from .state import ColoviniState, evolve


class Batch:
    def __init__(self, state: ColoviniState) -> None:
        self.state = state
        self.events: list[Event] = []

    def add(self, *events: Event) -> None:
        for event in events:
            self.events.append(event)
            self.state = evolve(self.state, event)
