"""Avalon, the jousting game, on the pages: presenter.py (titles, buttons, phase line),
forms.py (its own forms), board.py (board and secret panels), log.py (log lines),
words.py (card, chip and offer words); wire.py names the engine's moves and events."""

from ..registry import register_presenter
from .presenter import JOUSTING

register_presenter(JOUSTING)
