"""Tournament at Camelot and Tournament at Avalon: one trick-taking engine (rules:
docs/rules/tournament.md).

Registers two definitions sharing the engine: "tournament-camelot" and "tournament-avalon"
(whose options include Chaos of Battle).
"""

from games.engine.core import register_game

from .config import AvalonConfig, CamelotConfig, TournamentConfig
from .definition import AVALON, CAMELOT, TournamentGame
from .state import TState

register_game(CAMELOT)
register_game(AVALON)

__all__ = [
    "AVALON",
    "CAMELOT",
    "AvalonConfig",
    "CamelotConfig",
    "TState",
    "TournamentConfig",
    "TournamentGame",
]
