"""How often one player may act, counted alike whichever door they come through (a page,
the API, a socket): django-ratelimit's fixed-window counter in the shared cache (Redis in
production), as the API's own limits (games.api.throttles). A counter that cannot be read
lets the action through (RATELIMIT_FAIL_OPEN)."""

from __future__ import annotations

from django.conf import settings
from django.utils.translation import gettext as _
from django_ratelimit.core import get_usage

from accounts.models import User

from .errors import TooFast


def wait_seconds(user: User, group: str, rate: str | None) -> int | None:
    """Count one action of `user` in `group`: the seconds to wait when it is over `rate`
    (e.g. "15/30s"), else None."""
    if not rate:
        return None
    usage = get_usage(
        None,  # no request: the counter is the player's, whichever door they came through
        group=group,
        key=lambda _group, _request: str(user.pk),
        rate=rate,
        increment=True,
    )
    if usage is None or not usage["should_limit"]:
        return None
    return max(int(usage["time_left"]), 1)


def moves_limit(user: User) -> None:
    """The API's move limit (API_RATE_LIMITS["moves"]) at the doors DRF does not throttle
    (the page's forms, the socket): the very counter of the API's throttle (group
    "api:moves", the user's pk), so no door goes around it."""
    wait = wait_seconds(user, "api:moves", settings.API_RATE_LIMITS.get("moves"))
    if wait is not None:
        raise TooFast(
            _("You are moving too fast: wait %(seconds)s seconds.") % {"seconds": wait},
            retry_after=wait,
        )


def chat_limit(user: User) -> None:
    """Chat flood control: a player's lines beyond CHAT_RATE, over every table and door."""
    wait = wait_seconds(user, "chat", settings.CHAT_RATE)
    if wait is not None:
        raise TooFast(
            _("You are sending messages too fast: wait %(seconds)s seconds.") % {"seconds": wait},
            field="body",
            retry_after=wait,
        )
