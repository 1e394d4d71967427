"""What tells the story of a game of Avalon, the jousting game, in its log: rounds open with
their barter; trades, withdrawals, duels and God's judgement are what a returning player
reads first."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from ..base import Story
from .wire import ev

HEADLINE = frozenset(
    e.TYPE
    for e in (
        ev.GameSetUp,
        ev.TradeMade,
        ev.Withdrew,
        ev.Disqualified,
        ev.DuelsCalled,
        ev.DuelAbandoned,
        ev.DuelRevealed,
        ev.JudgementDecided,
        ev.GameEnded,
    )
)
ROUND_OPENERS = {ev.RoundBegan.TYPE: _("Round %(round)s")}
# "Round 2 begins" is the round's title.
HIDDEN = frozenset({ev.RoundBegan.TYPE})
STORY = Story(HEADLINE, ROUND_OPENERS, HIDDEN)
