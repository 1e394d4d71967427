"""Records that a logged-in user was seen from an address (for "other accounts from the
same IP"). At most one write per user, address and hour; kept only as long as the privacy
note says (moderation.tasks.ip_sightings_purge)."""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.utils import timezone

from .models import IpSighting

THROTTLE_SECONDS = 3600

logger = logging.getLogger(__name__)


def client_ip(request: HttpRequest) -> str | None:
    """The peer address. Behind a reverse proxy the server (uvicorn/daphne with proxy
    headers enabled) puts the client's address here; a raw X-Forwarded-For header is not
    trusted because any client can send one."""
    return request.META.get("REMOTE_ADDR") or None


class IpSightingMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        user = getattr(request, "user", None)
        ip = client_ip(request)
        if user is not None and user.is_authenticated and ip:
            key = f"moderation:ip:{user.pk}:{ip}"
            try:
                first_this_hour = cache.add(key, 1, THROTTLE_SECONDS)
            except Exception:
                # The cache (Redis) is down: a sighting is bookkeeping, and the response is
                # already made (a move may have committed): skip it rather than fail (R2).
                logger.warning("moderation: IP sighting skipped, cache unavailable")
                first_this_hour = False
            if first_this_hour:
                now = timezone.now()
                sighting, created = IpSighting.objects.get_or_create(
                    user_id=user.pk, ip=ip, defaults={"first_seen": now, "last_seen": now}
                )
                if not created:
                    IpSighting.objects.filter(pk=sighting.pk).update(last_seen=now)
        return response
