"""Records that a logged-in user was seen from an address (for "other accounts from the
same IP"). At most one write per user, address and hour; kept only as long as the privacy
note says (moderation.tasks.ip_sightings_purge)."""

from __future__ import annotations

import datetime as dt
import logging
import time
from collections.abc import Callable

from django.core.cache import cache
from django.db import connections, router
from django.db.models import Field
from django.http import HttpRequest, HttpResponse
from django.utils import timezone

from games.prepared import statement_cursor

from .models import IpSighting

THROTTLE_SECONDS = 3600
RECHECK = 60
KNOWN_KEYS_KEPT = 10_000

logger = logging.getLogger(__name__)


def client_ip(request: HttpRequest) -> str | None:
    """The peer address. Behind a reverse proxy the server (uvicorn/daphne with proxy
    headers enabled) puts the client's address here; a raw X-Forwarded-For header is not
    trusted because any client can send one."""
    return request.META.get("REMOTE_ADDR") or None


class IpSightingMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        # Keys this process knows the cache holds, until when (monotonic): every request of
        # a signed-in user asked Redis (issue 14: part of a move's CPU); now once an hour,
        # or a minute after finding the key already there (set by another process).
        self._known: dict[str, float] = {}

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        user = getattr(request, "user", None)
        ip = client_ip(request)
        if user is not None and user.is_authenticated and ip:
            key = f"moderation:ip:{user.pk}:{ip}"
            now_mono = time.monotonic()
            if self._known.get(key, 0.0) > now_mono:
                return response  # this process knows the cache holds the key: no round trip
            try:
                first_this_hour = cache.add(key, 1, THROTTLE_SECONDS)
            except Exception:
                # The cache (Redis) is down: a sighting is bookkeeping, and the response is
                # already made (a move may have committed): skip it rather than fail (R2).
                logger.warning("moderation: IP sighting skipped, cache unavailable")
                first_this_hour = False
            else:
                # Added now: the key lives an hour. Already there: for an unknown part of
                # one, so ask again a minute later at most.
                if len(self._known) >= KNOWN_KEYS_KEPT:
                    self._known.clear()
                self._known[key] = now_mono + (THROTTLE_SECONDS if first_this_hour else RECHECK)
            if first_this_hour:
                sighting_note(user.pk, ip, timezone.now())
        return response


_UPSERT: dict[str, str] = {}


def sighting_note(user_id: int, ip: str, now: dt.datetime) -> None:
    """One statement, whoever else writes the pair at once: a new pair is inserted, a
    known one gets its last_seen (INSERT ... ON CONFLICT). Written by hand, once per
    process: the ORM's bulk_create compiled it afresh and wrapped it in BEGIN and COMMIT,
    two more round trips, at a player's first request of each hour (issue 14). Bound on
    the server (games.prepared.statement_cursor): a connection that writes it often
    keeps it prepared."""
    connection = connections[router.db_for_write(IpSighting)]
    fields = [IpSighting._meta.get_field(name) for name in _FIELDS]
    sql = _UPSERT.get(connection.alias)
    if sql is None:
        qn = connection.ops.quote_name
        columns = [qn(f.column) for f in fields if isinstance(f, Field) and f.column]
        assert len(columns) == len(_FIELDS)
        sql = _UPSERT[connection.alias] = (
            f"INSERT INTO {qn(IpSighting._meta.db_table)} ({', '.join(columns)}) "
            f"VALUES ({', '.join(['%s'] * len(columns))}) "
            f"ON CONFLICT ({columns[0]}, {columns[1]}) "
            f"DO UPDATE SET {columns[3]} = EXCLUDED.{columns[3]}"
        )
    values = [
        field.get_db_prep_save(value, connection)
        for field, value in zip(fields, (user_id, ip, now, now), strict=True)
        if isinstance(field, Field)
    ]
    with statement_cursor(connection.alias) as cursor:
        cursor.execute(sql, values)


_FIELDS = ("user", "ip", "first_seen", "last_seen")
