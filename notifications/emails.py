"""Composing and sending the emails. Plain text from templates/notifications/, with a signed
one-click unsubscribe link in the body and in the List-Unsubscribe headers (RFC 8058).

What goes in: the game's name, the table, whose move it is (yours), the deadline in the
reader's own time zone, won / not won at the end, links; and in the "your turn" and digest
emails, what happened since the reader's last visit, exactly as their own seat's game page
tells it (from the log as that seat may see it: nothing another seat could not see). Never
the state or a view: no role, hand or secret card of another seat can reach an inbox.

Every email is written in its reader's language (accounts.User.language_code, under
translation.override: tasks run outside any request) and their time zone.

The summary is the games app's presentation (games.rendering.since_text_for), which this
services module may not import: the app registers it at start (notifications/apps.py).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, Concatenate, ParamSpec

from django.conf import settings
from django.core.mail import EmailMessage, get_connection
from django.core.mail.backends.base import BaseEmailBackend
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.formats import date_format
from django.utils.translation import gettext

from accounts.models import User
from games.engine.core import get_game
from games.models import Game, Seat

from .decisions import decision_link_issue
from .unsubscribe import unsubscribe_url

P = ParamSpec("P")

# What happened in a game since the user's last visit, as their seat sees it ("" if nothing).
Summary = Callable[[Game, User], str]
_summary: list[Summary] = []


def register_summary(summary: Summary) -> None:
    """Set the function that words "since your last visit" for the emails."""
    _summary[:] = [summary]


def since_text(game: Game, user: User) -> str:
    return _summary[0](game, user) if _summary else ""


# The connection to the mail server shared by the emails of a batch (one_connection).
_shared: ContextVar[BaseEmailBackend | None] = ContextVar("email_connection", default=None)


@contextmanager
def one_connection() -> Iterator[None]:
    """The emails sent inside share one connection to the mail server, opened by the first
    and closed at the end (a batch of notices: one SMTP session, not one per email)."""
    backend = get_connection()
    token = _shared.set(backend)
    try:
        yield
    finally:
        _shared.reset(token)
        backend.close()


def local_time(user: User, at: dt.datetime | None) -> str:
    """A moment in the reader's zone, formatted for the active language (named zone after)."""
    if at is None:
        return ""
    local = at.astimezone(user.zone)
    # Translators: a date and time in Django's date format ("Thu 19 Nov 2026, 12:00").
    shown = date_format(local, gettext("D j M Y, H:i"))
    return f"{shown} ({user.zone.key})"


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


def _in_readers_language(
    send: Callable[Concatenate[User, P], None],
) -> Callable[Concatenate[User, P], None]:
    """Compose the whole email (facts, summary, subject, body) in its reader's language."""

    def composed(user: User, /, *args: P.args, **kwargs: P.kwargs) -> None:
        with translation.override(user.language_code):
            send(user, *args, **kwargs)

    return composed


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
    shared = _shared.get()
    if shared is not None:
        shared.open()  # kept open for the next email (open once, close at the end)
        message.connection = shared
    message.send()


@_in_readers_language
def send_turn(user: User, game: Game) -> None:
    """ "Your move", with a single-use link that opens the decision itself (decisions.py)."""
    facts = {**game_facts(game, user), "since": since_text(game, user)}
    _send(user, "turn", "turn", {**facts, "decision_url": decision_link_issue(user, game)})


@_in_readers_language
def send_deadline(user: User, game: Game, deadline: dt.datetime) -> None:
    facts = {**game_facts(game, user), "deadline": local_time(user, deadline)}
    _send(user, "deadline", "deadline", facts)


@_in_readers_language
def send_game_over(user: User, game: Game, *, won: bool | None, abandoned: bool) -> None:
    _send(
        user,
        "game_over",
        "game_over",
        {**game_facts(game, user), "won": won, "abandoned": abandoned},
    )


@_in_readers_language
def send_digest(user: User, games: Sequence[Game]) -> None:
    facts = [{**game_facts(g, user), "since": since_text(g, user)} for g in games]
    _send(user, "digest", "digest", {"games": facts})
