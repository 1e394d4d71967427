"""The Resistance: Avalon as a GameDefinition: the object the registry hands out.

Each method delegates to the module that owns the role (rules, evolve, views, bot).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from random import Random

from games.engine.core import JSON, Event, Move, Outcome, Seat, Secret, Viewer

from . import bot, rules, views
from .config import MAX_PLAYERS, MIN_PLAYERS, ResistanceConfig
from .evolve import evolve
from .state import ResistanceState


class ResistanceAvalon:
    slug = "resistance-avalon"
    name = "The Resistance: Avalon"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    rules_version = 1
    config_type = ResistanceConfig
    # A game lasts at most 5 rounds x 5 proposals x (1 + 10 votes) + quests + extras.
    contract_move_bound = 400

    def setup(self, config: ResistanceConfig, players: int, rng: Random) -> list[Event]:
        return rules.setup(config, players, rng)

    def decide(self, state: ResistanceState, seat: Seat, move: Move, rng: Random) -> list[Event]:
        return rules.decide(state, seat, move)

    def evolve(self, state: ResistanceState | None, event: Event) -> ResistanceState:
        return evolve(state, event)

    def pending_seats(self, state: ResistanceState) -> frozenset[Seat]:
        return rules.pending_seats(state)

    def legal_moves(self, state: ResistanceState, seat: Seat) -> Sequence[Move]:
        return rules.legal_moves(state, seat)

    def view(self, state: ResistanceState, viewer: Viewer) -> dict[str, JSON]:
        return views.view(state, viewer)

    def redact(
        self, event: Event, viewer: Viewer, state: ResistanceState
    ) -> dict[str, JSON] | None:
        return views.redact(event, viewer, state)

    def outcome(self, state: ResistanceState) -> Outcome | None:
        return rules.outcome(state)

    def default_move(self, state: ResistanceState, seat: Seat, rng: Random) -> Move:
        return rules.default_move(state, seat, rng)

    def bot_move(self, view: Mapping[str, JSON], legal: Sequence[Move], rng: Random) -> Move:
        return bot.bot_move(view, legal, rng)

    def secrets(self, state: ResistanceState) -> list[Secret]:
        return views.secrets(state)

    def contract_configs(self) -> Sequence[tuple[ResistanceConfig, int]]:
        """Every player count, and the optional roles and rules in combinations that fit."""
        full = ResistanceConfig(percival=True, morgana=True, mordred=True, oberon=True)
        return [
            (ResistanceConfig(), 5),
            (ResistanceConfig(percival=True, morgana=True, lady_of_the_lake=True), 6),
            (ResistanceConfig(oberon=True, targeting=True, lady_of_the_lake=True), 7),
            (ResistanceConfig(percival=True, mordred=True, morgana=True, targeting=True), 8),
            (ResistanceConfig(merlin_assassin=False, lady_of_the_lake=True), 9),
            (ResistanceConfig(percival=True, mordred=True, oberon=True), 9),
            (full, 10),
            (ResistanceConfig(mordred=True, morgana=True, oberon=True, lady_of_the_lake=True), 10),
        ]

    def golden_cases(self) -> Sequence[tuple[ResistanceConfig, int]]:
        """Recorded playthroughs (games/engine/tools/golden.py): plain, options, full table."""
        options = ResistanceConfig(
            percival=True, morgana=True, lady_of_the_lake=True, targeting=True
        )
        full = ResistanceConfig(
            percival=True, mordred=True, morgana=True, oberon=True, lady_of_the_lake=True
        )
        return [(ResistanceConfig(), 5), (options, 7), (full, 10)]


GAME = ResistanceAvalon()
