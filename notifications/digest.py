"""The periodic flush: deadline warnings, notices held back by quiet hours, the daily
digest that replaces single turn emails for players who chose it (sent once per local day,
from settings.NOTIFY_DIGEST_HOUR in their own time zone, never in quiet hours), and the
purge of emailed decision links too old to be of use."""

from __future__ import annotations

import datetime as dt

from django.conf import settings
from django.db import connection, transaction
from django.utils import timezone

from accounts.models import User
from games.models import Game

from . import emails
from .decisions import decision_links_purge
from .models import Channel, Kind, Notice
from .services import _still_true, deadline_warnings, deliver

# Held-back notices older than this are dropped by the flush rather than sent late.
RETRY_WINDOW = dt.timedelta(days=3)


def _digest_for(user: User, now: dt.datetime) -> bool:
    local = now.astimezone(user.zone)
    if local.hour < int(getattr(settings, "NOTIFY_DIGEST_HOUR", 8)) or user.in_quiet_hours(now):
        return False
    day = local.date().isoformat()
    with transaction.atomic():
        rows = Notice.objects.filter(
            user=user, kind=Kind.TURN, channel=Channel.EMAIL, status=Notice.Status.PENDING
        )
        if connection.features.has_select_for_update_skip_locked:
            rows = rows.select_for_update(skip_locked=True, of=("self",))
        notices = list(rows.select_related("game__table"))
        if not notices or Notice.objects.filter(user=user, kind=Kind.DIGEST, key=day).exists():
            return False
        games: dict[int, Game] = {}
        for notice in notices:
            assert notice.game is not None
            if _still_true(notice, notice.game):
                games[notice.game.pk] = notice.game
                notice.status, notice.sent_at, notice.reason = Notice.Status.SENT, now, "digest"
            else:
                notice.status, notice.reason = Notice.Status.SKIPPED, "stale"
            notice.save(update_fields=["status", "sent_at", "reason"])
        Notice.objects.create(
            user=user, kind=Kind.DIGEST, key=day, status=Notice.Status.SENT, sent_at=now
        )
        if games:
            emails.send_digest(user, list(games.values()))
        return bool(games)


def flush(now: dt.datetime | None = None) -> dict[str, int]:
    """One periodic run; returns counts for the log."""
    now = now or timezone.now()
    warned = deadline_warnings(now)
    retried = 0
    held = Notice.objects.filter(
        status=Notice.Status.PENDING, created_at__gte=now - RETRY_WINDOW, game__isnull=False
    ).exclude(kind=Kind.TURN, channel=Channel.EMAIL, user__daily_digest=True)
    for notice_id in list(held.values_list("pk", flat=True)):
        retried += deliver(notice_id, now) == Notice.Status.SENT
    Notice.objects.filter(status=Notice.Status.PENDING, created_at__lt=now - RETRY_WINDOW).update(
        status=Notice.Status.SKIPPED, reason="expired"
    )
    digests = 0
    waiting = Notice.objects.filter(
        kind=Kind.TURN, channel=Channel.EMAIL, status=Notice.Status.PENDING, user__daily_digest=True
    ).values_list("user_id", flat=True)
    for user in User.objects.filter(pk__in=set(waiting)):
        digests += _digest_for(user, now)
    purged = decision_links_purge(now)
    return {"warned": warned, "retried": retried, "digests": digests, "links_purged": purged}
