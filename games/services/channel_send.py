"""Sending one batch of group messages to the channel layer from sync code (a commit's
broadcast), at the cost of the messages alone.

Two costs this module removes (benchmarks/RESULTS.md, "Sixth pass: the watched move"):
- A sync caller with no event loop of its own (a Celery worker's bot move or timeout, a
  gunicorn sync worker, a test) paid for `async_to_sync`'s fresh event loop and, since
  channels-redis keeps its Redis connections per loop, a new connection every broadcast.
  Here such callers send through one long-lived loop per process (a daemon thread, made
  on first use and again in a forked child), which keeps its connections.
- channels-redis's `group_send` makes two to four round trips per group (expire, read the
  members, expire the channels' messages, the Lua insert), even to an empty group; a
  10-seat move sends to 11 groups. `redis_group_send_many` reads every group's members in
  one pipeline and inserts every message in one script per Redis host.

Unchanged: a sync call from a thread that an event loop called through `sync_to_async` (a
request under the ASGI server, the embedded scheduler's tasks) still sends on that loop
through `async_to_sync`, as before; and the in-memory layer (embedded mode) is always sent
to that way, since its queues wake consumers only on the loop they wait on.
"""

from __future__ import annotations

import asyncio
import logging
import os
import threading
import time
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from asgiref.sync import SyncToAsync, async_to_sync
from channels.layers import BaseChannelLayer
from channels_redis.core import RedisChannelLayer

from games.engine.core import JSON

logger = logging.getLogger(__name__)

GroupMessages = Sequence[tuple[str, dict[str, JSON]]]

# Longer than the Redis client's own socket timeout (settings.CHANNEL_LAYERS): a send that
# outlives it is stuck, and the caller (after a commit) must not wait on it for ever.
SEND_TIMEOUT_SECONDS = 30.0


def group_send_many(layer: BaseChannelLayer, messages: GroupMessages) -> None:
    """Send each (group, message), in order, from sync code; raises what the layer raised."""
    if isinstance(layer, RedisChannelLayer) and not _in_loop_thread():
        future = asyncio.run_coroutine_threadsafe(
            redis_group_send_many(layer, messages), _process_loop()
        )
        try:
            future.result(SEND_TIMEOUT_SECONDS)
        except TimeoutError:
            future.cancel()
            raise
        return

    async def send() -> None:
        if isinstance(layer, RedisChannelLayer):
            await redis_group_send_many(layer, messages)
            return
        for group, message in messages:
            await layer.group_send(group, message)

    async_to_sync(send)()


def _in_loop_thread() -> bool:
    """True in a thread that a running event loop of this process called through
    `sync_to_async` (asgiref's own test for sending on that loop)."""
    local = SyncToAsync.threadlocal
    loop = getattr(local, "main_event_loop", None)
    return (
        loop is not None
        and getattr(local, "main_event_loop_pid", None) == os.getpid()
        and loop.is_running()
    )


# The process's sending loop: (pid, loop). A forked child (gunicorn, Celery) inherits the
# variable but not the thread, so it makes its own on first use.
_loop: tuple[int, asyncio.AbstractEventLoop] | None = None
_loop_lock = threading.Lock()


def _process_loop() -> asyncio.AbstractEventLoop:
    global _loop
    pid = os.getpid()
    current = _loop
    if current is not None and current[0] == pid:
        return current[1]
    with _loop_lock:
        if _loop is None or _loop[0] != pid:
            loop = asyncio.new_event_loop()
            threading.Thread(
                target=loop.run_forever, name="channel-layer-send", daemon=True
            ).start()
            _loop = (pid, loop)
        return _loop[1]


def _after_fork_in_child() -> None:
    # A lock held by another thread at the fork would stay held in the child for ever.
    global _loop_lock
    _loop_lock = threading.Lock()


os.register_at_fork(after_in_child=_after_fork_in_child)


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


async def redis_group_send_many(layer: RedisChannelLayer, messages: GroupMessages) -> None:
    """Every (group, message) as channels-redis 4's `group_send` would send it, in two
    round trips per Redis host instead of up to four per group."""
    now = time.time()
    members = await _group_members(layer, [group for group, _ in messages], now)
    # host index -> [(channel key, serialized message, capacity)], in sending order
    inserts: dict[int, list[tuple[Any, bytes, int]]] = defaultdict(list)
    for (_, message), channels in zip(messages, members, strict=True):
        if not channels:
            continue
        by_host, serialized, capacity = layer._map_channel_keys_to_connection(channels, message)
        for index, keys in by_host.items():
            inserts[index].extend((key, serialized[key], capacity[key]) for key in keys)
    for index, rows in inserts.items():
        keys = [key for key, _, _ in rows]
        scores = [now + place * 1e-6 for place in range(len(rows))]
        over = await layer.connection(index).eval(
            _INSERT,
            len(keys),
            *keys,
            *(body for _, body, _ in rows),
            *(cap for _, _, cap in rows),
            *scores,
            int(layer.expiry),
            int(now) - int(layer.expiry),
        )
        if over:  # as channels-redis says it: a socket's process that is not reading
            logger.info("%s of %s channel messages over capacity", over, len(rows))


async def _group_members(
    layer: RedisChannelLayer, groups: Sequence[str], now: float
) -> list[list[str]]:
    """Each group's channels, after dropping those past group_expiry: one pipeline per host."""
    by_host: dict[int, list[int]] = defaultdict(list)
    for place, group in enumerate(groups):
        assert layer.require_valid_group_name(group), "Group name not valid"
        by_host[layer.consistent_hash(group)].append(place)
    members: list[list[str]] = [[] for _ in groups]
    for index, places in by_host.items():
        pipe = layer.connection(index).pipeline(transaction=False)
        for place in places:
            key = layer._group_key(groups[place])
            pipe.zremrangebyscore(key, min=0, max=int(now) - layer.group_expiry)
            pipe.zrange(key, 0, -1)
        replies = await pipe.execute()
        for place, names in zip(places, replies[1::2], strict=True):
            members[place] = [name.decode("utf8") for name in names]
    return members
