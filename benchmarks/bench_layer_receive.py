"""The channel layer's receive side alone (issue 14, B3): CPU per message per socket of a
process's sockets receiving group messages, channels-redis's RedisChannelLayer against the
site's layer (avalon_site/channel_layer.py), alternately in this process on REDIS_URL.

    REDIS_URL=redis://127.0.0.1:6379/0 .venv/bin/python benchmarks/bench_layer_receive.py

Two shapes, each socket waiting as channels' consumers wait (a new task per receive):
- a busy table: `--watchers` sockets in one group, `--messages` pushes of `--size` bytes;
- small games: `--games` groups of one socket each, a push to every group per round.
The sends are the same for both layers (the site's batch, games/services/channel_send.py:
one per round), so the difference is the receive. Prints the process's CPU per message
received (per socket), best of `--rounds`.
"""

from __future__ import annotations

import asyncio
import logging
import os
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.common import command_line  # noqa: E402
from games.services.channel_send import redis_group_send_many  # noqa: E402


class Sockets:
    """`names` receiving as channels' consumers do (a new task per receive); `arrived` is set
    once every socket has received `expected` messages in all."""

    def __init__(self, layer: Any, names: list[str]) -> None:
        self.layer, self.total, self.expected = layer, 0, 0
        self.arrived = asyncio.Event()
        self.tasks = [asyncio.ensure_future(self.socket(name)) for name in names]

    async def socket(self, name: str) -> None:
        while True:
            task = asyncio.ensure_future(self.layer.receive(name))
            try:
                await asyncio.wait([task])
            except asyncio.CancelledError:
                task.cancel()
                raise
            task.result()
            self.total += 1
            if self.total >= self.expected:
                self.arrived.set()


async def run(
    layer_class: type, url: str, groups: int, per_group: int, messages: int, size: int
) -> float:
    """CPU per message per socket of `messages` rounds (ms)."""
    layer = layer_class(hosts=[{"address": url, "socket_timeout": 15}])
    tag = os.urandom(4).hex()
    flat: list[str] = []
    for g in range(groups):
        for _ in range(per_group):
            name = await layer.new_channel()
            await layer.group_add(f"b{tag}-{g}", name)
            flat.append(name)
    sockets = Sockets(layer, flat)
    await asyncio.sleep(0.1)
    body = {"type": "game.update", "payload": {"seq": 1, "events": []}, "html": "x" * size}
    batch = [(f"b{tag}-{g}", body) for g in range(groups)]
    start = time.process_time()
    for _ in range(messages):  # a round's pushes, then their arrival (a paced move)
        sockets.expected += len(flat)
        sockets.arrived.clear()
        await asyncio.to_thread(redis_group_send_many, layer, batch)
        await asyncio.wait_for(sockets.arrived.wait(), 30)
    used = time.process_time() - start
    for task in sockets.tasks:
        task.cancel()
    await asyncio.gather(*sockets.tasks, return_exceptions=True)
    await layer.flush()
    return used * 1000 / (messages * len(flat))


def main() -> None:
    args = command_line(__doc__, watchers=40, games=8, messages=200, size=28000, rounds=3)
    url = os.environ["REDIS_URL"]
    # channels-redis's own receive tasks, ended with their pools after each run, say so.
    logging.getLogger("asyncio").setLevel(logging.CRITICAL)
    from channels_redis.core import RedisChannelLayer

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "avalon_site.settings")
    from avalon_site.channel_layer import ChannelLayer

    layers = {"channels-redis": RedisChannelLayer, "site": ChannelLayer}
    shapes = {
        f"busy table ({args.watchers} sockets, 1 group)": (1, args.watchers),
        f"small games ({args.games} groups of 1 socket)": (args.games, 1),
    }
    for shape, (groups, per_group) in shapes.items():
        best: dict[str, float] = {}
        for _ in range(args.rounds):
            for name, cls in layers.items():
                ms = asyncio.run(run(cls, url, groups, per_group, args.messages, args.size))
                best[name] = min(best.get(name, ms), ms)
        print(
            f"{shape}: CPU per message per socket, channels-redis {best['channels-redis']:.3f} ms, "
            f"site {best['site']:.3f} ms  (load {os.getloadavg()[0]:.1f})"
        )


if __name__ == "__main__":
    main()
