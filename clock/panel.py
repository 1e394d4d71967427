"""The clock panel as a live out-of-band swap: the game page's websocket pushes it with each
update (games.panels), so time left and the end of the game show at once instead of at
the next 30-second poll."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.template.loader import render_to_string

from accounts.models import User
from games.models import Game, Seat
from games.panels import register_live_panel

from .selectors import clock_facts, clock_for


@register_live_panel
def clock_panel_oob(
    game: Game, viewers: Mapping[Any, Any], csrf_token: str, seats: Sequence[Seat] | None
) -> dict[Any, str]:
    """One read of the clock for the update (none when the commit's seats are given), one
    render per viewer (their own seat's extension and take-back differ)."""
    facts = clock_facts(game, seats=seats)
    return {
        key: render_to_string(
            "clock/panel.html",
            {
                **clock_for(facts, user if isinstance(user, User) else None),
                "csrf_token": csrf_token,
                "oob": True,
            },
        )
        for key, user in viewers.items()
    }
