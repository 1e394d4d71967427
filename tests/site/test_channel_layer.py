"""The channel layer's receive (avalon_site/channel_layer.py): one reader per event loop and
process key pops it and hands each message to every socket it names, once, in order; a
socket that closes leaves the others receiving; a channel of another prefix is read too; an
unreachable Redis is raised to the receives (the sockets retry, games.consumers.layer)."""

from __future__ import annotations

import asyncio
import os
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from django.conf import settings
from redis.exceptions import ConnectionError as RedisConnectionError

from avalon_site.channel_layer import ChannelLayer


def layer_on(url: str) -> ChannelLayer:
    return ChannelLayer(hosts=[{"address": url, "socket_timeout": 15}])


def redis_layer() -> ChannelLayer:
    if not settings.REDIS_URL:
        pytest.skip("needs REDIS_URL (the channel layer on Redis)")
    return layer_on(settings.REDIS_URL)


async def received(layer: ChannelLayer, name: str) -> dict[str, Any]:
    return dict(await asyncio.wait_for(layer.receive(name), timeout=5))


def test_every_waiting_socket_gets_its_messages_once_in_order() -> None:
    layer = redis_layer()
    group = f"t{os.urandom(4).hex()}-watchers"

    async def scenario() -> None:
        names = [await layer.new_channel() for _ in range(5)]
        for name in names:
            await layer.group_add(group, name)
        waiting = [asyncio.ensure_future(received(layer, name)) for name in names]
        await asyncio.sleep(0.05)  # every socket waits, one reader on Redis
        await layer.group_send(group, {"type": "x", "n": 1})
        assert [(await w)["n"] for w in waiting] == [1] * 5
        for n in (2, 3):
            await layer.send(names[0], {"type": "x", "n": n})
        await layer.group_send(group, {"type": "x", "n": 4})
        assert [(await received(layer, names[0]))["n"] for _ in range(3)] == [2, 3, 4]
        for name in names[1:]:
            assert (await received(layer, name))["n"] == 4
        await layer.flush()

    async_to_sync(scenario)()


def test_a_socket_that_closes_leaves_the_others_receiving() -> None:
    layer = redis_layer()

    async def scenario() -> None:
        leaving, staying = await layer.new_channel(), await layer.new_channel()
        gone = asyncio.ensure_future(layer.receive(leaving))
        kept = asyncio.ensure_future(received(layer, staying))
        await asyncio.sleep(0.05)
        gone.cancel()
        await asyncio.sleep(0.05)
        await layer.send(staying, {"type": "x", "n": 1})
        assert (await kept)["n"] == 1
        assert leaving not in layer.receive_buffer
        await layer.flush()

    async_to_sync(scenario)()


def test_a_channel_of_another_prefix_is_read_beside_the_sockets() -> None:
    layer = redis_layer()

    async def scenario() -> None:
        socket = asyncio.ensure_future(layer.receive(await layer.new_channel()))
        await asyncio.sleep(0.05)  # the sockets' reader waits on their key
        other = await layer.new_channel("probe.")
        await layer.send(other, {"type": "x", "n": 1})
        assert (await received(layer, other))["n"] == 1
        socket.cancel()
        await layer.flush()

    async_to_sync(scenario)()


def test_an_unreachable_redis_is_raised_to_the_waiting_receive() -> None:
    layer = layer_on("redis://127.0.0.1:1/0")  # nothing listens on port 1

    async def scenario() -> None:
        channel = await layer.new_channel()
        with pytest.raises(RedisConnectionError):
            await asyncio.wait_for(layer.receive(channel), timeout=5)

    async_to_sync(scenario)()
