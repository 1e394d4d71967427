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

from games.engine import core


@dataclass(frozen=True)
class MarathonConfig(core.Config):
    length: int = 2000

    def validate(self, players: int) -> None:
        if self.length < 1:
            raise ValueError("length must be positive")


@core.register("bench.play")
@dataclass(frozen=True)
class Play(core.Move):
    number: int


@core.register("bench.started")
@dataclass(frozen=True)
class Started(core.Event):
    players: int
    length: int


@core.register("bench.played")
@dataclass(frozen=True)
class Played(core.Event):
    seat: int
    number: int


@core.register("bench.noted")
@dataclass(frozen=True)
class Noted(core.Event):
    seat: int
    note: str

    def audience(self) -> frozenset[core.Seat] | None:
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

    def setup(self, config: MarathonConfig, players: int, rng: Random) -> list[core.Event]:
        # Two opening events, so that a log of N moves has an even length (2 + 2N).
        return [Started(players=players, length=config.length), Noted(0, "opening")]

    def decide(
        self, state: MarathonState, seat: core.Seat, move: core.Move, rng: Random
    ) -> list[core.Event]:
        if not isinstance(move, Play):
            raise core.IllegalMove("Play a number.")
        return [Played(seat, move.number), Noted(seat, f"note {rng.random():.6f}")]

    def evolve(self, state: MarathonState | None, event: core.Event) -> MarathonState:
        if isinstance(event, Started):
            return MarathonState(players=event.players, length=event.length)
        assert state is not None
        if isinstance(event, Played):
            state = replace(state, history=(*state.history, (event.seat, event.number)))
        elif isinstance(event, Noted):
            state = replace(state, notes=(*state.notes, event.note))
        return replace(state, events=state.events + 1)

    def pending_seats(self, state: MarathonState) -> frozenset[core.Seat]:
        if state.events >= state.length:
            return frozenset()
        return frozenset({len(state.history) % state.players})

    def legal_moves(self, state: MarathonState, seat: core.Seat) -> Sequence[core.Move]:
        return [Play(1), Play(2)] if seat in self.pending_seats(state) else []

    def view(self, state: MarathonState, viewer: core.Viewer) -> dict[str, core.JSON]:
        return {
            "events": state.events,
            "total": sum(n for _, n in state.history),
            "recent": [{"seat": s, "number": n} for s, n in state.history[-50:]],
        }

    def redact(
        self, event: core.Event, viewer: core.Viewer, state: MarathonState
    ) -> dict[str, core.JSON] | None:
        return core.public_redact(event, viewer)

    def outcome(self, state: MarathonState) -> core.Outcome | None:
        if state.events < state.length:
            return None
        return core.Outcome(winners=frozenset(), summary="The marathon is over.", reason="done")

    def default_move(self, state: MarathonState, seat: core.Seat, rng: Random) -> core.Move:
        return Play(1)

    def bot_move(
        self, view: Mapping[str, core.JSON], legal: Sequence[core.Move], rng: Random
    ) -> core.Move:
        return legal[0]

    def secrets(self, state: MarathonState) -> list[core.Secret]:
        return []

    def contract_configs(self) -> Sequence[tuple[Any, int]]:
        return [(MarathonConfig(length=40), 2)]


MARATHON = Marathon()
core.register_game(MARATHON)
