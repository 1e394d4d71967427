"""Avalon, the jousting game (FUN Connection; rules: /work/shared/rules/jousting-avalon.md),
registered as "jousting-avalon"."""

from games.engine.core import register_game

from .config import JoustingConfig
from .definition import GAME, JoustingAvalon

register_game(GAME)

__all__ = ["GAME", "JoustingAvalon", "JoustingConfig"]
