"""`{{ table.game_slug|game_name }}`: a game's name in the reader's language, where a page
names a game by its table (the engine's name, marked in presentation/rules/catalogue.py)."""

from __future__ import annotations

from django import template
from django.utils.translation import gettext

from games.engine.core import get_game

register = template.Library()


@register.filter
def game_name(slug: str) -> str:
    try:
        return gettext(get_game(slug).name)
    except KeyError:  # a game this site no longer has: its slug, rather than nothing
        return slug
