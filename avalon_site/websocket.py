"""The web server's websocket protocol: uvicorn's own (websockets, sans-I/O), whose
permessage-deflate compresses a message once per process however many sockets it goes to.

uvicorn's permessage-deflate keeps one compressor per socket (context takeover), so a push
that every spectator of a table receives alike was compressed once per socket: most of the
server's CPU per extra socket (benchmarks/RESULTS.md, "Tenth pass: fan-out"). Here the
server asks for no context takeover (`server_no_context_takeover`, which every client must
accept, RFC 7692 7.1.1.1), so each message is compressed alone, by a function of its bytes
and the settings only; its compressed frame is kept, and the next socket sending the same
bytes with the same settings sends the same frame. The settings are uvicorn's (a 4 kB
window, memLevel 5, zlib's default level): with a window far smaller than a pushed page,
context takeover saved about 4 % of the bytes.

Used by the Procfile's worker class (`Worker`) and `uvicorn --ws avalon_site.websocket:
WebSocketProtocol`.
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from uvicorn_worker import UvicornWorker  # type: ignore[import-untyped]
from websockets.extensions.base import Extension
from websockets.extensions.permessage_deflate import (
    PerMessageDeflate,
    ServerPerMessageDeflateFactory,
)
from websockets.frames import Frame, Opcode
from websockets.server import ServerProtocol
from websockets.typing import ExtensionParameter

# Messages shorter than this are compressed for each socket (cheap, and seldom shared).
SHARED_MIN_BYTES = 1024
# The frames kept: the newest, at most this many and this many bytes (messages and frames).
KEPT_FRAMES = 64
KEPT_BYTES = 4_000_000

_kept: OrderedDict[tuple[bytes, int, tuple[tuple[str, Any], ...]], bytes] = OrderedDict()
_kept_bytes = [0]


class SharedDeflate(PerMessageDeflate):
    """permessage-deflate whose whole messages, each compressed alone, are compressed once
    per process for every socket sending the same bytes."""

    def encode(self, frame: Frame) -> Frame:
        if (
            not self.local_no_context_takeover
            or not frame.fin
            or frame.opcode not in (Opcode.TEXT, Opcode.BINARY)
            or len(frame.data) < SHARED_MIN_BYTES
        ):
            return super().encode(frame)
        key = (
            bytes(frame.data),
            self.local_max_window_bits,
            tuple(sorted(self.compress_settings.items())),
        )
        data = _kept.get(key)
        if data is None:
            data = bytes(super().encode(frame).data)
            _keep(key, data)
        else:
            _kept.move_to_end(key)
        return Frame(frame.opcode, data, frame.fin, True, frame.rsv2, frame.rsv3)


def _keep(key: tuple[bytes, int, tuple[tuple[str, Any], ...]], data: bytes) -> None:
    _kept[key] = data
    _kept_bytes[0] += len(key[0]) + len(data)
    while len(_kept) > KEPT_FRAMES or _kept_bytes[0] > KEPT_BYTES:
        (message, _, _), frame = _kept.popitem(last=False)
        _kept_bytes[0] -= len(message) + len(frame)


class SharedDeflateFactory(ServerPerMessageDeflateFactory):
    def process_request_params(
        self, params: Sequence[ExtensionParameter], accepted_extensions: Sequence[Extension]
    ) -> tuple[list[ExtensionParameter], PerMessageDeflate]:
        response, made = super().process_request_params(params, accepted_extensions)
        return response, SharedDeflate(
            made.remote_no_context_takeover,
            made.local_no_context_takeover,
            made.remote_max_window_bits,
            made.local_max_window_bits,
            made.compress_settings,
        )


def shared_deflate() -> SharedDeflateFactory:
    """The server's permessage-deflate: uvicorn's settings, no server context takeover."""
    return SharedDeflateFactory(
        server_no_context_takeover=True,
        server_max_window_bits=12,
        client_max_window_bits=12,
        compress_settings={"memLevel": 5},
    )


class WebSocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's sans-I/O websocket protocol with SharedDeflate (when permessage-deflate is
    on: uvicorn's --ws-per-message-deflate, on by default)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.config.ws_per_message_deflate:
            self.conn = ServerProtocol(
                extensions=[shared_deflate()],
                max_size=self.config.ws_max_size,
                logger=logging.getLogger("uvicorn.error"),
            )


class Worker(UvicornWorker):  # type: ignore[misc]
    """gunicorn's uvicorn worker serving websockets with WebSocketProtocol."""

    CONFIG_KWARGS = {**UvicornWorker.CONFIG_KWARGS, "ws": "avalon_site.websocket:WebSocketProtocol"}
