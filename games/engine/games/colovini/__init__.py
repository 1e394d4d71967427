"""Avalon by Leo Colovini, 2 players (rules: /work/shared/rules/colovini-avalon.md),
registered as "colovini-avalon"."""

from games.engine.core import register_game

from .config import ColoviniConfig
from .definition import GAME, ColoviniAvalon

register_game(GAME)

__all__ = ["GAME", "ColoviniAvalon", "ColoviniConfig"]
