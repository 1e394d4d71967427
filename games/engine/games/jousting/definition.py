"""Avalon, the jousting game as a GameDefinition: the object the registry hands out.

Its role modules, handed over as one `DealingRoles`, do the work (core.package).
"""

from __future__ import annotations

from collections.abc import Sequence

from games.engine.core import Seat
from games.engine.core.package import DealingRoles, RulesDefinition

from . import bot, evolve, rules, views
from .config import MAX_PLAYERS, MIN_PLAYERS, JoustingConfig
from .state import JoustingState


class JoustingAvalon(RulesDefinition[JoustingState, JoustingConfig]):
    roles = DealingRoles(rules, evolve, views, bot)
    # Every duel takes at least two cards out of the knights' hands for good (four to the
    # junk pile, at most two bought back), so a game has at most ~33 rounds; barter
    # sessions end once nobody reopens them, and offers per session are limited.
    contract_move_bound = 20000

    def optional_seats(self, state: JoustingState) -> frozenset[Seat]:
        """JA-7: knights who may withdraw although the game does not wait for them."""
        return rules.optional_seats(state)

    def contract_configs(self) -> Sequence[tuple[JoustingConfig, int]]:
        """Every player count; the draft and the live judgement; few offers per session so
        random playouts stay short."""
        return [
            (JoustingConfig(offer_limit=2), 3),
            (JoustingConfig(draft=True, live_judgement=True, offer_limit=2), 4),
            (JoustingConfig(live_judgement=True, offer_limit=1), 5),
            (JoustingConfig(draft=True, offer_limit=1), 6),
        ]

    def golden_cases(self) -> Sequence[tuple[JoustingConfig, int]]:
        return [(JoustingConfig(), 3), (JoustingConfig(draft=True, live_judgement=True), 5)]

    def simulation_figures(self, state: JoustingState) -> dict[str, float]:
        """Per-game figures for games.engine.tools.simulate."""
        return {"rounds": float(state.round), "duels": float(len(state.duels))}


GAME = JoustingAvalon(
    "jousting-avalon", "Avalon, the jousting game", MIN_PLAYERS, MAX_PLAYERS, JoustingConfig
)
