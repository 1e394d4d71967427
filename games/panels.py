"""Panels of the game page owned by other apps (the clock of issue 7), re-rendered on every
live update beside the game's own partials.

An app registers `render(game, user, csrf_token) -> html` in its AppConfig.ready(); the html
is an out-of-band swap (root element with a stable id and hx-swap-oob). A plain registry,
so the game page's rendering never imports the apps that build on it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .models import Game

Panel = Callable[[Game, Any, str], str]

live_panels: list[Panel] = []


def register_live_panel(panel: Panel) -> Panel:
    """Decorator: render `panel` into every live update of a game page."""
    if panel not in live_panels:
        live_panels.append(panel)
    return panel


def render_live_panels(game_id: int, user: Any, csrf_token: str) -> str:
    """Every registered panel for this viewer, freshly read (call from a sync context)."""
    if not live_panels:
        return ""
    game = Game.objects.select_related("table").get(pk=game_id)
    return "".join(panel(game, user, csrf_token) for panel in live_panels)
