"""The game page and what its plain forms post: moves (through move_play, like every
other interface) and chat. Without JavaScript a POST redirects back to the page; with htmx
the response carries the re-rendered partials."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.models import User
from accounts.permissions import verified_required
from games.engine.core import EngineError, IllegalMove
from games.models import Game
from games.presentation import move_from_post
from games.presentation.rules import RuleLink, rule_links, with_rule_links
from games.rematch_panel import rematch_context
from games.rendering import game_context, render_partials
from games.selectors import can_watch, chat_for, events_after, game_get, game_view_for_user
from games.services.errors import ServiceError, message_of
from games.services.limits import moves_limit
from games.services.moves import Played, move_play
from games.services.rematch import rematch_accept
from games.services.seen import seat_seen_get, seat_seen_mark

from .chat import post_chat


def _user(request: HttpRequest) -> User | None:
    return request.user if isinstance(request.user, User) else None


def _player(request: HttpRequest) -> User:
    """The user of a `verified_required` view: logged in, so never None."""
    user = _user(request)
    assert user is not None
    return user


def _game(request: HttpRequest, game_id: int) -> Game:
    try:
        game = game_get(game_id)  # a query compiled once per process (games.prepared)
    except Game.DoesNotExist:
        raise Http404("No such game.") from None
    if not can_watch(game, _user(request)):
        raise Http404("No such game.")
    return game


def full_context(request: HttpRequest, game: Game, seen: int | None = None) -> dict[str, Any]:
    feed = game_view_for_user(game, _user(request))
    seat = feed["my_seat"]
    return game_context(
        feed,
        csrf_token=get_token(request),
        log=events_after(game, 0, seat),
        chat=list(chat_for(game.table, seat)),
        seen=seen,
    )


def game_page(request: HttpRequest, game_id: int) -> HttpResponse:
    """The game page; a seated player reads what happened since their last visit, and
    from now on has seen the game up to here."""
    game = _game(request, game_id)
    mine = seat_seen_get(game, _user(request))
    context = full_context(request, game, seen=mine[1] if mine else None)
    if mine is not None and mine[1] < context["feed"]["seq"]:  # no write when nothing is new
        seat_seen_mark(game, mine[0], context["feed"]["seq"])
    context["game"] = game
    context["rematch"] = rematch_context(game, _user(request))
    context["seen_before"] = mine[1] if mine else ""
    # The partials swap themselves in out of band only when pushed: the page says so
    # (a variable a template fails to find costs Django four exceptions).
    context["oob"] = False
    return render(request, "games/game.html", context)


@require_POST
@verified_required
def game_move(request: HttpRequest, game_id: int) -> HttpResponse:
    game = _game(request, game_id)
    error = ""
    rules: list[RuleLink] = []
    played: Played | None = None
    try:
        expected = int(request.POST.get("expected_seq", ""))
        moves_limit(_player(request))
        played = move_play(
            game=game,
            user=_user(request),
            move_json=move_from_post(request.POST),
            expected_seq=expected,
            idempotency_key=request.POST.get("idempotency_key") or None,
        )
    except ValueError:
        error = _("The form was incomplete; reload the page.")
    except (ServiceError, EngineError) as exc:
        error = message_of(exc)
        if isinstance(exc, IllegalMove) and exc.rule:  # the rule in words, and a link to it
            rules = rule_links(str(exc.game or game.table.game_slug), exc.rule)
    if not request.htmx:  # type: ignore[attr-defined]
        if error:
            messages.error(request, with_rule_links(error, rules))
        return redirect("game", game_id=game_id)
    context = game_context(_reply_feed(request, game, played), csrf_token=get_token(request))
    context["action_error"] = error
    context["action_error_rules"] = rules
    return HttpResponse(render_partials(context))


def _reply_feed(request: HttpRequest, game: Game, played: Played | None) -> dict[str, Any]:
    """The mover's view of the game for the partials of a move's reply: the one the commit
    built for the broadcast, unless the game moved on meanwhile (a bot's answer played in
    the request) or the move was refused; then read again. The reply renders the partials
    alone (render_partials): the log and the chat, which a full page context reads whole,
    are not read (issue 14: a long game's move cost its whole log and chat again)."""
    feed = played.feed() if played is not None else None
    if feed is not None:
        now = Game.objects.filter(pk=game.pk).values_list("state_seq", flat=True).first()
        if now == feed["seq"]:
            return feed
    game.refresh_from_db()
    return game_view_for_user(game, _user(request))


@require_POST
@verified_required
def game_chat(request: HttpRequest, game_id: int) -> HttpResponse:
    game = _game(request, game_id)
    return post_chat(request, game.table, _player(request), f"/games/{game_id}/#chat")


@require_POST
@verified_required
def game_rematch(request: HttpRequest, game_id: int) -> HttpResponse:
    """Accept a rematch of a finished game; the last acceptance opens the new game."""
    game = _game(request, game_id)
    try:
        rematch = rematch_accept(game=game, user=_player(request))
    except ServiceError as exc:
        messages.error(request, exc.message)
        return redirect(f"/games/{game_id}/#rematch")
    new_game = getattr(rematch.table, "game", None) if rematch.table else None
    if new_game is not None:
        return redirect("game", game_id=new_game.pk)
    return redirect(f"/games/{game_id}/#rematch")
