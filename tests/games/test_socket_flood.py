"""A client flooding the game socket (issue 13's outside-in pass): each socket answers at
most a burst of frames and then a few a second (games/consumers/budget.py); what lies beyond
gets a 429 in the API's error shape and costs no database work. The clock is held still, so
the budget never refills during the test."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from games.consumers import budget
from games.consumers.budget import BURST, FrameBudget
from games.consumers.game import GameConsumer

from .test_consumers import MOVE, connect, next_json, setup_game

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_budget_refills_at_its_rate_up_to_its_burst() -> None:
    now = [0.0]
    frames = FrameBudget(rate=2.0, burst=3, clock=lambda: now[0])
    assert [frames.take() for _ in range(4)] == [True, True, True, False]
    now[0] = 0.5  # one more frame a half second later
    assert [frames.take(), frames.take()] == [True, False]
    now[0] = 100.0  # never more than the burst, however long the socket was quiet
    assert [frames.take() for _ in range(4)] == [True, True, True, False]


async def test_a_flood_of_hellos_is_refused_after_the_burst(monkeypatch: Any) -> None:
    monkeypatch.setattr(budget, "CLOCK", lambda: 0.0)
    game, seats = await setup_game()
    sock = await connect(game.pk, seats[0])
    await next_json(sock)  # the state on connect
    for _ in range(BURST):
        await sock.send_to(text_data=json.dumps({"type": "hello", "seq": 0}))
        assert (await next_json(sock))["type"] == "update"
    for _ in range(20):  # answered with a refusal, not with the log: no catch-up ran
        await sock.send_to(text_data=json.dumps({"type": "hello", "seq": 0}))
        refused = json.loads(await sock.receive_from(timeout=5))
        assert refused["type"] == "error"
        assert refused["status"] == 429
        assert refused["error"]["code"] == "rate_limited"
        assert "Too many messages" in refused["error"]["message"]
    await sock.disconnect()


async def test_a_flooding_page_is_ignored_not_answered(monkeypatch: Any) -> None:
    """The HTML page's socket answers no frame in JSON; over the budget its "seen" frames
    are dropped without a word or a look (the page never sends that many)."""
    monkeypatch.setattr(budget, "CLOCK", lambda: 0.0)
    looked: list[int] = []
    seen_later = GameConsumer._seen_later

    def counted(self: GameConsumer, seq: int) -> bool:
        looked.append(seq)
        return seen_later(self, seq)

    monkeypatch.setattr(GameConsumer, "_seen_later", counted)
    game, seats = await setup_game()
    sock = await connect(game.pk, seats[0], "")
    await sock.receive_from(timeout=5)  # the whole page
    looked.clear()
    for _ in range(BURST + 20):
        await sock.send_to(text_data=json.dumps({"type": "seen", "seq": 1}))
    for _ in range(100):  # the socket reads its frames in its own time
        if len(looked) >= BURST:
            break
        await asyncio.sleep(0.05)
    await asyncio.sleep(0.5)  # and the rest, which it drops
    assert len(looked) == BURST
    await sock.disconnect()


async def test_an_oversized_frame_is_refused_unread(monkeypatch: Any) -> None:
    """A frame past MAX_FRAME_CHARS is answered in words and never parsed: 16 MiB of JSON
    (the servers' default limit) took seconds on the event loop, every socket of the
    process waiting. A move of the right size still plays afterwards."""
    from games import client_json

    parsed: list[int] = []
    loads = client_json.loads

    def counted(text: str | bytes) -> Any:
        parsed.append(len(text))
        return loads(text)

    monkeypatch.setattr(client_json, "loads", counted)
    game, seats = await setup_game()
    sock = await connect(game.pk, seats[0])
    seq = (await next_json(sock))["game"]["seq"]
    padded = {"type": "move", "expected_seq": seq, "move": MOVE, "pad": [0] * 20_000}
    await sock.send_to(text_data=json.dumps(padded))
    refused = await next_json(sock, "error")
    assert refused["status"] == 413
    assert refused["error"]["code"] == "too_large"
    assert "too long" in refused["error"]["message"]
    assert parsed == []
    await sock.send_to(text_data=json.dumps({"type": "move", "expected_seq": seq, "move": MOVE}))
    assert (await next_json(sock, "move_result"))["seq"] == seq + 1
    await sock.disconnect()


def test_the_servers_refuse_frames_past_the_limit_before_the_consumer() -> None:
    """The Procfile's worker class and scripts/run-site give uvicorn a limit far below its
    16 MiB default, and above any frame a client of ours sends."""
    from pathlib import Path

    from uvicorn import Config

    from avalon_site.websocket import WS_MAX_SIZE, Worker
    from games.consumers.game import MAX_FRAME_CHARS

    assert Config("avalon_site.asgi:application", **Worker.CONFIG_KWARGS).ws_max_size == (
        WS_MAX_SIZE
    )
    assert WS_MAX_SIZE >= MAX_FRAME_CHARS
    run_site = (Path(__file__).parents[2] / "scripts" / "run-site").read_text()
    assert f"--ws-max-size {WS_MAX_SIZE}" in run_site
