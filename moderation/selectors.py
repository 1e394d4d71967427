"""Reads of moderation: a user's active sanction, accounts seen from the same addresses,
the chat around a reported message."""

from __future__ import annotations

import datetime as dt

from django.db.models import QuerySet
from django.utils import timezone

from accounts.models import User
from games.models import ChatMessage
from games.prepared import Prepared

from .models import IpSighting, Sanction

# Set (True) on a user object by whoever read, with the user, that no sanction is in force
# (the API's token authentication, games.api.authentication): no query for that request.
NO_SANCTION_MEMO = "no_sanction_at_auth"


def sanction_active_for(user: object, now: dt.datetime | None = None) -> Sanction | None:
    """The sanction in force for `user` (a ban before a suspension; the longest first)."""
    if not isinstance(user, User) or not user.is_authenticated:
        return None
    if now is None and getattr(user, NO_SANCTION_MEMO, False):
        return None
    sanctions = _ACTIVE.list(user.pk, now or timezone.now())
    if not sanctions:
        return None
    far = timezone.now() + dt.timedelta(days=365 * 1000)
    return max(sanctions, key=lambda s: far if s.kind == Sanction.Kind.BAN else s.until or far)


# Every action of a player logged in by session (a page's move, a chat line) asks it:
# compiled once per process (games.prepared; issue 14: compiling it cost more CPU than the
# query took to answer).
_ACTIVE = Prepared(
    lambda user_id, now: Sanction.objects.filter(user_id=user_id).active(now),
    -730_301,
    dt.datetime(1901, 2, 3, 4, 5, 7, 789, tzinfo=dt.UTC),
)


def accounts_same_ip(user: User) -> QuerySet[User]:
    """Other accounts seen from any address this user was seen from (within retention)."""
    ips = IpSighting.objects.filter(user=user).values("ip")
    return (
        User.objects.filter(ip_sightings__ip__in=ips)
        .exclude(pk=user.pk)
        .distinct()
        .order_by("username")
    )


def chat_around(message: ChatMessage, before: int = 5, after: int = 5) -> list[ChatMessage]:
    """The reported message with the few before and after it, in its channel."""
    same = ChatMessage.objects.filter(table_id=message.table_id, channel=message.channel)
    earlier = list(same.filter(pk__lt=message.pk).order_by("-pk")[:before])
    later = list(same.filter(pk__gt=message.pk).order_by("pk")[:after])
    return [*reversed(earlier), message, *later]
