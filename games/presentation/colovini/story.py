"""What tells the story of a game of Avalon by Leo Colovini in its log: each player's turn
is a round, and the plays, conquests and tiles are what a returning player reads first."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from ..base import Story
from .wire import ev

HEADLINE = frozenset(
    e.TYPE
    for e in (
        ev.GameSetUp,
        ev.CardPlayed,
        ev.Enchanted,
        ev.EnchantmentCountered,
        ev.AttackResisted,
        ev.RegionConquered,
        ev.AvalonUsed,
        ev.TileTaken,
        ev.TileCashed,
        ev.GameEnded,
    )
)
ROUND_OPENERS = {ev.TurnStarted.TYPE: _("Turn %(turn)s: %(who)s")}
# A turn's first line is its title.
HIDDEN = frozenset({ev.TurnStarted.TYPE})
STORY = Story(HEADLINE, ROUND_OPENERS, HIDDEN)
