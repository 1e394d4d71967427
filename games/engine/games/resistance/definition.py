"""The Resistance: Avalon as a GameDefinition: the object the registry hands out.

The role modules are named here; core.package.PackageDefinition delegates to them.
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random

from games.engine.core import Event, Move, Seat
from games.engine.core.package import PackageDefinition

from . import bot, evolve, rules, views
from .config import MAX_PLAYERS, MIN_PLAYERS, ResistanceConfig
from .state import ResistanceState


class ResistanceAvalon(PackageDefinition[ResistanceState]):
    slug = "resistance-avalon"
    name = "The Resistance: Avalon"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    rules_version = 1
    config_type = ResistanceConfig
    # A game lasts at most 5 rounds x 5 proposals x (1 + 10 votes) + quests + extras.
    contract_move_bound = 400

    rules_module = rules
    evolve_module = evolve
    views_module = views
    bot_module = bot

    def setup(self, config: ResistanceConfig, players: int, rng: Random) -> list[Event]:
        return rules.setup(config, players, rng)

    def default_move(self, state: ResistanceState, seat: Seat, rng: Random) -> Move:
        return rules.default_move(state, seat, rng)

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
