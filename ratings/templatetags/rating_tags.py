"""The ratings panels, each dropped in with one tag: the profile's ratings, and a finished
game's rating changes on its page."""

from __future__ import annotations

from typing import Any

from django import template

from accounts.models import User
from games.models import Game

from ..panel import changes_context
from ..selectors import ratings_of, season_history

register = template.Library()


@register.inclusion_tag("ratings/panel.html", takes_context=True)
def ratings_panel(context: dict[str, Any]) -> dict[str, Any]:
    user = context.get("user")
    if not isinstance(user, User):
        return {"rows": [], "seasons": []}
    return {"rows": ratings_of(user.pk), "seasons": season_history(user.pk)}


@register.inclusion_tag("ratings/game_changes.html")
def rating_changes_panel(game: Game) -> dict[str, Any]:
    """A finished game's rating changes (the game page); empty and hidden until then."""
    return changes_context(game)
