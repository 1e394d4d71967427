"""A benchmark-only game with an unbounded log ("bench-marathon"), to time loading a game
with a 2,000-event log: The Resistance: Avalon never gets that long (a 10-player game tops
out near 330 events). Each seat in turn plays a number; every move records one public and
one private event, and the state keeps the whole history, so fold cost grows with the log
as a real game's would. Registered only when a benchmark imports this module.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from random import Random
from typing import Any

from games.engine.core import (
    JSON,
    Config,
    Event,
    IllegalMove,
    Move,
    Outcome,
    Seat,
    Secret,
    Viewer,
    public_redact,
    register,
    register_game,
)


@dataclass(frozen=True)
class MarathonConfig(Config):
    length: int = 2000

    def validate(self, players: int) -> None:
        if self.length < 1:
            raise ValueError("length must be positive")


@register("bench.play")
@dataclass(frozen=True)
class Play(Move):
    number: int


@register("bench.started")
@dataclass(frozen=True)
class Started(Event):
    players: int
    length: int


@register("bench.played")
@dataclass(frozen=True)
class Played(Event):
    seat: int
    number: int


@register("bench.noted")
@dataclass(frozen=True)
class Noted(Event):
    seat: int
    note: str

    def audience(self) -> frozenset[Seat] | None:
        return frozenset({self.seat})


@dataclass(frozen=True)
class MarathonState:
    players: int
    length: int
    events: int = 1
    history: tuple[tuple[int, int], ...] = ()
    notes: tuple[str, ...] = ()


class Marathon:
    slug = "bench-marathon"
    name = "Benchmark marathon"
    min_players = 2
    max_players = 10
    rules_version = 1
    config_type = MarathonConfig

    def setup(self, config: MarathonConfig, players: int, rng: Random) -> list[Event]:
        # Two opening events, so that a log of N moves has an even length (2 + 2N).
        return [Started(players=players, length=config.length), Noted(0, "opening")]

    def decide(self, state: MarathonState, seat: Seat, move: Move, rng: Random) -> list[Event]:
        if not isinstance(move, Play):
            raise IllegalMove("Play a number.")
        return [Played(seat, move.number), Noted(seat, f"note {rng.random():.6f}")]

    def evolve(self, state: MarathonState | None, event: Event) -> MarathonState:
        if isinstance(event, Started):
            return MarathonState(players=event.players, length=event.length)
        assert state is not None
        if isinstance(event, Played):
            state = replace(state, history=(*state.history, (event.seat, event.number)))
        elif isinstance(event, Noted):
            state = replace(state, notes=(*state.notes, event.note))
        return replace(state, events=state.events + 1)

    def pending_seats(self, state: MarathonState) -> frozenset[Seat]:
        if state.events >= state.length:
            return frozenset()
        return frozenset({len(state.history) % state.players})

    def legal_moves(self, state: MarathonState, seat: Seat) -> Sequence[Move]:
        return [Play(1), Play(2)] if seat in self.pending_seats(state) else []

    def view(self, state: MarathonState, viewer: Viewer) -> dict[str, JSON]:
        return {
            "events": state.events,
            "total": sum(n for _, n in state.history),
            "recent": [{"seat": s, "number": n} for s, n in state.history[-50:]],
        }

    def redact(self, event: Event, viewer: Viewer, state: MarathonState) -> dict[str, JSON] | None:
        return public_redact(event, viewer)

    def outcome(self, state: MarathonState) -> Outcome | None:
        if state.events < state.length:
            return None
        return Outcome(winners=frozenset(), summary="The marathon is over.", reason="done")

    def default_move(self, state: MarathonState, seat: Seat, rng: Random) -> Move:
        return Play(1)

    def bot_move(self, view: Mapping[str, JSON], legal: Sequence[Move], rng: Random) -> Move:
        return legal[0]

    def secrets(self, state: MarathonState) -> list[Secret]:
        return []

    def contract_configs(self) -> Sequence[tuple[Any, int]]:
        return [(MarathonConfig(length=40), 2)]


MARATHON = Marathon()
register_game(MARATHON)
