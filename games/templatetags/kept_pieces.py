"""`{% kept "games/boards/x.html" quests=board.quests icons=icons %}`: a piece of a page
rendered from the values given alone (as `{% include ... with ... only %}` renders it) and
kept from one render to the next while they stay the same (games.rendering.kept_piece): a
pushed update re-renders only the pieces of a board that its move changed."""

from __future__ import annotations

from typing import Any

from django import template

from games.rendering import kept_piece

register = template.Library()


@register.simple_tag
def kept(template_name: str, **values: Any) -> str:
    return kept_piece(template_name, values)
