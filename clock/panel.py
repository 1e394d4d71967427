"""The clock panel as a live out-of-band swap: the game page's websocket pushes it with each
update (games.panels), so time left and the end of the game show at once instead of at
the next 30-second poll."""

from __future__ import annotations

from typing import Any

from django.template.loader import render_to_string

from accounts.models import User
from games.models import Game
from games.panels import register_live_panel

from .selectors import game_clock


@register_live_panel
def clock_panel_oob(game: Game, user: Any, csrf_token: str) -> str:
    viewer = user if isinstance(user, User) else None
    context = {**game_clock(game, viewer), "csrf_token": csrf_token, "oob": True}
    return render_to_string("clock/panel.html", context)
