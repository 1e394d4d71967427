"""The clock panel as a live out-of-band swap: the game page's websocket pushes it with each
update (games.panels), so time left and the end of the game show at once instead of at
the next 30-second poll."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.template.loader import render_to_string
from django.utils.safestring import mark_safe

from accounts.models import User
from games.models import Game, Seat
from games.panels import register_live_panel
from games.rendering import kept_piece

from .selectors import clock_facts, clock_for


@register_live_panel
def clock_panel_oob(
    game: Game, viewers: Mapping[Any, Any], csrf_token: str, seats: Sequence[Seat] | None
) -> dict[Any, str]:
    """One read of the clock for the update (none when the commit's seats are given), one
    render per distinct panel: viewers differ only by their time zone (the deadlines) and
    their own seat's extension and take-back, so most share one render, and the panel
    but the viewer's own part is rendered once per distinct deadlines."""
    facts = clock_facts(game, seats=seats)
    shells: dict[Any, str] = {}
    parts: dict[Any, str] = {}
    out = {}
    for key, user in viewers.items():
        context = clock_for(facts, user if isinstance(user, User) else None)
        me = context["me"]
        # Everything of the context that differs between viewers, as the template reads it:
        # the deadlines in the reader's zone (the panel), their own seat (its last part,
        # clock/panel_me.html, rendered apart and put in the panel's slot).
        deadlines = tuple(row["deadline_local"] for row in context["seats"])
        mine = me and (me["can_take_back"], me["can_extend"], me["extensions_left"], me["pending"])
        if deadlines not in shells:
            shells[deadlines] = render_to_string(
                "clock/panel.html", {**context, "me_part": ME_SLOT, "oob": True}
            )
        if mine not in parts:
            # From what panel_me.html reads alone: kept from one update to the next.
            parts[mine] = kept_piece(
                "clock/panel_me.html",
                {
                    "me": me and {k: me[k] for k in MINE},
                    "playing": context["playing"],
                    "game": {"pk": game.pk},
                    "csrf_token": csrf_token,
                },
            )
        out[key] = shells[deadlines].replace(ME_SLOT, parts[mine])
    return out


# What panel_me.html reads of the viewer's own seat.
MINE = ("can_take_back", "can_extend", "extensions_left", "pending")

# Where a viewer's own part goes in the panel rendered for many (a comment: no escaped
# text can hold one).
ME_SLOT = mark_safe("<!--clock-me-7f3c1e-->")
