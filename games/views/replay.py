"""Replay of a finished game: step through the log move by move, from one chosen player's
perspective (their view and the log as they saw it) or with everything revealed (RA-23)."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from games.log import definition_of
from games.models import Game
from games.redaction import FULL, Perspective, log_as_seen, log_steps
from games.rendering import game_context
from games.selectors import players_of

from .play import _game


def game_replay(request: HttpRequest, game_id: int) -> HttpResponse:
    game = _game(request, game_id)
    if game.status == Game.Status.PLAYING:
        # An old link, or a guess: the game page, where its log is, says why.
        messages.info(request, _("The replay opens when the game is over."))
        return redirect("game", game.pk)
    definition = definition_of(game)
    steps = list(log_steps(game, definition))
    players = players_of(game)
    perspective = request.GET.get("as", "all")
    seat: int | None = None  # None: everything revealed (RA-23)
    if perspective != "all":
        try:
            seat = int(perspective)
        except ValueError:
            raise Http404("No such seat.") from None
        if not 0 <= seat < len(players):
            raise Http404("No such seat.")
    viewer: Perspective = FULL if seat is None else seat
    try:
        step = int(request.GET.get("step", len(steps)))
    except ValueError:
        step = len(steps)
    step = max(1, min(step, len(steps)))
    state = steps[step - 1][2]
    log = log_as_seen(definition, steps[:step], viewer)
    over = definition.outcome(state) is not None
    feed = {
        "game_id": game.pk,
        "game": definition.slug,
        "game_name": definition.name,
        "seq": step,
        "status": "finished" if over else "playing",
        "pending_seats": sorted(definition.pending_seats(state)),
        "my_seat": seat,
        "view": definition.view(state, seat),
        "legal_moves": [],
        "players": players,
        "outcome": game.outcome if over else None,
    }
    final = steps[-1][2]
    revealed = definition.view(final, None) if seat is None else None
    context = game_context(feed, log=log, replay=True, revealed=revealed)
    context.update(
        {
            "game": game,
            "step": step,
            "last": len(steps),
            "perspective": perspective,
            "steps_nav": {
                "first": 1,
                "prev": max(1, step - 1),
                "next": min(len(steps), step + 1),
                "last": len(steps),
            },
        }
    )
    return render(request, "games/replay.html", context)
