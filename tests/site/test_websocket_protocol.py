"""avalon_site.websocket: permessage-deflate without server context takeover, each message
compressed once per process for every socket sending the same bytes, and read back
exactly by a client (websockets' own, sans I/O, as browsers negotiate it)."""

from __future__ import annotations

import zlib
from pathlib import Path

import pytest
from websockets.client import ClientProtocol
from websockets.extensions.permessage_deflate import ClientPerMessageDeflateFactory
from websockets.frames import Frame
from websockets.http11 import Request
from websockets.server import ServerProtocol
from websockets.uri import parse_uri

from avalon_site import websocket
from avalon_site.websocket import shared_deflate


def _pair() -> tuple[ServerProtocol, ClientProtocol]:
    """A server with the site's extension and a client, their handshake done in memory."""
    server = ServerProtocol(extensions=[shared_deflate()])
    client = ClientProtocol(
        parse_uri("ws://example.com/ws/games/1/"),
        extensions=[ClientPerMessageDeflateFactory()],
    )
    client.send_request(client.connect())
    for data in client.data_to_send():
        server.receive_data(data)
    [request] = server.events_received()
    assert isinstance(request, Request)
    response = server.accept(request)
    assert "server_no_context_takeover" in response.headers["Sec-WebSocket-Extensions"]
    server.send_response(response)
    for data in server.data_to_send():
        client.receive_data(data)
    client.events_received()
    return server, client


def _received(server: ServerProtocol, client: ClientProtocol) -> tuple[bytes, list[str]]:
    wire = b"".join(server.data_to_send())
    client.receive_data(wire)
    return wire, [bytes(e.data).decode() for e in client.events_received() if isinstance(e, Frame)]


def websocket_root() -> Path:
    return Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def _empty() -> None:
    websocket._kept.clear()
    websocket._kept_bytes[0] = 0


def test_sockets_sending_the_same_message_share_its_frame() -> None:
    page = "".join(f'<div id="p{i}">player {i} voted approve</div>' for i in range(400))
    other = page.replace("approve", "reject")
    first, second = _pair(), _pair()
    sent = []
    for text in (page, other, page):
        for server, client in (first, second):
            server.send_text(text.encode())
            wire, texts = _received(server, client)
            assert texts == [text]
            sent.append(wire)
    # One compression per distinct message in the process; the same frame on every socket,
    # and the same as a compressor of its own would make.
    assert len(websocket._kept) == 2
    assert sent[0] == sent[1] == sent[4] == sent[5] != sent[2]
    assert len(sent[0]) < len(page) / 5
    compressor = zlib.compressobj(wbits=-12, memLevel=5)
    alone = compressor.compress(page.encode()) + compressor.flush(zlib.Z_SYNC_FLUSH)
    assert alone[:-4] in sent[0]


def test_small_messages_and_fragments_are_compressed_each_time() -> None:
    server, client = _pair()
    for text in ("short", "short", "x" * 5000):
        server.send_text(text.encode())
        assert _received(server, client)[1] == [text]
    assert len(websocket._kept) == 1
    # A fragmented message is never shared (only whole messages are compressed alone).
    server.send_text(b"y" * 3000, fin=False)
    server.send_continuation(b"z" * 3000, fin=True)
    assert "".join(_received(server, client)[1]) == "y" * 3000 + "z" * 3000
    assert len(websocket._kept) == 1


def test_kept_frames_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(websocket, "KEPT_FRAMES", 3)
    server, client = _pair()
    for n in range(10):
        text = f"{n}" * 2000
        server.send_text(text.encode())
        assert _received(server, client)[1] == [text]
    assert len(websocket._kept) == 3
    assert websocket._kept_bytes[0] == sum(len(k[0]) + len(v) for k, v in websocket._kept.items())


def test_the_server_speaks_it() -> None:
    """The protocol uvicorn runs under the Procfile's worker class."""
    from uvicorn.importer import import_from_string

    from avalon_site.websocket import WebSocketProtocol, Worker

    assert import_from_string(Worker.CONFIG_KWARGS["ws"]) is WebSocketProtocol
    assert "avalon_site.websocket.Worker" in (websocket_root() / "Procfile").read_text()


def _page(board: str, secret: str) -> str:
    """A pushed update's shape: a banner, then panels, each opening with a <section>."""
    rows = "".join(f"<li>quest {i}: {board}</li>" for i in range(80))
    return (
        f'<div id="phase" data-seq="7">{secret} to play</div>'
        f'<section id="board"><ol>{rows}</ol></section>'
        f'<section id="secret">{secret * 120}</section>'
        '<section id="rematch" hidden></section>'
    )


def test_pieces_are_cut_where_panels_open_and_small_ones_join_the_one_before() -> None:
    page = _page("approved", "Merlin").encode()
    cut = websocket.pieces(page)
    assert b"".join(cut) == page
    assert [piece[:16] for piece in cut] == [
        b'<div id="phase" ',
        b'<section id="boa',
        b'<section id="sec',
    ]
    assert cut[-1].endswith(b'<section id="rematch" hidden></section>')  # too short alone
    assert websocket.pieces(b"x" * 3000) == [b"x" * 3000]


def test_a_panel_shared_by_every_seat_is_compressed_once() -> None:
    """Each seat's message differs (its secret), the board is the same bytes in every one:
    the board's piece is compressed once, and every client reads its own message back."""
    seats = [_pair() for _ in range(3)]
    texts = [_page("approved", name) for name in ("Merlin", "Percival", "Morgana")]
    for (server, client), text in zip(seats, texts, strict=True):
        server.send_text(text.encode())
        wire, received = _received(server, client)
        assert received == [text]
        assert len(wire) < len(text) / 3
    # Each piece compressed once and kept: the banner and the secret of each seat, the board
    # once for all three.
    assert len(websocket._kept) == 3 * 2 + 1
    # The next move's board is a new piece; an unchanged banner and secret are not
    # compressed again.
    server, client = seats[0]
    text = _page("rejected", "Merlin")
    server.send_text(text.encode())
    assert _received(server, client)[1] == [text]
    assert len(websocket._kept) == 3 * 2 + 2
