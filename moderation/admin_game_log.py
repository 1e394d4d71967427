"""The moderators' full view of a game (issue 5): the whole log unredacted, and a replay
step by step with the full state. Moderators see everything, so every visit is written to
the audit log (game_log_read)."""

from __future__ import annotations

import json
from typing import Any

from django.contrib import admin
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse

from accounts.models import User
from games.log import definition_of, encode_state
from games.models import Game
from games.redaction import FULL, Step, log_as_seen, log_steps
from games.rendering import log_lines
from games.selectors import players_of

from .services.games import game_log_read


def _game(model_admin: admin.ModelAdmin[Any], request: HttpRequest, game_id: int) -> Game:
    if not request.user.has_perm("moderation.moderate_games"):
        raise PermissionDenied
    return get_object_or_404(Game.objects.select_related("table"), pk=game_id)


def _feed(game: Game) -> dict[str, Any]:
    return {"game": game.table.game_slug, "players": players_of(game), "view": {}}


def game_log_view(
    model_admin: admin.ModelAdmin[Any], request: HttpRequest, game_id: int
) -> TemplateResponse:
    game = _game(model_admin, request, game_id)
    assert isinstance(request.user, User)
    game_log_read(game=game, by=request.user, what="log")
    entries = log_as_seen(definition_of(game), log_steps(game), FULL)
    lines = log_lines(_feed(game), entries)
    rows = [
        {**line, "entry": entry, "payload": json.dumps(entry["event"], indent=1)}
        for line, entry in zip(lines, entries, strict=True)
    ]
    context = {
        **model_admin.admin_site.each_context(request),
        "title": f"Full log of game {game.pk}",
        "game": game,
        "rows": rows,
        "players": players_of(game),
        "opts": model_admin.model._meta,
    }
    return TemplateResponse(request, "admin/moderation/game_log.html", context)


def game_replay_view(
    model_admin: admin.ModelAdmin[Any], request: HttpRequest, game_id: int
) -> TemplateResponse:
    game = _game(model_admin, request, game_id)
    assert isinstance(request.user, User)
    definition = definition_of(game)
    steps: list[Step] = list(log_steps(game, definition))
    try:
        step = int(request.GET.get("step", len(steps)))
    except ValueError:
        step = len(steps)
    step = max(1, min(step, len(steps))) if steps else 0
    game_log_read(game=game, by=request.user, what="replay")
    state = steps[step - 1][2] if steps else None
    entries = log_as_seen(definition, steps[step - 1 : step], FULL)
    lines = log_lines(_feed(game), entries)
    context = {
        **model_admin.admin_site.each_context(request),
        "title": f"Replay of game {game.pk} (everything revealed)",
        "game": game,
        "step": step,
        "last": len(steps),
        "prev": max(1, step - 1),
        "next": min(len(steps), step + 1),
        "line": lines[0] if lines else None,
        "state": json.dumps(encode_state(state), indent=1) if state is not None else "",
        "players": players_of(game),
        "opts": model_admin.model._meta,
    }
    return TemplateResponse(request, "admin/moderation/game_replay.html", context)
