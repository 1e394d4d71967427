"""channels-redis's layer, receiving a process's messages with one reader per event loop.

Every socket of a web process has a process-local channel (`specific.<process>!<socket>`);
channels-redis keeps all of them in one Redis key per process and, for each message, lets
one of the sockets' receives pop it under a shared lock while every other waiting receive
holds two tasks (the lock's acquire and its own queue's get), cancelling one of them after
each message. One pop also costs four round trips to Redis (a script moving back a
"backup" copy, the blocking pop, the backup's insert, and a task deleting it afterwards),
which keep a message a cancelled receive popped. That is the fan-out's cost per socket and
per received message (benchmarks/RESULTS.md, "Ninth pass: fan-out").

Here one reader task per event loop pops the process's key (one blocking pop, one round
trip for all the messages waiting there, up to POP_BATCH; a channel made with another
prefix has a reader of its own), decodes
each message once and puts it in the queue of every channel it names; a socket's receive
is a plain wait on its own queue. The reader is never cancelled
while sockets wait (it ends after a quiet pop with no socket waiting), so no backup copy is
needed: a message is lost only with its process, as with channels-redis (its key is the
process's own). While Redis is unreachable each waiting receive raises the reader's error,
as channels-redis's receive does, and the next receive starts a reader again
(games.consumers.layer retries). Sending, groups and other channels are channels-redis's.

Selected by settings.CHANNEL_LAYERS whenever REDIS_URL is set.
"""

from __future__ import annotations

import asyncio
import collections
import functools
import logging
from typing import Any

from channels_redis.core import BoundedQueue, RedisChannelLayer
from redis.exceptions import ResponseError

logger = logging.getLogger(__name__)

# The most messages one pop of the process's key takes (a move's messages to its sockets).
POP_BATCH = 64


class _Failed:
    """What a waiting receive gets when the reader failed: the error to raise."""

    def __init__(self, error: BaseException) -> None:
        self.error = error


class ChannelLayer(RedisChannelLayer):  # type: ignore[misc]
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # One reader per process key ("specific.<process>!" for every socket; a channel
        # made with another prefix has a key of its own).
        self._readers: dict[str, asyncio.Task[None]] = {}
        self._reader_loop: asyncio.AbstractEventLoop | None = None
        self._waiting = 0
        self._batch_pop = True  # False once Redis said it has no BZMPOP (before 7.0)

    async def receive(self, channel: str) -> dict[str, Any]:
        if "!" not in channel:
            return await super().receive(channel)  # type: ignore[no-any-return]
        assert self.require_valid_channel_name(channel)
        loop = asyncio.get_running_loop()
        if self._reader_loop is not loop:
            previous = self._reader_loop
            if previous is not None and not previous.is_closed() and self._waiting:
                raise RuntimeError("Two event loops are trying to receive() on one channel layer")
            # A new loop (a test's, after the last one ended): queues and the reader are
            # bound to the loop they were made on.
            self.receive_buffer: collections.defaultdict[str, asyncio.Queue[Any]]
            self.receive_buffer = collections.defaultdict(
                functools.partial(BoundedQueue, self.capacity)
            )
            self._readers, self._reader_loop, self._waiting = {}, loop, 0
        queue = self.receive_buffer[channel]
        self._waiting += 1
        try:
            if queue.empty():
                real_channel = self.non_local_name(channel)
                reader = self._readers.get(real_channel)
                if reader is None or reader.done():
                    self._readers[real_channel] = loop.create_task(self._read(real_channel))
                item = await queue.get()
            else:
                item = queue.get_nowait()
        except asyncio.CancelledError:
            self.receive_buffer.pop(channel, None)  # the socket is closing
            raise
        finally:
            if self._reader_loop is loop:  # not a receive of a loop replaced since
                self._waiting -= 1
        if queue.empty() and self.receive_buffer.get(channel) is queue:
            del self.receive_buffer[channel]  # made again by the next receive
        if isinstance(item, _Failed):
            raise item.error
        return item  # type: ignore[no-any-return]

    async def _read(self, real_channel: str) -> None:
        """Pop the process's key into its channels' queues while a receive waits."""
        key = self.prefix + real_channel
        connection = self.connection(self.consistent_hash(real_channel))
        try:
            while True:
                popped = await self._pop(connection, key)
                if not popped:
                    if not self._waiting:
                        return  # nobody listens: the next receive starts a reader again
                    continue
                for body in popped:
                    message = self.deserialize(body)
                    channels = message.pop("__asgi_channel__", real_channel)
                    for name in channels if isinstance(channels, list) else [channels]:
                        self.receive_buffer[name].put_nowait(message)
        except Exception as exc:
            # Redis is away: every receive waiting on a message raises (the sockets retry).
            for queue in list(self.receive_buffer.values()):
                if queue.empty():
                    queue.put_nowait(_Failed(exc))

    async def _pop(self, connection: Any, key: str) -> list[bytes]:
        """The key's oldest messages, up to POP_BATCH, waiting for the first (empty: none
        came within brpop_timeout). A move's messages to one process arrive together (one
        insert: games.services.channel_send), and each round trip costs the reader about
        as much CPU as decoding a pushed page: BZMPOP (Redis 7) takes them in one; an older
        Redis, which does not know it, is popped one message per trip (BZPOPMIN)."""
        if self._batch_pop:
            try:
                reply = await connection.bzmpop(
                    self.brpop_timeout, 1, [key], min=True, count=POP_BATCH
                )
            except ResponseError as exc:
                if "unknown command" not in str(exc).lower():
                    raise
                self._batch_pop = False
            else:
                return [] if reply is None else [member for member, _ in reply[1]]
        popped = await connection.bzpopmin(key, timeout=self.brpop_timeout)
        return [] if popped is None else [popped[1]]
