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


def _batch(layer: ChannelLayer, pops: list[int]) -> None:
    """Eleven sockets of one process, ten seats' messages and one to all of them sent in
    one insert (as a move's broadcast sends them): every socket gets its own, in order."""
    from games.services.channel_send import redis_group_send_many

    async def scenario() -> None:
        tag = os.urandom(4).hex()
        names = [await layer.new_channel() for _ in range(11)]
        for seat, name in enumerate(names):
            await layer.group_add(f"t{tag}-seat-{seat}", name)
            await layer.group_add(f"t{tag}-all", name)
        waiting = [asyncio.ensure_future(received(layer, name)) for name in names]
        await asyncio.sleep(0.05)  # every socket waits, one reader on Redis
        await asyncio.to_thread(
            redis_group_send_many,
            layer,
            [(f"t{tag}-seat-{seat}", {"type": "x", "n": seat}) for seat in range(11)]
            + [(f"t{tag}-all", {"type": "x", "n": 99})],
        )
        assert [(await w)["n"] for w in waiting] == list(range(11))
        for name in names:
            assert (await received(layer, name))["n"] == 99
        await layer.flush()

    async_to_sync(scenario)()


def _counting(layer: ChannelLayer, pops: list[int]) -> None:
    pop = layer._pop

    async def counted(connection: Any, key: str) -> list[bytes]:
        popped = await pop(connection, key)
        if popped:
            pops.append(len(popped))
        return popped

    layer._pop = counted  # type: ignore[method-assign]


def test_a_moves_messages_to_one_process_are_popped_together() -> None:
    layer = redis_layer()
    pops: list[int] = []
    _counting(layer, pops)
    _batch(layer, pops)
    # The move's messages went in together: a pop or two takes all of them, not one each.
    assert sum(pops) == 12
    assert len(pops) <= 2


def test_a_redis_without_bzmpop_is_popped_one_message_at_a_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from redis.asyncio import Redis
    from redis.exceptions import ResponseError

    async def unknown(*args: Any, **kwargs: Any) -> Any:
        raise ResponseError("unknown command 'BZMPOP', with args beginning with: ")

    monkeypatch.setattr(Redis, "bzmpop", unknown)
    layer = redis_layer()
    pops: list[int] = []
    _counting(layer, pops)
    _batch(layer, pops)
    assert not layer._batch_pop
    assert pops == [1] * 12
