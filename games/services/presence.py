"""Presence of websockets on game pages: a socket's row written when it opens and deleted
when it closes (each telling the game's readers), the heartbeat that keeps a row fresh and
the purge of rows left behind by a server process that crashed (it never ran its disconnects).

Whether a user counts as online is `Presence.objects.live()` (games.models): a row not
refreshed for PRESENCE_STALE_AFTER is ignored at once, and the purge deletes it later.
"""

from __future__ import annotations

import datetime as dt

from django.utils import timezone

from accounts.models import User
from games.models import Game, Presence
from games.services import broadcast


def presence_join(*, channel_name: str, game: Game, user: User, seats: int) -> None:
    """A user's socket opened on the game page: they are online there (`seats`: the seats in
    play, whose groups and the spectators' are told)."""
    Presence.objects.get_or_create(channel_name=channel_name, defaults={"game": game, "user": user})
    broadcast.presence_changed(game.pk, seats)


def presence_leave(*, channel_name: str, game: Game, seats: int) -> None:
    """The socket closed: its row goes, and the game's readers are told."""
    Presence.objects.filter(channel_name=channel_name).delete()
    broadcast.presence_changed(game.pk, seats)


def presence_touch(*, channel_name: str, now: dt.datetime | None = None) -> int:
    """The socket is still open: refresh its row (returns how many rows were refreshed)."""
    return Presence.objects.filter(channel_name=channel_name).update(
        last_seen=now or timezone.now()
    )


def presence_purge_stale(*, now: dt.datetime | None = None) -> int:
    """Delete the rows no live socket refreshes any more; returns how many went."""
    deleted, _ = Presence.objects.stale(now).delete()
    return deleted
