"""Records that a logged-in user was seen from an address (for "other accounts from the
same IP"). At most one write per user, address and hour; kept only as long as the privacy
note says (moderation.tasks.ip_sightings_purge)."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.utils import timezone

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
                # One statement, whoever else writes the pair at once: a new pair is
                # inserted, a known one gets its last_seen (INSERT ... ON CONFLICT).
                now = timezone.now()
                IpSighting.objects.bulk_create(
                    [IpSighting(user_id=user.pk, ip=ip, first_seen=now, last_seen=now)],
                    update_conflicts=True,
                    unique_fields=["user", "ip"],
                    update_fields=["last_seen"],
                )
        return response
