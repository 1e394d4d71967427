"""Avalon by Leo Colovini as a GameDefinition: the object the registry hands out.

The role modules are named here; core.package.PackageDefinition delegates to them.
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random

from games.engine.core import Event, Move, Seat
from games.engine.core.package import PackageDefinition

from . import bot, evolve, rules, views
from .config import PLAYERS, ColoviniConfig
from .state import ColoviniState


class ColoviniAvalon(PackageDefinition[ColoviniState]):
    slug = "colovini-avalon"
    name = "Avalon (Leo Colovini)"
    min_players = PLAYERS
    max_players = PLAYERS
    rules_version = 1
    config_type = ColoviniConfig
    contract_move_bound = 3000

    rules_module = rules
    evolve_module = evolve
    views_module = views
    bot_module = bot

    def setup(self, config: ColoviniConfig, players: int, rng: Random) -> list[Event]:
        return rules.setup(config, players, rng)

    def default_move(self, state: ColoviniState, seat: Seat, rng: Random) -> Move:
        return rules.default_move(state, seat, rng)

    def contract_configs(self) -> Sequence[tuple[ColoviniConfig, int]]:
        return [(ColoviniConfig(), 2), (ColoviniConfig(auto_decline=True), 2)]

    def golden_cases(self) -> Sequence[tuple[ColoviniConfig, int]]:
        return [(ColoviniConfig(), 2), (ColoviniConfig(auto_decline=True), 2)]


GAME = ColoviniAvalon()
