"""The Resistance: Avalon (rules: docs/rules/resistance-avalon.md), registered as
"resistance-avalon"."""

from games.engine.core import register_game

from .config import ResistanceConfig
from .definition import GAME, ResistanceAvalon
from .roles import Phase, Role, Side
from .state import ResistanceState

register_game(GAME)

__all__ = [
    "GAME",
    "Phase",
    "ResistanceAvalon",
    "ResistanceConfig",
    "ResistanceState",
    "Role",
    "Side",
]
