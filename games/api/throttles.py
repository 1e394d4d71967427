"""API rate limits: per user (per address when anonymous), counted atomically.

DRF's own throttles read, modify and write a list of timestamps in the cache, which races
under concurrency (their docs say not to rely on them for security); django-ratelimit's
counter is one cache `add`/`incr` (Redis INCR in production). Rates are settings
(`API_RATE_LIMITS`), so a benchmark or a large bot host can raise them.

If the cache itself is unreachable the request goes through (settings: the cache ignores
connection errors and RATELIMIT_FAIL_OPEN): losing the limiter for a moment must not turn
every API call into an error (issue 15, R2).
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django_ratelimit.core import get_usage
from rest_framework.request import Request
from rest_framework.throttling import BaseThrottle


class ScopedRateLimit(BaseThrottle):
    """Counts requests of the view's `rate_scope` (default "api") against its rate."""

    def __init__(self) -> None:
        self.retry_after: float | None = None

    def allow_request(self, request: Request, view: Any) -> bool:
        scope = getattr(view, "rate_scope", "api")
        rate = settings.API_RATE_LIMITS.get(scope)
        if not rate:
            return True
        usage = get_usage(
            request, group=f"api:{scope}", key="user_or_ip", rate=rate, increment=True
        )
        if usage is None or not usage["should_limit"]:
            return True
        self.retry_after = max(float(usage["time_left"]), 1.0)
        return False

    def wait(self) -> float | None:
        return self.retry_after
