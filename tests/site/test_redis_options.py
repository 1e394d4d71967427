"""The site's own sync Redis pools open connections without redis-py's optional
hand-shakes (avalon_site.redis_options): CLIENT SETINFO and CLIENT MAINT_NOTIFICATIONS,
which a Redis before 7.2 refuses, three round trips and three exceptions a connection."""

from __future__ import annotations

from typing import Any

import pytest
import redis.connection
from django.conf import settings

from games.services import channel_send


def commands_of_a_new_connection(pool: Any, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    sent: list[tuple[Any, ...]] = []
    send_command = redis.connection.Connection.send_command

    def recording(self: Any, *args: Any, **kwargs: Any) -> Any:
        sent.append(args)
        return send_command(self, *args, **kwargs)

    monkeypatch.setattr(redis.connection.Connection, "send_command", recording)
    pool.disconnect()  # the next command opens a connection
    try:
        assert redis.Redis(connection_pool=pool).ping()
    finally:
        pool.disconnect()
    return [" ".join(str(a) for a in args[:2]).upper() for args in sent if args]


@pytest.fixture
def redis_url() -> str:
    if not settings.REDIS_URL:
        pytest.skip("needs REDIS_URL (production mode's Redis)")
    return str(settings.REDIS_URL)


def test_the_broadcasts_pool_sends_only_its_commands(
    redis_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    pool = channel_send._sync_pool({"address": redis_url})
    sent = commands_of_a_new_connection(pool, monkeypatch)
    assert sent[-1] == "PING"
    assert not [command for command in sent if command.startswith("CLIENT")]


def test_the_caches_pool_sends_only_its_commands(
    redis_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The site's cache as settings.py makes it (each test runs on a local-memory cache).
    from django_redis.cache import RedisCache  # type: ignore[import-untyped]

    from avalon_site import settings as site_settings

    made = site_settings.CACHES["default"]
    pool = (
        RedisCache(redis_url, {**made, "LOCATION": redis_url}).client.get_client().connection_pool
    )
    sent = commands_of_a_new_connection(pool, monkeypatch)
    assert sent[-1] == "PING"
    assert not [command for command in sent if command.startswith("CLIENT")]


def test_the_brokers_pool_sends_only_its_commands(
    redis_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from avalon_site.celery import app

    with app.connection_for_write(redis_url) as connection:
        assert connection.transport_cls == "avalon_site.broker:Transport"
        pool = connection.default_channel.client.connection_pool
        sent = commands_of_a_new_connection(pool, monkeypatch)
    assert sent[-1] == "PING"
    assert not [command for command in sent if command.startswith("CLIENT")]
