"""Tournament at Camelot and Tournament at Avalon: one trick-taking engine (rules:
docs/rules/tournament.md).

Registers two definitions sharing the engine: "tournament-camelot" and "tournament-avalon"
(whose options include Chaos of Battle).
"""

from games.engine.core import register_game

from .definition import AVALON, CAMELOT

register_game(CAMELOT)
register_game(AVALON)
