"""The page a "your turn" email's decision link opens (notifications.decisions): the seat's
own view and the forms of its pending decision, posting back to the same link.

GET only reads (a mail scanner that fetches the link changes nothing); the POST makes the
decision through the service. A link that cannot be used gets a page that says why (400
forged, 410 used, decided, expired or over) and changes nothing. The link logs nobody in:
the page needs no session and opens nothing but this one seat's decision.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe

from games.engine.core import EngineError, IllegalMove
from games.presentation import move_from_post
from games.presentation.rules import RuleLink, rule_links
from games.rendering import game_context
from games.selectors import game_view_for_seat, players_of
from games.services.errors import ServiceError, domain_error

from .decisions import LinkRefused, OpenDecision, decision_link_read, decision_link_use, link_of


def _refused(request: HttpRequest, exc: LinkRefused) -> HttpResponse:
    context = {"reason": exc.reason, "message": exc.message, "game_id": exc.game_id}
    return render(request, "notifications/decision_refused.html", context, status=exc.status)


def _page(
    request: HttpRequest,
    token: str,
    decision: OpenDecision,
    *,
    error: str = "",
    rules: list[RuleLink] | None = None,
    status: int = 200,
) -> HttpResponse:
    game = decision.game
    feed = game_view_for_seat(game, decision.link.position)
    feed["players"] = players_of(game)
    context: dict[str, Any] = game_context(
        feed, csrf_token=get_token(request), move_url=reverse("decision", args=[token])
    )
    context.update(
        {"game": game, "action_error": error, "action_error_rules": rules or [], "token": token}
    )
    return render(request, "notifications/decision.html", context, status=status)


@require_http_methods(["GET", "HEAD", "POST"])
def decision(request: HttpRequest, token: str) -> HttpResponse:
    """The decision a link opens (GET), or making it (POST)."""
    if request.method == "POST":
        return _decide(request, token)
    try:
        return _page(request, token, decision_link_read(token))
    except LinkRefused as exc:
        return _refused(request, exc)


def _decide(request: HttpRequest, token: str) -> HttpResponse:
    error, status = "", 400
    refusal: Exception | None = None
    try:
        decision_link_use(
            token,
            move_json=move_from_post(request.POST),
            expected_seq=int(request.POST.get("expected_seq", "")),
            idempotency_key=request.POST.get("idempotency_key") or None,
        )
    except LinkRefused as exc:
        return _refused(request, exc)
    except ValueError:
        error = _("The form was incomplete; reload the page.")
    except (ServiceError, EngineError) as exc:
        error, refusal = exc.message, exc
        status = (domain_error(exc) or (400, {}))[0]
    else:
        return redirect("decision_done", token=token)
    try:  # the page again, with what was wrong: the link still works
        decision = decision_link_read(token)
    except LinkRefused as exc:
        return _refused(request, exc)
    rules: list[RuleLink] = []
    if isinstance(refusal, IllegalMove) and refusal.rule:  # the rule in words, and a link
        rules = rule_links(str(refusal.game or decision.game.table.game_slug), refusal.rule)
    return _page(request, token, decision, error=error, rules=rules, status=status)


@require_safe
def decision_done(request: HttpRequest, token: str) -> HttpResponse:
    """After the decision: it is made (the link is used now). Names the game only."""
    try:
        link = link_of(token)
    except LinkRefused as exc:
        return _refused(request, exc)
    if link.used_at is None:
        return redirect("decision", token=token)
    return render(
        request,
        "notifications/decision_done.html",
        {"title": _("Your move is made"), "game_id": link.game_id},
    )
