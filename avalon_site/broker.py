"""Celery's Redis transport, with one Redis client per channel for publishing.

kombu's Redis channel builds a new `redis.Redis` object (over its shared connection pool)
for every message it publishes: building one copies redis-py's table of response callbacks,
about 40 % of the CPU of queueing a task (issue 14, B1: a move queues about 0.6 of one).
Here a channel builds it once and reuses it. The connection pool, the commands and what
is delivered are kombu's own; a channel is used by one thread at a time (Celery's producer
pool hands each publishing thread a producer of its own, the worker its own channel), and a
channel revived after a connection error is a new channel with a new client. Its
connections skip redis-py's optional hand-shakes (avalon_site.redis_options).

Selected by CELERY_BROKER_TRANSPORT (settings) whenever the broker is Redis.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from functools import cached_property
from typing import Any

from kombu.transport import redis

from .redis_options import quiet_connections


class Channel(redis.Channel):
    def _connparams(self, asynchronous: bool = False) -> dict[str, Any]:
        # Its pools' connections without redis-py's optional hand-shakes, as the site's own
        # pools (avalon_site.redis_options); kombu's own settings win.
        params: dict[str, Any] = super()._connparams(asynchronous)  # type: ignore[no-untyped-call]
        return {**quiet_connections(), **params}

    @cached_property
    def _publishing_client(self) -> Any:
        return self._create_client()  # type: ignore[no-untyped-call]

    @contextmanager
    def conn_or_acquire(self, client: Any = None) -> Iterator[Any]:
        yield client or self._publishing_client


class Transport(redis.Transport):
    Channel = Channel
