"""The rematch panel of a finished game's page: who has accepted, the button for a player
who has not, and the new game once it started. A live panel (games.panels): re-rendered
with every push, and on its own when someone accepts (broadcast.rematch_changed)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.template.loader import render_to_string

from accounts.models import User

from .models import Game, Rematch, Seat
from .panels import register_live_panel
from .rendering import kept_piece
from .selectors import bot_name
from .services.rematch import rematch_impossible, rematch_waiting_for


@dataclass(frozen=True)
class RematchFacts:
    """What every viewer's panel of a finished game reads alike: read once per update."""

    seats: list[Seat]
    waiting: frozenset[int]  # the seats (pks) still to accept
    new_game: Game | None
    impossible: str


def rematch_facts(game: Game) -> RematchFacts:
    rematch = Rematch.objects.filter(game=game).select_related("table__game").first()
    seats = list(
        game.table.seats.filter(position__isnull=False).select_related("user").order_by("position")
    )
    new_table = rematch.table if rematch else None
    new_game = getattr(new_table, "game", None) if new_table else None
    return RematchFacts(
        seats=seats,
        waiting=frozenset(s.pk for s in rematch_waiting_for(rematch, seats)),
        new_game=new_game,
        impossible=rematch_impossible(seats) if new_game is None else "",
    )


def rematch_context(game: Game, user: Any, facts: RematchFacts | None = None) -> dict[str, Any]:
    """The panel's context for `user` (None: a spectator); `facts` when already read."""
    if game.status != Game.Status.FINISHED:
        return {"game": game, "shown": False}
    facts = facts or rematch_facts(game)
    seats, waiting = facts.seats, facts.waiting
    viewer = user if isinstance(user, User) else None
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
        "impossible": facts.impossible,
        "can_accept": viewer is not None
        and facts.new_game is None
        and not facts.impossible
        and any(s.user_id == viewer.pk and s.pk in waiting for s in seats),
        "new_game": facts.new_game,
    }


HIDDEN = {"shown": False}


@register_live_panel
def rematch_oob(
    game: Game, viewers: Mapping[Any, Any], csrf_token: str, seats: Sequence[Seat] | None
) -> dict[Any, str]:
    """The panel for each viewer (games.panels); a game in play reads nothing, and its
    (hidden) panel is the same for every viewer: rendered once."""
    if game.status != Game.Status.FINISHED:
        # The hidden panel reads nothing of the game: kept, not rendered at every move.
        hidden = kept_piece("games/partials/rematch.html", {"rematch": HIDDEN, "oob": True})
        return dict.fromkeys(viewers, hidden)
    # One read for every viewer; a viewer who holds no seat reads the spectators' panel.
    facts = rematch_facts(game)
    seated = {s.user_id for s in facts.seats if s.user_id is not None}
    renders: dict[int | None, str] = {}
    out = {}
    for key, user in viewers.items():
        reader = user.pk if isinstance(user, User) and user.pk in seated else None
        if reader not in renders:
            context = rematch_context(game, user if reader is not None else None, facts)
            renders[reader] = render_to_string(
                "games/partials/rematch.html",
                {"rematch": context, "csrf_token": csrf_token, "oob": True},
            )
        out[key] = renders[reader]
    return out
