"""Group sends from sync code (games/services/channel_send.py): with Redis, every group of a
batch reaches each of its channels once, in order, sent on redis-py's sync client from the
caller's own thread (a pool per Redis host kept on the layer, the insert script run by its
digest); the in-memory layer keeps async_to_sync."""

from __future__ import annotations

import asyncio
import os
import socket
import threading
from typing import Any

import pytest
import redis.exceptions
import redis.sentinel
from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer
from channels_redis.core import RedisChannelLayer
from django.conf import settings

from games.services import channel_send


def redis_layer() -> RedisChannelLayer:
    if not settings.REDIS_URL:
        pytest.skip("needs REDIS_URL (the channel layer on Redis)")
    layer = get_channel_layer()
    assert isinstance(layer, RedisChannelLayer)
    return layer


async def joined(layer: Any, group: str, count: int) -> list[str]:
    names = [await layer.new_channel() for _ in range(count)]
    for name in names:
        await layer.group_add(group, name)
    return names


async def received(layer: Any, name: str) -> dict[str, Any]:
    return dict(await asyncio.wait_for(layer.receive(name), timeout=5))


@pytest.mark.parametrize("caller", ["plain thread", "request's thread"])
def test_a_batch_reaches_every_member_of_every_group_once_in_order(caller: str) -> None:
    layer = redis_layer()
    tag = os.urandom(4).hex()
    seat, watchers, empty = f"t{tag}-seat", f"t{tag}-watch", f"t{tag}-empty"
    batch = [
        (seat, {"type": "x", "n": 1}),
        (empty, {"type": "x", "n": 2}),
        (watchers, {"type": "x", "n": 3}),
        (seat, {"type": "x", "n": 4}),
    ]

    async def scenario() -> None:
        alone = await joined(layer, seat, 1)
        many = await joined(layer, watchers, 3)
        if caller == "plain thread":  # a Celery worker, a sync worker
            await asyncio.to_thread(channel_send.group_send_many, layer, batch)
        else:  # a request under the ASGI server: its thread sends, not the server's loop
            await sync_to_async(channel_send.group_send_many)(layer, batch)
        assert [(await received(layer, alone[0]))["n"] for _ in range(2)] == [1, 4]
        for name in many:
            assert (await received(layer, name))["n"] == 3
        for name in [*alone, *many]:  # nothing more: each message once
            with pytest.raises(asyncio.TimeoutError):
                await asyncio.wait_for(layer.receive(name), timeout=0.3)
        for group, names in ((seat, alone), (watchers, many)):
            for name in names:
                await layer.group_discard(group, name)

    asyncio.run(scenario())


def test_sync_callers_share_one_pool_per_host_and_keep_its_connections() -> None:
    layer = redis_layer()
    group = f"t{os.urandom(4).hex()}-none"
    channel_send.group_send_many(layer, [(group, {"type": "x"})])
    host = channel_send._host(layer, 0)
    pool = host.client.connection_pool
    made = pool._created_connections

    def sends() -> None:
        for _ in range(20):
            channel_send.group_send_many(layer, [(group, {"type": "x"})])

    threads = [threading.Thread(target=sends) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert channel_send._host(layer, 0) is host
    assert pool._created_connections <= made + 3  # one per thread at most, none per send
    # A send waits on a reply for less than the layer's receives do (a pop blocks 5 s).
    assert pool.connection_kwargs["socket_timeout"] == channel_send.SEND_TIMEOUT_SECONDS


def test_the_insert_runs_by_its_digest_and_loads_itself_again_after_a_flush() -> None:
    """Redis forgets its scripts when it restarts (or on SCRIPT FLUSH): the next batch
    loads the script again instead of failing (redis-py's Script falls back to EVAL)."""
    layer = redis_layer()
    group = f"t{os.urandom(4).hex()}-flush"

    async def scenario() -> None:
        [name] = await joined(layer, group, 1)
        client = channel_send._host(layer, 0).client
        await asyncio.to_thread(
            channel_send.group_send_many, layer, [(group, {"type": "x", "n": 1})]
        )
        insert = channel_send._host(layer, 0).insert
        assert client.script_exists(insert.sha) == [True]
        client.script_flush()
        await asyncio.to_thread(
            channel_send.group_send_many, layer, [(group, {"type": "x", "n": 2})]
        )
        assert [(await received(layer, name))["n"] for _ in range(2)] == [1, 2]
        await layer.group_discard(group, name)

    asyncio.run(scenario())


def test_the_in_memory_layer_is_sent_to_on_the_callers_loop(
    settings: Any,
) -> None:
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    layer = get_channel_layer()
    assert layer is not None
    assert not isinstance(layer, RedisChannelLayer)

    async def scenario() -> None:
        name = await layer.new_channel()
        await layer.group_add("memory", name)
        # As a request's thread under the ASGI server: sync code called from this loop.
        await sync_to_async(channel_send.group_send_many)(layer, [("memory", {"type": "x"})])
        assert (await asyncio.wait_for(layer.receive(name), timeout=2))["type"] == "x"

    asyncio.run(scenario())


def test_a_full_channel_drops_what_is_over_its_capacity_as_channels_redis_does() -> None:
    """channels-redis's rule, kept by the batch insert: a process's channels (one Redis key)
    holding `capacity` messages take no more (that process is not reading); the rest of the
    batch, for another process's channels, still goes."""
    redis_layer()  # the Redis URL is set
    layer = RedisChannelLayer(hosts=[settings.REDIS_URL], capacity=2)
    elsewhere = RedisChannelLayer(hosts=[settings.REDIS_URL], capacity=2)  # another process
    tag = os.urandom(4).hex()
    full, other = f"t{tag}-full", f"t{tag}-other"
    batch = [(full, {"type": "x", "n": n}) for n in range(1, 5)] + [(other, {"type": "x"})]

    async def scenario() -> None:
        [stuck] = await joined(layer, full, 1)
        [reader] = await joined(elsewhere, other, 1)
        await asyncio.to_thread(channel_send.redis_group_send_many, layer, batch)
        assert [(await received(layer, stuck))["n"] for _ in range(2)] == [1, 2]
        assert (await received(elsewhere, reader))["type"] == "x"
        with pytest.raises(asyncio.TimeoutError):  # 3 and 4 were dropped
            await asyncio.wait_for(layer.receive(stuck), timeout=0.3)

    asyncio.run(scenario())


def test_an_unread_message_expires_as_channels_redis_sets_it() -> None:
    """Each channel's messages live `expiry` seconds (the key's TTL), as channels-redis
    sets them: a socket's process that died does not leave its pushes in Redis."""
    redis_layer()
    layer = RedisChannelLayer(hosts=[settings.REDIS_URL], expiry=1)
    group = f"t{os.urandom(4).hex()}-gone"

    async def scenario() -> None:
        [name] = await joined(layer, group, 1)
        await asyncio.to_thread(channel_send.redis_group_send_many, layer, [(group, {"type": "x"})])
        await asyncio.sleep(2.2)
        with pytest.raises(asyncio.TimeoutError):
            await asyncio.wait_for(layer.receive(name), timeout=0.5)

    asyncio.run(scenario())


def test_the_sync_pool_is_made_from_the_layers_host_as_channels_redis_makes_its_own() -> None:
    """An address with its options, plain connection options, or a Sentinel master
    (channels_redis.utils.create_pool's three forms): the sync pool gets the same."""
    pool = channel_send._sync_pool({"address": "redis://127.0.0.1:6379/2", "socket_timeout": 15})
    assert pool.connection_kwargs["db"] == 2
    assert pool.connection_kwargs["socket_timeout"] == 15
    pool = channel_send._sync_pool({"host": "127.0.0.1", "port": 6390})
    assert pool.connection_kwargs["port"] == 6390
    pool = channel_send._sync_pool(
        {"master_name": "main", "sentinels": [("127.0.0.1", 26379)], "db": 1}
    )
    assert isinstance(pool, redis.sentinel.SentinelConnectionPool)
    assert pool.service_name == "main"


def test_a_redis_that_never_answers_gives_the_send_up(monkeypatch: Any) -> None:
    """A Redis that accepts the connection and never replies (hung): the send raises after
    its reply wait, shorter than the layer's own, instead of holding the commit's thread
    (the broadcast logs it; the sockets catch up from the database)."""
    monkeypatch.setattr(channel_send, "SEND_TIMEOUT_SECONDS", 0.2)
    with socket.socket() as hung:
        hung.bind(("127.0.0.1", 0))
        hung.listen()  # the kernel accepts; nobody reads or answers
        address = f"redis://127.0.0.1:{hung.getsockname()[1]}/0"
        layer = RedisChannelLayer(hosts=[{"address": address, "socket_timeout": 15}])
        with pytest.raises(redis.exceptions.TimeoutError):
            channel_send.group_send_many(layer, [("hung", {"type": "x"})])
