"""A consumer that outlives its channel layer: while Redis is unreachable the socket stays
open and retries, rather than dropping every player at once (R2), and joining its group
again restores a membership the layer lost."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from .common import DirectDispatch

logger = logging.getLogger("games.consumers")

# How soon a socket tries the channel layer again after it failed (Redis down).
LAYER_RETRY_SECONDS = 1.0


class LayerResilientConsumer(DirectDispatch):
    """A socket of one channel group (`group`, set by the subclass on connect)."""

    group: str
    # The layer failed this socket and has not worked since: logged once per outage (with
    # many sockets open, one line per retry would flood the log).
    layer_down = False
    _layer_receive: Callable[[], Awaitable[dict[str, Any]]]

    # Channels sets `channel_receive` (the layer's receive for this socket) in __call__ and
    # waits on it beside the client's messages; an error there (Redis down) would end the
    # consumer and drop the socket. Wrapped, it waits for the layer to come back instead.
    @property
    def channel_receive(self) -> Callable[[], Awaitable[dict[str, Any]]]:
        return self._receive_from_layer

    @channel_receive.setter
    def channel_receive(self, receive: Callable[[], Awaitable[dict[str, Any]]]) -> None:
        self._layer_receive = receive

    async def _receive_from_layer(self) -> dict[str, Any]:
        while True:
            try:
                return await self._layer_receive()
            except Exception as exc:
                self._layer_failed("receive", exc)
                await asyncio.sleep(LAYER_RETRY_SECONDS)

    def _layer_failed(self, doing: str, exc: Exception) -> None:
        if not self.layer_down:
            group = getattr(self, "group", "(connecting)")
            logger.warning("game socket %s: channel layer unavailable (%s): %r", group, doing, exc)
        self.layer_down = True

    async def _join(self) -> bool:
        """(Re-)join this socket's group; False while the channel layer is unreachable.
        Joining again is harmless and restores a membership Redis lost (restart) or expired
        (channels-redis group_expiry)."""
        try:
            await self.channel_layer.group_add(self.group, self.channel_name)
        except Exception as exc:
            self._layer_failed("join", exc)
            return False
        if self.layer_down:
            logger.info("game socket %s: channel layer back, group joined again", self.group)
            self.layer_down = False
        return True

    async def _leave(self) -> None:
        """Leave this socket's group; a layer that is down has lost the group anyway."""
        try:
            await self.channel_layer.group_discard(self.group, self.channel_name)
        except Exception as exc:
            logger.warning("game socket: could not leave %s: %r", self.group, exc)
