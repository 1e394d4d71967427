"""Composing and sending the emails. Plain text from templates/notifications/, with a signed
one-click unsubscribe link in the body and in the List-Unsubscribe headers (RFC 8058).

What goes in: the game's name, the table, whose move it is (yours), the deadline in the
reader's own time zone, won / not won at the end, links. Never the state, a view or an
event: no role, hand or vote can reach an inbox, in the subject or the body.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Any

from django.conf import settings
from django.core.mail import EmailMessage
from django.template.loader import render_to_string
from django.urls import reverse

from accounts.models import User
from games.engine.core import get_game
from games.models import Game, Seat

from .unsubscribe import unsubscribe_url


def local_time(user: User, at: dt.datetime | None) -> str:
    if at is None:
        return ""
    local = at.astimezone(user.zone)
    return f"{local:%a %d %b %Y, %H:%M} ({user.zone.key})"


def game_facts(game: Game, user: User) -> dict[str, Any]:
    """Public facts about a game for an email (never anything from its state)."""
    seat = Seat.objects.filter(table_id=game.table_id, user=user).first()
    return {
        "game_name": get_game(game.table.game_slug).name,
        "table_id": game.table_id,
        "table_title": game.table.title,
        "game_url": settings.SITE_URL + reverse("game", args=[game.pk]),
        "replay_url": settings.SITE_URL + reverse("game_replay", args=[game.pk]),
        "deadline": local_time(user, seat.deadline_at if seat else None),
    }


def _send(user: User, kind: str, template: str, context: dict[str, Any]) -> None:
    unsubscribe = unsubscribe_url(user, kind)
    ctx = {"user": user, "name": user.public_name, "unsubscribe_url": unsubscribe, **context}
    rendered = render_to_string(f"notifications/{template}_subject.txt", ctx)
    subject = settings.ACCOUNT_EMAIL_SUBJECT_PREFIX + " ".join(rendered.split())
    body = render_to_string(f"notifications/{template}_body.txt", ctx)
    message = EmailMessage(
        subject=subject,
        body=body,
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=[user.email],
        headers={
            "List-Unsubscribe": f"<{unsubscribe}>",
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        },
    )
    message.send()


def send_turn(user: User, game: Game) -> None:
    _send(user, "turn", "turn", game_facts(game, user))


def send_deadline(user: User, game: Game, deadline: dt.datetime) -> None:
    facts = {**game_facts(game, user), "deadline": local_time(user, deadline)}
    _send(user, "deadline", "deadline", facts)


def send_game_over(user: User, game: Game, *, won: bool | None, abandoned: bool) -> None:
    _send(
        user,
        "game_over",
        "game_over",
        {**game_facts(game, user), "won": won, "abandoned": abandoned},
    )


def send_digest(user: User, games: Sequence[Game]) -> None:
    _send(user, "digest", "digest", {"games": [game_facts(g, user) for g in games]})
