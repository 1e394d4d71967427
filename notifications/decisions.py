"""Decisions from the email: the "your turn" email's link to that seat's pending decision.

What the link is: a token signed with the site's key (salt SALT) naming one DecisionLink
row: no password, no session id, nothing else. Whoever holds it may, for that one seat of
that one game, see the seat's own view (what its game page shows) and make the decision it
is waiting for, once. It opens nothing else of the account and logs nobody in: the token
is checked by the decision page alone (notifications.views), on every request.

Valid while all hold (`decision_link_read`): the signature; the row is unused; the game is
still being played; the same user still holds the seat; the seat has not acted since the
link was sent (a decision made anywhere else ends it: the page, the API, a bot or the
clock's default); the seat is still waited for; the seat's deadline has not passed (with no
deadline: DECISION_LINK_MAX_AGE after sending).

Reading (GET) never acts, so a mail scanner that fetches the link changes nothing: the
decision is a POST (`decision_link_use`), which locks the row, checks it again, plays the
move through the one move path (games.services.moves.move_submit, as the seat's user) and
marks the row used, in one transaction. A refused move (illegal, stale) rolls back with
the link still unused: the player can try again.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.conf import settings
from django.core import signing
from django.db import transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from games.engine.core import JSON
from games.log import definition_of, load_state
from games.models import Game, GameEvent, Seat
from games.services.errors import ServiceError
from games.services.moves import move_submit

from .models import DecisionLink

SALT = "notifications.decision"
# How long a link lives when the table has no deadline for the seat.
DECISION_LINK_MAX_AGE = dt.timedelta(days=14)
# Rows older than this are deleted by the periodic flush: every link is dead long before
# (the longest time per move is a week; vacations pause it for weeks, not months).
DECISION_LINK_KEEP = dt.timedelta(days=60)


class LinkRefused(ServiceError, code="decision_link_refused", status=410):
    """A link that cannot be used (any more). `reason`: forged, used, decided, over,
    expired; the page words each for the player."""

    def __init__(self, reason: str, message: str, game_id: int | None = None) -> None:
        super().__init__(message)
        self.reason = reason
        self.game_id = game_id  # the game's page, for the refusal page to point to


class ForgedLink(LinkRefused, status=400):
    """A token whose signature does not hold, or that names no link."""


@dataclass(frozen=True)
class OpenDecision:
    """A link that is still good, with what its page needs."""

    link: DecisionLink
    game: Game
    seat: Seat


def token_for(link: DecisionLink) -> str:
    return signing.dumps({"d": link.pk}, salt=SALT)


def decision_url(link: DecisionLink) -> str:
    return settings.SITE_URL + reverse("decision", args=[token_for(link)])


def decision_link_issue(user: User, game: Game, now: dt.datetime | None = None) -> str:
    """A new link to `user`'s pending decision in `game` (its full URL), or "" when the
    user has no decision to make there now."""
    seat = Seat.objects.filter(table_id=game.table_id, user=user, position__isnull=False).first()
    if seat is None or seat.position is None or seat.is_bot:
        return ""
    if game.status != Game.Status.PLAYING or seat.position not in _pending(game):
        return ""
    link = DecisionLink.objects.create(
        user=user,
        game=game,
        position=seat.position,
        seq=game.state_seq,
        created_at=now or timezone.now(),
    )
    return decision_url(link)


def _pending(game: Game) -> frozenset[int]:
    definition = definition_of(game)
    return frozenset(definition.pending_seats(load_state(game, definition)))


def link_of(token: str) -> DecisionLink:
    """The link a token names, used or not; ForgedLink if it names none."""
    try:
        data = signing.loads(token, salt=SALT)
    except signing.BadSignature:
        data = None
    link_id = data.get("d") if isinstance(data, dict) else None
    link = DecisionLink.objects.filter(pk=link_id).first() if isinstance(link_id, int) else None
    if link is None:
        raise ForgedLink(
            "forged",
            _("This link does not work: it is damaged, very old, or was never sent by us."),
        )
    return link


def _check(link: DecisionLink, now: dt.datetime) -> OpenDecision:
    """The link's decision if it is still open; LinkRefused saying why not."""
    if link.used_at is not None:
        raise LinkRefused(
            "used", _("This link was already used: a link works only once."), link.game_id
        )
    game = Game.objects.select_related("table").get(pk=link.game_id)
    if game.status != Game.Status.PLAYING:
        raise LinkRefused("over", _("This game is over: there is nothing left to decide."), game.pk)
    seat = Seat.objects.filter(table_id=game.table_id, position=link.position).first()
    acted = GameEvent.objects.filter(game=game, actor_seat=link.position, seq__gt=link.seq)
    if (
        seat is None
        or seat.user_id != link.user_id
        or acted.exists()
        or link.position not in _pending(game)
    ):
        raise LinkRefused(
            "decided", _("This decision is already made: the game has moved on since."), game.pk
        )
    expires = seat.deadline_at or link.created_at + DECISION_LINK_MAX_AGE
    if now >= expires:
        raise LinkRefused(
            "expired", _("This link has expired: the time for this move is up."), game.pk
        )
    return OpenDecision(link=link, game=game, seat=seat)


def decision_link_read(token: str, now: dt.datetime | None = None) -> OpenDecision:
    """The open decision a token names (reading only: nothing changes), or LinkRefused."""
    return _check(link_of(token), now or timezone.now())


def decision_link_use(
    token: str,
    *,
    move_json: JSON,
    expected_seq: int,
    idempotency_key: str | None = None,
    now: dt.datetime | None = None,
) -> dict[str, JSON]:
    """Make the decision a token opens, once: the move through move_submit as the seat's
    user, and the link marked used, in one transaction. Raises LinkRefused, or what
    move_submit raises (then nothing changed and the link still works)."""
    now = now or timezone.now()
    link_id = link_of(token).pk
    with transaction.atomic():
        # Locked before move_submit locks the game: two posts of one link wait here, and the
        # second sees the first's `used_at`.
        link = DecisionLink.objects.select_for_update().get(pk=link_id)
        decision = _check(link, now)
        result = move_submit(
            game=decision.game,
            user=link.user,
            move_json=move_json,
            expected_seq=expected_seq,
            idempotency_key=idempotency_key,
            now=now,
        )
        link.used_at = now
        link.save(update_fields=["used_at"])
    return result


def decision_links_purge(now: dt.datetime) -> int:
    """Delete the rows of links too old to be of use (the periodic flush); returns how many."""
    deleted, _kinds = DecisionLink.objects.filter(created_at__lt=now - DECISION_LINK_KEEP).delete()
    return deleted
