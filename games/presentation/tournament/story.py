"""What tells the story of a game of Tournament at Camelot / Avalon in its log: each deal
opens a Tourney Round; Melees won and lost, Injuries, Health and Godsends are what a
returning player reads first. "Ann's turn." between two plays says nothing: not shown."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from ..base import Story
from .wire import ev

HEADLINE = frozenset(
    e.TYPE
    for e in (
        ev.GameStarted,
        ev.MeleeEnded,
        ev.Shamed,
        ev.HealthChanged,
        ev.CompanionUnlocked,
        ev.RoundEnded,
        ev.DuskTallied,
        ev.GodsendsRevealed,
        ev.GodsendTaken,
        ev.GodsendPlaced,
        ev.GodsendCancelled,
        ev.GameEnded,
    )
)
ROUND_OPENERS = {ev.Dealt.TYPE: _("Tourney Round %(round)s")}
HIDDEN = frozenset({ev.TurnMoved.TYPE})
STORY = Story(HEADLINE, ROUND_OPENERS, HIDDEN)
