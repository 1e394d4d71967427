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


async def _pushed(sock: Any) -> None:
    for _ in range(10):
        if 'id="board"' in await sock.receive_from(timeout=5):
            return
    raise AssertionError("no push")


async def test_the_pages_acknowledgements_are_written_together_at_the_beat(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 14, B3: every seat's page acknowledges every push it shows; the process writes
    them at its next beat, in the one hop of that tick (games.consumers.beat), not a hop
    each. A page that closes before the tick writes its own as it goes."""
    from games.consumers import beat
    from games.services.presence import sockets_beat

    calls: list[list[tuple[int, int, int]]] = []

    def recording(**kwargs: Any) -> dict[int, tuple[int, str]]:
        calls.append(sorted(kwargs["seen"]))
        return sockets_beat(**kwargs)

    monkeypatch.setattr(beat, "sockets_beat", recording)
    game, seats = await setup_game()
    socks = [await connect(game.pk, seats[s], "") for s in (0, 2)]
    for sock in socks:
        await sock.receive_from(timeout=5)  # the whole page on connect
    start = game.state_seq
    await play(game, seats[1], await first_move(game, 1))
    await sync_to_async(game.refresh_from_db)()
    for sock in socks:
        await _pushed(sock)
        await sock.send_to(text_data=json.dumps({"type": "seen", "seq": game.state_seq}))
    for _ in range(200):  # the beat runs in the background: wait for it, no timing assert
        if await seen(game, 0) != start and await seen(game, 2) != start:
            break
        await asyncio.sleep(0.05)
    assert (await seen(game, 0), await seen(game, 2)) == (game.state_seq, game.state_seq)
    written = [c for c in calls if c]
    assert written[0] == [(game.table_id, 0, game.state_seq), (game.table_id, 2, game.state_seq)]

    # Seat 0's page acknowledges a second push and closes before any tick (none comes).
    mover = await sync_to_async(_a_seat_to_move)(game)
    await play(game, seats[mover], await first_move(game, mover))
    await sync_to_async(game.refresh_from_db)()
    await _pushed(socks[0])
    task = beat.socket_beat().task
    assert task is not None
    task.cancel()
    await socks[0].send_to(text_data=json.dumps({"type": "seen", "seq": game.state_seq}))
    await socks[0].receive_nothing(timeout=0.2)
    await socks[0].disconnect()
    assert await seen(game, 0) == game.state_seq
    await socks[1].disconnect()


def _a_seat_to_move(game: Any) -> int:
    from games.log import definition_of, load_state

    game.refresh_from_db()
    definition = definition_of(game)
    state = load_state(game, definition)
    return next(s for s in range(3) if definition.legal_moves(state, s))
