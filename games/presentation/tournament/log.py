"""Log lines of Tournament at Camelot / Avalon: the wordings of log_play.py (the deal to
the end of a Melee), log_rounds.py (the end of a round to the end of the game) and
choices.py (a power's question and its answer) in one table, looked up by event type.
"""

from __future__ import annotations

from django.utils.translation import gettext_noop

from ..words import EventWords
from .choices import CHOICE_WORDS
from .log_play import PLAY_WORDS
from .log_rounds import ROUND_WORDS

STRANGER = gettext_noop("Someone")  # a seat the reader cannot name
WORDS = EventWords.joined(PLAY_WORDS, ROUND_WORDS, CHOICE_WORDS)
