"""R5 fuzz of the game websocket's JSON mode (/ws/games/<id>/?format=json): hello, move and
chat messages, and frames that are none of them.

The consumer writes on its own database thread, so this test commits (transaction=True)
and cannot roll an example back: generation depends only on the game as it was dealt (the
legal moves at the start), never on the game as it is, so hypothesis replays the same
payloads. Sockets run on one event loop in a thread of their own, so the hypothesis test
itself stays synchronous.

Properties: the consumer never crashes and never closes the socket; each move, chat or
unknown message gets exactly one answer (move_result, chat_posted, or an error with a 4xx
status in the API's error shape); a hello gets an update; an error leaves the game (seq,
events, state), the receipts and the chat unchanged.
"""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Callable, Coroutine, Iterator
from typing import Any, TypeVar

import pytest
from channels.layers import channel_layers
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser
from hypothesis import given
from hypothesis import strategies as st

from games.models import ChatMessage
from games.routing import websocket_urlpatterns

from .arena import Arena
from .checks import REJECTION_STATUSES, game_snapshot, short
from .conftest import fuzzed
from .strategies import encode, hostile, ints, json_values, keys, nested, texts, wrong_moves

pytestmark = pytest.mark.django_db(transaction=True)

APP = URLRouter(websocket_urlpatterns)
EXAMPLES = 2300
T = TypeVar("T")
ANSWERS = {"move": {"move_result", "error"}, "chat": {"chat_posted", "error"}}
BROADCASTS = {"chat", "chat_hidden", "update"}
SEQ = "@@seq@@"


class Loop:
    """An event loop in a thread: the sockets live there, the test calls into it."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()

    def run(self, coro: Coroutine[Any, Any, T], timeout: float = 30) -> T:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    def close(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)


@pytest.fixture
def loop(settings: Any) -> Iterator[Loop]:
    # The in-process layer (as embedded mode): what is fuzzed is the consumer, and a shared
    # Redis on a loaded machine timed reads out (the layer binds to the loop using it).
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    channel_layers.backends.clear()
    running = Loop()
    yield running
    running.close()
    channel_layers.backends.clear()


async def connect(game_id: int, user: Any) -> WebsocketCommunicator:
    sock = WebsocketCommunicator(APP, f"/ws/games/{game_id}/?format=json")
    sock.scope["user"] = user if user is not None else AnonymousUser()
    connected, _ = await sock.connect(timeout=10)
    assert connected
    await sock.receive_from(timeout=10)  # the first update
    return sock


LAST: dict[int, str] = {}  # per socket, the frame sent before (for failure messages)


async def quiet(sock: WebsocketCommunicator) -> None:
    """Take what arrived since the last answer: broadcasts only, never a second answer."""
    while not sock.output_queue.empty():
        data = json.loads(await sock.receive_from())
        previous = short(LAST.get(id(sock), ""))
        assert data.get("type") in BROADCASTS, f"a second answer {data} to {previous}"


async def exchange(sock: WebsocketCommunicator, text: str, kind: str) -> dict[str, Any]:
    """Send one frame; the answer to it, skipping broadcasts meant for every socket."""
    await quiet(sock)
    LAST[id(sock)] = text
    await sock.send_to(text_data=text)
    wanted = ANSWERS.get(kind, {"error"})
    for _ in range(50):
        data = json.loads(await sock.receive_from(timeout=10))
        if data.get("type") in wanted:
            return dict(data)
        assert data.get("type") in BROADCASTS, (data, short(text))
    raise AssertionError(f"no answer to {short(text)}")


async def settle(socks: list[WebsocketCommunicator]) -> None:
    """Before a hello that follows an accepted move or chat, let that one's broadcasts reach
    every socket: the hello's answer (an update) must not be taken for a broadcast still on
    its way (the answer then came late and the next frame took it for its own)."""

    async def one(sock: WebsocketCommunicator) -> None:
        while not await sock.receive_nothing(timeout=0.05):
            data = json.loads(await sock.receive_from())
            assert data.get("type") in BROADCASTS, f"a second answer {data}"

    await asyncio.gather(*(one(sock) for sock in socks))


async def hello(sock: WebsocketCommunicator, text: str) -> dict[str, Any]:
    await quiet(sock)
    LAST[id(sock)] = text
    await sock.send_to(text_data=text)
    data = json.loads(await sock.receive_from(timeout=10))
    while data.get("type") in {"chat", "chat_hidden"}:
        data = json.loads(await sock.receive_from(timeout=10))
    return dict(data)


@st.composite
def frames(draw: st.DrawFn, arena: Arena) -> tuple[str, Any]:
    """(the frame's text, its "type" as the consumer reads it)."""
    kind = draw(st.sampled_from(["move"] * 6 + ["chat"] * 2 + ["hello", "junk", "deep"]))
    if kind == "junk":
        value = draw(hostile | st.dictionaries(keys, json_values, max_size=3))
        named = value.get("type") if isinstance(value, dict) else None
        return encode(value), named if isinstance(named, str) else None
    if kind == "deep":
        depth = draw(st.integers(1_000, 100_000))
        return encode({"type": "move", "move": nested(depth, "dict")}), "move"
    message: dict[str, Any] = {"type": kind}
    if kind == "hello":
        message["seq"] = draw(st.sampled_from([0, 1]) | hostile)
    elif kind == "chat":
        message["body"] = draw(texts | hostile)
    else:
        message["move"] = draw(wrong_moves(arena.shapes) | hostile)
        # SEQ is replaced by the seq when sent: the value may differ, the draws do not.
        message["expected_seq"] = draw(
            st.sampled_from([SEQ] * 4 + [0, -1, 10**6]) | hostile | st.just(str(1))
        )
        if draw(st.integers(0, 3)) == 0:
            message["idempotency_key"] = draw(
                st.sampled_from(["k1", "k2", "k" * 81]) | texts | ints | json_values
            )
    for name in draw(st.lists(keys, max_size=2)):
        message.setdefault(name, draw(json_values))
    return encode(message), kind


@pytest.mark.parametrize("slug", ["resistance-avalon", "tournament-avalon"])
def test_game_socket_answers_every_bad_frame_cleanly(
    slug: str, loop: Loop, count: Callable[[int], None], debug: Callable[[bool], None]
) -> None:
    arena = Arena(slug)
    people: list[tuple[str, int, Any]] = [
        *[(f"seat {s}", arena.game.pk, u) for s, u in arena.seats.items()],
        ("outsider", arena.game.pk, arena.outsider),
        ("unverified", arena.game.pk, arena.unverified),
        ("anonymous", arena.game.pk, None),
        ("outsider at another game", arena.other_game.pk, arena.outsider),
    ]
    socks = {name: loop.run(connect(game_id, user)) for name, game_id, user in people}
    games = {name: game_id for name, game_id, _ in people}
    unsettled: list[bool] = []

    @fuzzed(EXAMPLES)
    @given(data=st.data())
    def fuzz(data: st.DataObject) -> None:
        debug(data.draw(st.booleans(), "DEBUG"))
        name = data.draw(st.sampled_from(sorted(socks)), "socket")
        text, kind = data.draw(frames(arena))
        game_id = games[name]
        before = game_snapshot(game_id)
        chats = ChatMessage.objects.count()
        if f'"{SEQ}"' in text:
            text = text.replace(f'"{SEQ}"', str(before[0]), 1)
        count(1)
        if kind == "hello":
            if unsettled:
                loop.run(settle(list(socks.values())))
                unsettled.clear()
            answer = loop.run(hello(socks[name], text))
            assert answer["type"] in {"update", "error"}, answer
            return
        answer = loop.run(exchange(socks[name], text, kind))
        if answer["type"] != "error":
            unsettled.append(True)  # its broadcasts may still be on their way
            return  # a move or chat that was fine: the world may change
        assert answer["status"] in REJECTION_STATUSES, answer
        error = answer["error"]
        assert isinstance(error["code"], str), answer
        assert isinstance(error["message"], str), answer
        assert game_snapshot(game_id) == before, f"a refused frame changed: {short(text)}"
        assert ChatMessage.objects.count() == chats

    try:
        fuzz()
    finally:
        for sock in socks.values():
            loop.run(sock.disconnect())
