"""Composing and sending pushes to a user's browsers (Web Push: RFC 8030, encrypted for
each browser by RFC 8291, signed with our VAPID key by RFC 8292) through pywebpush.

What a push says is what an email's subject says: the game, the table, your move / your time
runs out / the game is over (won or not), and where to go. Never anything from the state or
a view: a push passes through the browser vendor's push service and shows on a lock screen.

A push service answering 404 or 410 says the subscription is gone (the browser unsubscribed,
the app was uninstalled): the row is deleted. Any other failure is logged and the row kept.
"""

from __future__ import annotations

import datetime as dt
import json
import logging
from dataclasses import asdict, dataclass

import requests
from django.conf import settings
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from pywebpush import WebPushException, webpush

from accounts.models import User
from games.engine.core import get_game
from games.models import Game

from .emails import local_time
from .models import Kind, PushSubscription
from .push_transport import PushSession
from .vapid import signer

logger = logging.getLogger(__name__)

# A push service's answer that the subscription no longer exists (RFC 8030 §7.3 and 404).
GONE = frozenset({404, 410})


@dataclass(frozen=True)
class PushMessage:
    """The JSON the service worker (static/js/sw.js) shows as a notification."""

    title: str
    body: str
    url: str  # where a click on the notification goes (a path of this site)
    tag: str  # a newer notification with the same tag replaces the older one


@dataclass(frozen=True)
class PushResult:
    sent: int = 0
    removed: int = 0
    failed: int = 0


def message_for(
    kind: str,
    user: User,
    game: Game,
    *,
    deadline: dt.datetime | None = None,
    won: bool | None = None,
    abandoned: bool = False,
) -> PushMessage:
    """The words of one push, in its reader's language and time zone."""
    with translation.override(user.language_code):
        return _message(kind, user, game, deadline=deadline, won=won, abandoned=abandoned)


def _message(
    kind: str,
    user: User,
    game: Game,
    *,
    deadline: dt.datetime | None,
    won: bool | None,
    abandoned: bool,
) -> PushMessage:
    facts = {"game": get_game(game.table.game_slug).name, "table": game.table_id}
    where = _("%(game)s at table %(table)s") % facts
    if game.table.title:
        where = f"{where}: {game.table.title}"
    url = reverse("game", args=[game.pk])
    if kind == Kind.TURN:
        title, body = _("Your move"), where
    elif kind == Kind.DEADLINE:
        title = _("Your time runs out soon")
        body = where
        if deadline is not None:
            body = _("%(where)s. Deadline %(when)s.") % {
                "where": where,
                "when": local_time(user, deadline),
            }
    else:
        url = reverse("game_replay", args=[game.pk])
        if abandoned:
            title = _("Game abandoned")
        elif won:
            title = _("Game over: you won")
        elif won is False:
            title = _("Game over: you did not win")
        else:
            title = _("Game over")
        body = where
    return PushMessage(title=title, body=body, url=url, tag=f"game-{game.pk}")


def _send_one(session: PushSession, subscription: PushSubscription, data: str, topic: str) -> int:
    """POST one encrypted push; returns the push service's status (0: no answer, or an
    address we do not post to)."""
    try:
        response = webpush(
            subscription_info=subscription.info(),
            data=data,
            vapid_private_key=signer(),
            # A new dict each time: pywebpush writes the endpoint's origin ("aud") into it.
            vapid_claims={"sub": settings.WEBPUSH_VAPID_SUBJECT},
            ttl=settings.WEBPUSH_TTL_SECONDS,
            timeout=settings.WEBPUSH_TIMEOUT_SECONDS,
            # A push not yet delivered is replaced by a newer one about the same game.
            headers={"Topic": topic, "Urgency": "normal"},
            requests_session=session,
        )
    except WebPushException as exc:
        status = exc.response.status_code if exc.response is not None else 0
        return int(status or 0)
    except requests.RequestException:
        logger.warning("push: no answer from %s", subscription.endpoint.split("/")[2])
        return 0
    return int(getattr(response, "status_code", 201))


def push_send(user: User, message: PushMessage, now: dt.datetime) -> PushResult:
    """Send `message` to every browser of `user`; forget the ones their service says are
    gone. The caller decided that the push is owed (notifications.services.deliver)."""
    data = json.dumps(asdict(message), ensure_ascii=False)
    sent = removed = failed = 0
    session = PushSession()
    for subscription in PushSubscription.objects.filter(user=user):
        status = _send_one(session, subscription, data, message.tag)
        if 200 <= status < 300:
            sent += 1
            subscription.last_push_at = now
            subscription.save(update_fields=["last_push_at"])
        elif status in GONE:
            subscription.delete()
            removed += 1
        else:
            failed += 1
            logger.warning("push: %s answered %s", subscription.endpoint.split("/")[2], status)
    return PushResult(sent=sent, removed=removed, failed=failed)
