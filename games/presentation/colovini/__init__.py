"""Avalon by Leo Colovini on the pages: presenter.py (titles, buttons, phase line),
forms.py (its own forms), board.py (board and secret panels), log.py (log lines),
words.py (card, region and tile names); wire.py names the engine's moves and events."""

from ..registry import register_presenter
from .presenter import COLOVINI

register_presenter(COLOVINI)
