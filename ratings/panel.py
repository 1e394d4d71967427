"""The rating changes of a finished game on its page, as a live panel (games.panels): the
page that saw the last move shows them at once. Each row: the player's shown rating
before and after, and the change ("+32", ratings.display)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.template.loader import render_to_string

from games.models import Game, Seat
from games.panels import register_live_panel

from .selectors import rating_changes


def changes_context(game: Game, seats: Sequence[Seat] | None = None) -> dict[str, Any]:
    """The rows once the game is finished (none before: nothing is read then). `seats`:
    the seats with their users, when the caller has them."""
    rows = []
    if game.status == Game.Status.FINISHED:
        if seats is None:
            seats = list(game.table.seats.select_related("user"))
        names = {s.user.pk: s.user.public_name for s in seats if s.user}
        rows = rating_changes(game.pk, names)
    return {"rows": rows, "game_slug": game.table.game_slug}


@register_live_panel
def rating_changes_oob(
    game: Game, viewers: Mapping[Any, Any], csrf_token: str, seats: Sequence[Seat] | None
) -> dict[Any, str]:
    """The same for every viewer: rendered once (games.panels)."""
    context = {**changes_context(game, seats), "oob": True}
    return dict.fromkeys(viewers, render_to_string("ratings/game_changes.html", context))
