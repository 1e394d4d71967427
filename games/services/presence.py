"""Presence of websockets on game pages: the heartbeat that keeps a row fresh and the purge
of rows left behind by a server process that crashed (it never ran its disconnects).

Whether a user counts as online is `Presence.objects.live()` (games.models): a row not
refreshed for PRESENCE_STALE_AFTER is ignored at once, and the purge deletes it later.
"""

from __future__ import annotations

import datetime as dt

from django.utils import timezone

from games.models import Presence


def presence_touch(*, channel_name: str, now: dt.datetime | None = None) -> int:
    """The socket is still open: refresh its row (returns how many rows were refreshed)."""
    return Presence.objects.filter(channel_name=channel_name).update(
        last_seen=now or timezone.now()
    )


def presence_purge_stale(*, now: dt.datetime | None = None) -> int:
    """Delete the rows no live socket refreshes any more; returns how many went."""
    deleted, _ = Presence.objects.stale(now).delete()
    return deleted
