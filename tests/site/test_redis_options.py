"""The site's sync Redis pools open connections without redis-py's optional hand-shakes
(avalon_site.redis_options): CLIENT SETINFO and CLIENT MAINT_NOTIFICATIONS, which a Redis
before 7.2 refuses, three round trips and three exceptions a connection."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
import redis.connection
from django.conf import settings

from games.services import channel_send


@contextmanager
def site_pool(kind: str, redis_url: str) -> Iterator[Any]:
    """The pool of the broadcast, the cache (as settings.py makes it: each test runs on a
    local-memory cache) or Celery's broker, on `redis_url`."""
    if kind == "broadcast":
        yield channel_send._sync_pool({"address": redis_url})
    elif kind == "cache":
        from django_redis.cache import RedisCache  # type: ignore[import-untyped]

        from avalon_site import settings as site_settings

        made = {**site_settings.CACHES["default"], "LOCATION": redis_url}
        yield RedisCache(redis_url, made).client.get_client().connection_pool
    else:
        from avalon_site.celery import app

        with app.connection_for_write(redis_url) as connection:
            assert connection.transport_cls == "avalon_site.broker:Transport"
            yield connection.default_channel.client.connection_pool


@pytest.mark.parametrize("kind", ["broadcast", "cache", "broker"])
def test_a_new_connection_sends_only_the_sites_commands(
    kind: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    if not settings.REDIS_URL:
        pytest.skip("needs REDIS_URL (production mode's Redis)")
    sent: list[tuple[Any, ...]] = []
    send_command = redis.connection.Connection.send_command

    def recording(self: Any, *args: Any, **kwargs: Any) -> Any:
        sent.append(args)
        return send_command(self, *args, **kwargs)

    with site_pool(kind, str(settings.REDIS_URL)) as pool:
        monkeypatch.setattr(redis.connection.Connection, "send_command", recording)
        pool.disconnect()  # the next command opens a connection
        try:
            assert redis.Redis(connection_pool=pool).ping()
        finally:
            pool.disconnect()
    commands = [" ".join(str(a) for a in args[:2]).upper() for args in sent if args]
    assert commands[-1] == "PING"
    assert not [command for command in commands if command.startswith("CLIENT")]
