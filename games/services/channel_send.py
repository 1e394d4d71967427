"""Sending one batch of group messages to the channel layer from sync code (a commit's
broadcast), at the cost of the messages alone.

Three costs this module removes (benchmarks/RESULTS.md, "Sixth pass: the watched move" and
"Twenty-fourth pass"):
- channels-redis's `group_send` makes two to four round trips per group (expire, read the
  members, expire the channels' messages, the Lua insert), even to an empty group; a
  10-seat move sends to 11 groups. `redis_group_send_many` reads every group's members in
  one pipeline and inserts every message in one script per Redis host.
- channels-redis's client is asyncio's, its connections kept per event loop: a sync caller
  (a request's thread, a Celery task) had to hand the batch to an event loop and wait.
  Under the ASGI server that was the server's own loop, where the sockets are served; a
  gunicorn sync worker or a Celery worker kept a loop in a thread of its own for it. Here
  the batch goes out on redis-py's sync client from the caller's own thread, with a
  connection pool per Redis host kept on the layer (the same hosts and options as the
  layer's own pools, with a shorter wait on replies; redis-py's pools start afresh in a
  forked child).
- The insert script was sent whole with each batch: it is now run by its digest
  (EVALSHA), loaded once per Redis.

Unchanged: the in-memory layer (embedded mode) is sent to through `async_to_sync`, since
its queues wake consumers only on the loop they wait on.
"""

from __future__ import annotations

import logging
import time
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

import redis
import redis.sentinel
from asgiref.sync import async_to_sync
from channels.layers import BaseChannelLayer
from channels_redis.core import RedisChannelLayer

from avalon_site.redis_options import quiet_connections
from games.engine.core import JSON

logger = logging.getLogger(__name__)

GroupMessages = Sequence[tuple[str, dict[str, JSON]]]


def group_send_many(layer: BaseChannelLayer, messages: GroupMessages) -> None:
    """Send each (group, message), in order, from sync code; raises what the layer raised."""
    if isinstance(layer, RedisChannelLayer):
        redis_group_send_many(layer, messages)
        return

    async def send() -> None:
        for group, message in messages:
            await layer.group_send(group, message)

    async_to_sync(send)()


# channels-redis's group_send, for many groups at once: the same expiry of members and of
# messages, the same capacity check, one message per channel key naming its channels. The
# scores rise with the message's place so that a key's messages are read in sending order.
_INSERT = """
local n = #KEYS
local expiry = tonumber(ARGV[3 * n + 1])
local oldest = ARGV[3 * n + 2]
local over = 0
for i = 1, n do
    redis.call('ZREMRANGEBYSCORE', KEYS[i], 0, oldest)
    if redis.call('ZCOUNT', KEYS[i], '-inf', '+inf') < tonumber(ARGV[n + i]) then
        redis.call('ZADD', KEYS[i], ARGV[2 * n + i], ARGV[i])
        redis.call('EXPIRE', KEYS[i], expiry)
    else
        over = over + 1
    end
end
return over
"""


def redis_group_send_many(layer: RedisChannelLayer, messages: GroupMessages) -> None:
    """Every (group, message) as channels-redis 4's `group_send` would send it, in two
    round trips per Redis host instead of up to four per group (blocking: sync code)."""
    now = time.time()
    members = _group_members(layer, [group for group, _ in messages], now)
    # host index -> [(channel key, serialized message, capacity)], in sending order
    inserts: dict[int, list[tuple[Any, bytes, int]]] = defaultdict(list)
    for (_, message), channels in zip(messages, members, strict=True):
        if not channels:
            continue
        by_host, serialized, capacity = layer._map_channel_keys_to_connection(channels, message)
        for index, keys in by_host.items():
            inserts[index].extend((key, serialized[key], capacity[key]) for key in keys)
    for index, rows in inserts.items():
        scores = [now + place * 1e-6 for place in range(len(rows))]
        over = _host(layer, index).insert(
            keys=[key for key, _, _ in rows],
            args=[
                *(body for _, body, _ in rows),
                *(cap for _, _, cap in rows),
                *scores,
                int(layer.expiry),
                int(now) - int(layer.expiry),
            ],
        )
        if over:  # as channels-redis says it: a socket's process that is not reading
            logger.info("%s of %s channel messages over capacity", over, len(rows))


def _group_members(layer: RedisChannelLayer, groups: Sequence[str], now: float) -> list[list[str]]:
    """Each group's channels, after dropping those past group_expiry: one pipeline per host."""
    by_host: dict[int, list[int]] = defaultdict(list)
    for place, group in enumerate(groups):
        assert layer.require_valid_group_name(group), "Group name not valid"
        by_host[layer.consistent_hash(group)].append(place)
    members: list[list[str]] = [[] for _ in groups]
    for index, places in by_host.items():
        pipe = _host(layer, index).client.pipeline(transaction=False)
        for place in places:
            key = layer._group_key(groups[place])
            pipe.zremrangebyscore(key, min=0, max=int(now) - layer.group_expiry)
            pipe.zrange(key, 0, -1)
        replies = pipe.execute()
        for place, names in zip(places, replies[1::2], strict=True):
            members[place] = [name.decode("utf8") for name in names]
    return members


# A send's wait on each reply, at most (the layer's own timeout is longer: its receives
# block on a pop). The caller is a commit's broadcast in a request or a task: a Redis that
# hangs costs it this before the send is given up (logged; the sockets catch up from the
# database). The pool's connections retry nothing (redis-py's default without `retry`).
SEND_TIMEOUT_SECONDS = 5.0


class _Host:
    """One Redis host of the layer, for sync callers: a client on its own connection pool,
    and the insert script run by its digest."""

    def __init__(self, host: dict[str, Any]) -> None:
        wait = min(host.get("socket_timeout") or SEND_TIMEOUT_SECONDS, SEND_TIMEOUT_SECONDS)
        self.client = redis.Redis(connection_pool=_sync_pool({**host, "socket_timeout": wait}))
        self.insert = self.client.register_script(_INSERT)


def _host(layer: RedisChannelLayer, index: int) -> _Host:
    """The layer's `index`th host for sync callers, made on first use and shared by
    threads. No lock: two threads making it at once make two, and `setdefault` (atomic)
    keeps one; a pool connects only when used, so the other costs nothing."""
    hosts: dict[int, _Host] = layer.__dict__.setdefault("_sync_hosts", {})
    host = hosts.get(index)
    if host is None:
        host = hosts.setdefault(index, _Host(layer.hosts[index]))
    return host


def _sync_pool(host: dict[str, Any]) -> redis.ConnectionPool:
    """channels_redis.utils.create_pool's pool, of redis-py's sync client, whose new
    connections skip redis-py's optional hand-shakes (avalon_site.redis_options)."""
    host = {**quiet_connections(), **host}
    if "address" in host:
        return redis.ConnectionPool.from_url(host.pop("address"), **host)
    master_name = host.pop("master_name", None)
    if master_name is not None:
        sentinel = redis.sentinel.Sentinel(  # type: ignore[no-untyped-call]
            host.pop("sentinels"), sentinel_kwargs=host.pop("sentinel_kwargs", None)
        )
        return redis.sentinel.SentinelConnectionPool(  # type: ignore[no-untyped-call]
            master_name, sentinel, **host
        )
    return redis.ConnectionPool(**host)
