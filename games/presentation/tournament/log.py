"""Log lines of Tournament at Camelot / Avalon: the wordings of log_play.py (the deal to
the end of a Melee) and log_rounds.py (the end of a round to the end of the game) in one
table, looked up by event type.
"""

from __future__ import annotations

from ..words import EventWords
from .log_play import PLAY_WORDS
from .log_rounds import ROUND_WORDS

STRANGER = "Someone"  # a seat the reader cannot name
WORDS = EventWords.joined(PLAY_WORDS, ROUND_WORDS)
