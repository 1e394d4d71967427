"""The game page's websocket and the seat's last seen seq (issue 11): connecting counts as
seeing the game, a push counts only once the page acknowledges it ({"type": "seen"}), and
an acknowledgement never goes past what the socket sent."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from asgiref.sync import sync_to_async

from games.models import Seat

from .test_consumers import connect, play, setup_game

pytestmark = pytest.mark.django_db(transaction=True)


@sync_to_async
def seen(game: Any, seat: int) -> int:
    return Seat.objects.get(table_id=game.table_id, position=seat).last_seen_seq


@sync_to_async
def first_move(game: Any, seat: int) -> dict[str, Any]:
    from games.engine.core import to_json
    from games.log import definition_of, load_state

    game.refresh_from_db()
    definition = definition_of(game)
    return dict(to_json(definition.legal_moves(load_state(game, definition), seat)[0]))


async def test_connect_counts_a_push_needs_the_pages_acknowledgement() -> None:
    game, seats = await setup_game()
    sock = await connect(game.pk, seats[0], "")  # the HTML page
    await sock.receive_from(timeout=5)  # the whole page on connect
    start = game.state_seq
    assert await seen(game, 0) == start
    await play(game, seats[1], await first_move(game, 1))
    for _ in range(10):
        if 'id="board"' in await sock.receive_from(timeout=5):
            break
    await sync_to_async(game.refresh_from_db)()
    assert await seen(game, 0) == start  # pushed, not yet shown to anyone: no write
    await sock.send_to(text_data=json.dumps({"type": "seen", "seq": game.state_seq + 50}))
    for _ in range(200):  # the socket handles it in its own time: wait for the write
        if await seen(game, 0) != start:
            break
        await asyncio.sleep(0.05)
    assert await seen(game, 0) == game.state_seq  # up to what was sent, never beyond
    await sock.disconnect()
