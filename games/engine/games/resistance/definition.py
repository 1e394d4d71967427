"""The Resistance: Avalon as a GameDefinition: the object the registry hands out.

Its role modules, handed over as one `DealingRoles`, do the work (core.package).
"""

from __future__ import annotations

from collections.abc import Sequence

from games.engine.core.package import DealingRoles, RulesDefinition

from . import bot, evolve, rules, views
from .config import MAX_PLAYERS, MIN_PLAYERS, ResistanceConfig
from .state import ResistanceState


class ResistanceAvalon(RulesDefinition[ResistanceState, ResistanceConfig]):
    roles = DealingRoles(rules, evolve, views, bot)
    # A game lasts at most 5 rounds x 5 proposals x (1 + 10 votes) + quests + extras.
    contract_move_bound = 400

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


GAME = ResistanceAvalon(
    "resistance-avalon", "The Resistance: Avalon", MIN_PLAYERS, MAX_PLAYERS, ResistanceConfig
)
