"""What tells the story of a game of Tournament at Camelot / Avalon in its log: each deal
opens a Tourney Round; Melees won and lost, Injuries, Health and Godsends are what a
returning player reads first. "Ann's turn." between two plays says nothing: not shown."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from ..base import Story
from .wire import (
    CompanionUnlocked,
    Dealt,
    DuskTallied,
    GameEnded,
    GameStarted,
    GodsendCancelled,
    GodsendPlaced,
    GodsendsRevealed,
    GodsendTaken,
    HealthChanged,
    MeleeEnded,
    RoundEnded,
    Shamed,
    TurnMoved,
)

HEADLINE = frozenset(
    e.TYPE
    for e in (
        GameStarted,
        MeleeEnded,
        Shamed,
        HealthChanged,
        CompanionUnlocked,
        RoundEnded,
        DuskTallied,
        GodsendsRevealed,
        GodsendTaken,
        GodsendPlaced,
        GodsendCancelled,
        GameEnded,
    )
)
ROUND_OPENERS = {Dealt.TYPE: _("Tourney Round %(round)s")}
HIDDEN = frozenset({TurnMoved.TYPE})
STORY = Story(HEADLINE, ROUND_OPENERS, HIDDEN)
