"""The Resistance: Avalon on the pages: presenter.py (forms, phase line), board.py (board
and secret panels), log.py (log lines); wire.py names the engine's moves and events."""

from ..registry import register_presenter
from .presenter import RESISTANCE

register_presenter(RESISTANCE)
