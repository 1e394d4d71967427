"""Avalon by Leo Colovini as a GameDefinition: the object the registry hands out.

Its role modules, handed over as one `DealingRoles`, do the work (core.package).
"""

from __future__ import annotations

from collections.abc import Sequence

from games.engine.core.package import DealingRoles, RulesDefinition

from . import bot, evolve, rules, views
from .config import PLAYERS, ColoviniConfig
from .state import ColoviniState


class ColoviniAvalon(RulesDefinition[ColoviniState, ColoviniConfig]):
    roles = DealingRoles(rules, evolve, views, bot)
    contract_move_bound = 3000

    def contract_configs(self) -> Sequence[tuple[ColoviniConfig, int]]:
        return [(ColoviniConfig(), 2), (ColoviniConfig(auto_decline=True), 2)]

    def golden_cases(self) -> Sequence[tuple[ColoviniConfig, int]]:
        return [(ColoviniConfig(), 2), (ColoviniConfig(auto_decline=True), 2)]


GAME = ColoviniAvalon("colovini-avalon", "Avalon by Leo Colovini", PLAYERS, PLAYERS, ColoviniConfig)
