"""The web server's websocket protocol: uvicorn's own (websockets, sans-I/O), whose
permessage-deflate compresses a message once per process however many sockets it goes to.

uvicorn's permessage-deflate keeps one compressor per socket (context takeover), so a push
that every spectator of a table receives alike was compressed once per socket: most of the
server's CPU per extra socket (benchmarks/RESULTS.md, "Tenth pass: fan-out"). Here the
server asks for no context takeover (`server_no_context_takeover`, which every client must
accept, RFC 7692 7.1.1.1), so each message is compressed alone, by a function of its bytes
and the settings only. It is compressed in pieces (cut where the game page's panels open),
each alone: a piece's compressed bytes are kept, and the next message holding the same
piece with the same settings reuses them, so the same message to many sockets (a table's
spectators) is compressed once, and so is the board that every seat's message holds. The
settings are uvicorn's (a 4 kB window, memLevel 5, zlib's default level): with a window
far smaller than a pushed page, context takeover saved about 4 % of the bytes.

Used by the Procfile's worker class (`Worker`) and `uvicorn --ws avalon_site.websocket:
WebSocketProtocol`.
"""

from __future__ import annotations

import itertools
import logging
import zlib
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
# A message is compressed in pieces, each alone, cut before each of these bytes (the game
# page's panels open so): a seat's push differs from the next seat's in a few panels (its
# secret, its row, its forms with its own CSRF token), and the rest (the board, most of the
# bytes) is the same piece of the same bytes in every seat's message, compressed once.
PIECE_START = b"<section "
# A piece shorter than this stays with the piece before it (each piece costs a flush).
PIECE_MIN_BYTES = 512
# The pieces kept: the newest, at most this many and this many bytes (pieces and frames).
KEPT_FRAMES = 256
KEPT_BYTES = 4_000_000
# zlib's sync flush ends with an empty stored block, which permessage-deflate leaves out.
_EMPTY_BLOCK = b"\x00\x00\xff\xff"

_Key = tuple[bytes, int, tuple[tuple[str, Any], ...]]
_kept: OrderedDict[_Key, bytes] = OrderedDict()
_kept_bytes = [0]


def pieces(message: bytes) -> list[bytes]:
    """`message` cut before each PIECE_START, a piece shorter than PIECE_MIN_BYTES joined to
    the one before it: the cut depends on the piece's own bytes and its neighbour's length,
    so an equal panel is an equal piece in every message that holds it."""
    starts = [0]
    at = message.find(PIECE_START, 1)
    while at != -1:
        starts.append(at)
        at = message.find(PIECE_START, at + 1)
    starts.append(len(message))
    out: list[bytes] = []
    for begin, end in itertools.pairwise(starts):
        if out and end - begin < PIECE_MIN_BYTES:
            out[-1] += message[begin:end]
        else:
            out.append(message[begin:end])
    return out


class SharedDeflate(PerMessageDeflate):
    """permessage-deflate whose whole messages, each compressed alone, are compressed in
    pieces, each piece once per process for every socket sending the same bytes.

    A piece is deflated by a compressor of its own and ended by a sync flush (a byte
    boundary and an empty stored block), so the pieces' deflate streams, put end to end,
    are one valid stream of the whole message (RFC 1951: a stream is a sequence of blocks;
    a piece merely refers to none of the bytes before it); without context takeover the
    client's decompressor reads each message alone, as RFC 7692 7.2.3 describes."""

    def encode(self, frame: Frame) -> Frame:
        if (
            not self.local_no_context_takeover
            or not frame.fin
            or frame.opcode not in (Opcode.TEXT, Opcode.BINARY)
            or len(frame.data) < SHARED_MIN_BYTES
        ):
            return super().encode(frame)
        settings = tuple(sorted(self.compress_settings.items()))
        data = b"".join(
            self._piece((piece, self.local_max_window_bits, settings))
            for piece in pieces(bytes(frame.data))
        )
        return Frame(frame.opcode, data[:-4], frame.fin, True, frame.rsv2, frame.rsv3)

    def _piece(self, key: _Key) -> bytes:
        """One piece deflated alone, ending with its sync flush (kept)."""
        data = _kept.get(key)
        if data is None:
            encoder = zlib.compressobj(wbits=-key[1], **self.compress_settings)
            data = encoder.compress(key[0]) + encoder.flush(zlib.Z_SYNC_FLUSH)
            assert data.endswith(_EMPTY_BLOCK)
            _keep(key, data)
        else:
            _kept.move_to_end(key)
        return data


def _keep(key: _Key, data: bytes) -> None:
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


# The largest message a client may send on a websocket, in bytes (uvicorn's default is 16
# MiB): nothing a client of ours sends comes near (games.consumers.game.MAX_FRAME_CHARS), and
# a frame past it is refused by the server (close 1009) before it is inflated, decoded or
# parsed. scripts/run-site passes the same to uvicorn's command line.
WS_MAX_SIZE = 65_536


class Worker(UvicornWorker):  # type: ignore[misc]
    """gunicorn's uvicorn worker serving websockets with WebSocketProtocol."""

    CONFIG_KWARGS = {
        **UvicornWorker.CONFIG_KWARGS,
        "ws": "avalon_site.websocket:WebSocketProtocol",
        "ws_max_size": WS_MAX_SIZE,
    }
