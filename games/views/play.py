"""The game page and what its plain forms post: moves (through move_submit, like every
other interface) and chat. Without JavaScript a POST redirects back to the page; with htmx
the response carries the re-rendered partials."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from accounts.models import User
from accounts.permissions import verified_required
from games import client_json
from games.engine.core import EngineError, MalformedMove
from games.models import Game
from games.presentation import composed_move
from games.rendering import game_context, render_partials
from games.selectors import can_watch, chat_for, events_after, game_view_for_user
from games.services.chat import chat_post
from games.services.errors import ServiceError
from games.services.moves import move_submit


def _user(request: HttpRequest) -> User | None:
    return request.user if isinstance(request.user, User) else None


def _game(request: HttpRequest, game_id: int) -> Game:
    game = get_object_or_404(Game.objects.select_related("table"), pk=game_id)
    if not can_watch(game, _user(request)):
        raise Http404("No such game.")
    return game


def full_context(request: HttpRequest, game: Game) -> dict[str, Any]:
    feed = game_view_for_user(game, _user(request))
    seat = feed["my_seat"]
    return game_context(
        feed,
        csrf_token=get_token(request),
        log=events_after(game, 0, seat),
        chat=list(chat_for(game.table, seat)),
    )


def game_page(request: HttpRequest, game_id: int) -> HttpResponse:
    game = _game(request, game_id)
    context = full_context(request, game)
    context["game"] = game
    return render(request, "games/game.html", context)


def _move_from_post(request: HttpRequest) -> Any:
    try:
        if request.POST.get("move"):
            return client_json.loads(request.POST["move"])
        move_type = request.POST.get("move_type", "")
        if not move_type:
            raise MalformedMove("Choose a move.", field="move")
        return composed_move(move_type, request.POST)
    except ValueError:
        raise MalformedMove("That move could not be read.", field="move") from None


@require_POST
@verified_required
def game_move(request: HttpRequest, game_id: int) -> HttpResponse:
    game = _game(request, game_id)
    error = ""
    try:
        expected = int(request.POST.get("expected_seq", ""))
        move_submit(
            game=game,
            user=_user(request),
            move_json=_move_from_post(request),
            expected_seq=expected,
            idempotency_key=request.POST.get("idempotency_key") or None,
        )
    except ValueError:
        error = "The form was incomplete; reload the page."
    except (ServiceError, EngineError) as exc:
        error = exc.message
    if not request.htmx:  # type: ignore[attr-defined]
        if error:
            messages.error(request, error)
        return redirect("game", game_id=game_id)
    game.refresh_from_db()
    context = full_context(request, game)
    context["action_error"] = error
    return HttpResponse(render_partials(context))


@require_POST
@verified_required
def game_chat(request: HttpRequest, game_id: int) -> HttpResponse:
    game = _game(request, game_id)
    user = _user(request)
    assert user is not None
    try:
        chat_post(table=game.table, user=user, body=request.POST.get("body", ""))
    except ServiceError as exc:
        if request.htmx:  # type: ignore[attr-defined]
            return HttpResponse(exc.message, status=400)
        messages.error(request, exc.message)
    if request.htmx:  # type: ignore[attr-defined]
        return HttpResponse(status=204)  # the message arrives over the websocket
    return redirect(f"/games/{game_id}/#chat")
