"""Avalon by Leo Colovini as a GameDefinition: the object the registry hands out.

Each method delegates to the module that owns the role (rules, evolve, views, bot).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from random import Random

from games.engine.core import JSON, Event, Move, Outcome, Seat, Secret, Viewer

from . import bot, rules, views
from .config import PLAYERS, ColoviniConfig
from .evolve import evolve
from .state import ColoviniState


class ColoviniAvalon:
    slug = "colovini-avalon"
    name = "Avalon (Leo Colovini)"
    min_players = PLAYERS
    max_players = PLAYERS
    rules_version = 1
    config_type = ColoviniConfig
    contract_move_bound = 3000

    def setup(self, config: ColoviniConfig, players: int, rng: Random) -> list[Event]:
        return rules.setup(config, players, rng)

    def decide(self, state: ColoviniState, seat: Seat, move: Move, rng: Random) -> list[Event]:
        return rules.decide(state, seat, move, rng)

    def evolve(self, state: ColoviniState | None, event: Event) -> ColoviniState:
        return evolve(state, event)

    def pending_seats(self, state: ColoviniState) -> frozenset[Seat]:
        return rules.pending_seats(state)

    def legal_moves(self, state: ColoviniState, seat: Seat) -> Sequence[Move]:
        return rules.legal_moves(state, seat)

    def view(self, state: ColoviniState, viewer: Viewer) -> dict[str, JSON]:
        return views.view(state, viewer)

    def redact(self, event: Event, viewer: Viewer, state: ColoviniState) -> dict[str, JSON] | None:
        return views.redact(event, viewer, state)

    def outcome(self, state: ColoviniState) -> Outcome | None:
        return rules.outcome(state)

    def default_move(self, state: ColoviniState, seat: Seat, rng: Random) -> Move:
        return rules.default_move(state, seat, rng)

    def bot_move(self, view: Mapping[str, JSON], legal: Sequence[Move], rng: Random) -> Move:
        return bot.bot_move(view, legal, rng)

    def secrets(self, state: ColoviniState) -> list[Secret]:
        return views.secrets(state)

    def contract_configs(self) -> Sequence[tuple[ColoviniConfig, int]]:
        return [(ColoviniConfig(), 2), (ColoviniConfig(auto_decline=True), 2)]

    def golden_cases(self) -> Sequence[tuple[ColoviniConfig, int]]:
        return [(ColoviniConfig(), 2), (ColoviniConfig(auto_decline=True), 2)]


GAME = ColoviniAvalon()
