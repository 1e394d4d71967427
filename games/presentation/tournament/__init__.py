"""Tournament at Camelot / Avalon on the pages (one presenter for both slugs):
presenter.py (which forms, titles, buttons, phase line), forms.py (the forms), board.py
(board and secret panels), cards.py (card faces), log.py (log lines); wire.py names the
engine's moves, events and phases."""

from ..registry import register_presenter
from .presenter import TOURNAMENT

register_presenter(TOURNAMENT)
