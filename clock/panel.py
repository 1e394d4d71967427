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
    render per distinct panel: viewers differ only by their time zone (the deadlines) and
    their own seat's extension and take-back, so most share one render."""
    facts = clock_facts(game, seats=seats)
    rendered: dict[Any, str] = {}
    out = {}
    for key, user in viewers.items():
        context = clock_for(facts, user if isinstance(user, User) else None)
        me = context["me"]
        # Everything of the context that differs between viewers, as the template reads it.
        shown = (
            tuple(row["deadline_local"] for row in context["seats"]),
            me and (me["can_take_back"], me["can_extend"], me["extensions_left"], me["pending"]),
        )
        if shown not in rendered:
            rendered[shown] = render_to_string(
                "clock/panel.html", {**context, "csrf_token": csrf_token, "oob": True}
            )
        out[key] = rendered[shown]
    return out
