"""Celery's Redis transport with one publishing client per channel (avalon_site.broker):
messages reach the queue as with kombu's own, and a channel builds its client once."""

from __future__ import annotations

import pytest
from django.conf import settings
from kombu.connection import Connection

from avalon_site.broker import Channel, Transport

pytestmark = pytest.mark.skipif(not settings.REDIS_URL, reason="needs REDIS_URL (Redis)")


def test_production_settings_select_it() -> None:
    assert settings.CELERY_BROKER_TRANSPORT == "avalon_site.broker:Transport"


def test_messages_are_delivered_and_the_client_reused() -> None:
    with Connection(settings.REDIS_URL, transport=Transport) as connection:
        queue = connection.SimpleQueue("avalon-test-broker")
        try:
            queue.clear()
            for n in range(3):
                queue.put({"n": n})
            channel = queue.producer.channel
            assert isinstance(channel, Channel)
            with channel.conn_or_acquire() as first, channel.conn_or_acquire() as second:
                assert first is second
            got = [queue.get(timeout=2) for _ in range(3)]
            assert [m.payload for m in got] == [{"n": 0}, {"n": 1}, {"n": 2}]
            for message in got:
                message.ack()
        finally:
            queue.clear()
            queue.close()
