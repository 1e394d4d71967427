"""The rematch panel of a finished game's page: who has accepted, the button for a player
who has not, and the new game once it started. A live panel (games.panels): re-rendered
with every push, and on its own when someone accepts (broadcast.rematch_changed)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.template.loader import render_to_string

from accounts.models import User

from .models import Game, Rematch, Seat
from .panels import register_live_panel
from .selectors import bot_name
from .services.rematch import rematch_impossible, rematch_waiting_for


def rematch_context(game: Game, user: Any) -> dict[str, Any]:
    if game.status != Game.Status.FINISHED:
        return {"game": game, "shown": False}
    rematch = Rematch.objects.filter(game=game).select_related("table__game").first()
    seats = list(
        game.table.seats.filter(position__isnull=False).select_related("user").order_by("position")
    )
    waiting = {s.pk for s in rematch_waiting_for(rematch, seats)}
    viewer = user if isinstance(user, User) else None
    new_table = rematch.table if rematch else None
    new_game = getattr(new_table, "game", None) if new_table else None
    impossible = rematch_impossible(seats) if new_game is None else ""
    return {
        "game": game,
        "shown": True,
        "players": [
            {
                # A bot at the table has no account: named as on the game page.
                "name": s.user.public_name if s.user else bot_name(s.position or 0),
                "bot": s.is_bot,
                "accepted": s.pk not in waiting,
                "is_me": viewer is not None and s.user_id == viewer.pk,
            }
            for s in seats
        ],
        "impossible": impossible,
        "can_accept": viewer is not None
        and new_game is None
        and not impossible
        and any(s.user_id == viewer.pk and s.pk in waiting for s in seats),
        "new_game": new_game,
    }


@register_live_panel
def rematch_oob(
    game: Game, viewers: Mapping[Any, Any], csrf_token: str, seats: Sequence[Seat] | None
) -> dict[Any, str]:
    """The panel for each viewer (games.panels); a game in play reads nothing, and its
    (hidden) panel is the same for every viewer: rendered once."""
    if game.status != Game.Status.FINISHED:
        hidden = {"rematch": rematch_context(game, None), "csrf_token": csrf_token, "oob": True}
        return dict.fromkeys(viewers, render_to_string("games/partials/rematch.html", hidden))
    return {
        key: render_to_string(
            "games/partials/rematch.html",
            {"rematch": rematch_context(game, user), "csrf_token": csrf_token, "oob": True},
        )
        for key, user in viewers.items()
    }
