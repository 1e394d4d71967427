"""R5 fuzz of the move API (POST /api/games/<id>/moves/) for every game.

Payloads: moves built from the game's own legal moves with one part wrong, hostile values
(wrong types, giant and overflowing numbers, NaN, unicode, NUL, JSON thousands of levels
deep), stale and future expected_seq, unknown fields, bodies that are not JSON, other games'
ids, and every kind of sender (the seat to move, a seat that is not to move, an outsider,
an unverified user, an anonymous client). Idempotency keys come from a small pool so they
repeat.

Properties: never a 5xx (DEBUG on and off); a rejection is a 4xx in the one error shape and
leaves the game (seq, events, status, state) and the receipts unchanged; an acceptance
advances the seq by what it reports, or is the replay of the very same move under the same
key.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine.core import MalformedMove, from_json

from .arena import GAMES, Arena, api_client, rolled_back
from .checks import assert_api_rejection, assert_not_5xx, game_snapshot
from .conftest import fuzzed
from .strategies import Raw, encode, hostile, ints, json_values, keys, texts, wrong_moves

pytestmark = pytest.mark.django_db

EXAMPLES = 150
KEYS = ["k1", "k2", "k3"]


def _same_move(a: Any, b: Any) -> bool:
    """Two payloads name the same move when they decode to equal moves."""
    try:
        return bool(from_json(a) == from_json(b))
    except (MalformedMove, TypeError, ValueError, RecursionError):
        return False


@st.composite
def bodies(draw: st.DrawFn, arena: Arena) -> tuple[str, Any, str | None]:
    """(encoded body, the move in it or None, the idempotency key in it or None)."""
    seq = arena.game.state_seq
    shape = draw(st.sampled_from(["move"] * 6 + ["junk_move", "junk_body", "deep_body"]))
    if shape == "junk_body":
        return encode(draw(hostile)), None, None
    if shape == "deep_body":
        depth = draw(st.integers(1_000, 100_000))
        return "[" * depth + "]" * depth, None, None
    move: Any = draw(wrong_moves(arena.shapes)) if shape == "move" else draw(hostile)
    expected: Any = draw(st.sampled_from(["now"] * 4 + ["stale", "future", "hostile", "missing"]))
    if expected == "now":
        expected = seq
    elif expected == "stale":
        expected = draw(st.integers(-(2**63), seq - 1))
    elif expected == "future":
        expected = draw(st.one_of(st.integers(seq + 1, seq + 3), st.integers(seq + 1)))
    elif expected == "hostile":
        expected = draw(st.one_of(hostile, st.just(str(seq)), st.just(float(seq))))
    body: dict[str, Any] = {"move": move}
    if expected != "missing":
        body["expected_seq"] = expected
    key = draw(st.one_of(st.none(), st.none(), st.sampled_from(KEYS), texts, ints))
    if key is not None:
        body["idempotency_key"] = key
    if draw(st.integers(0, 3)) == 0:  # unknown fields beside the known ones
        body = {**draw(st.dictionaries(keys, json_values, max_size=2)), **body}
    # The key as the API reads it (DRF's CharField: numbers become text, spaces trimmed).
    sent = key.strip() if isinstance(key, str) else key
    if isinstance(sent, (int, float)) and not isinstance(sent, bool):
        sent = str(sent)
    return encode(body), move, sent if isinstance(sent, str) and sent else None


STAGES = [(slug, advance) for slug in GAMES for advance in (0, 3)]


@pytest.mark.parametrize(("slug", "advance"), STAGES)
def test_move_api_refuses_every_bad_payload_cleanly(
    slug: str, advance: int, count: Callable[[int], None], debug: Callable[[bool], None]
) -> None:
    """Each example sends one to three payloads inside a savepoint rolled back afterwards,
    so every example meets the same game (`advance` rounds in) and replays reproduce."""
    arena = Arena(slug, advance=advance)
    others = {
        "outsider": api_client(arena.outsider),
        "unverified": api_client(arena.unverified),
        "anonymous": api_client(None),
    }
    seat_clients = {s: api_client(u) for s, u in arena.seats.items()}

    def send(data: st.DataObject, used: dict[tuple[int, str], Any], current: list[Any]) -> None:
        who = data.draw(st.sampled_from(["pending"] * 5 + ["idle", *others]), "sender")
        seat: int | None = None
        if who == "pending" and arena.pending:
            seat = data.draw(st.sampled_from(arena.pending))
        elif who in ("pending", "idle") and arena.idle_seats():
            seat = data.draw(st.sampled_from(arena.idle_seats()))
        client = seat_clients[seat] if seat is not None else others.get(who, others["outsider"])
        game_id = data.draw(
            st.sampled_from([arena.game.pk] * 8 + [arena.other_game.pk, 10**12, 2**63 + 1])
        )
        text, move, key = data.draw(bodies(arena))
        headers: dict[str, Any] = {}
        if data.draw(st.integers(0, 9)) == 0:
            header = data.draw(st.sampled_from(KEYS) | st.text())
            headers["HTTP_IDEMPOTENCY_KEY"] = header
            key = key or header or None
        content_type = data.draw(
            st.sampled_from(["application/json"] * 8 + ["text/plain", "application/xml"])
        )
        before = current[0]
        other_before = game_snapshot(arena.other_game.pk) if game_id != arena.game.pk else None
        response = client.generic(
            "POST",
            f"/api/games/{game_id}/moves/",
            text,  # ASCII: encode() escapes everything else
            content_type=content_type,
            **headers,
        )
        count(1)
        assert_not_5xx(response, text)
        if other_before is not None:
            assert game_snapshot(arena.other_game.pk) == other_before
        after = game_snapshot(arena.game.pk)
        if response.status_code >= 300:
            assert_api_rejection(response, text)
            assert after == before, f"a refused move changed the game: {text}"
            return
        assert response.status_code == 200, response.content
        result = response.json()
        current[0] = after
        if after == before:  # a replay: the same move under a key already used
            assert seat is not None, text
            assert key is not None, text
            assert (seat, key) in used, text
            assert _same_move(used[(seat, key)], move), f"replayed a different move: {text}"
        else:
            assert result["seq"] == after[0] == before[0] + result["applied_events"]
            assert after[1] == before[1] + result["applied_events"]
            if key is not None and seat is not None:
                used[(seat, key)] = json.loads(json.dumps(move))

    @fuzzed(EXAMPLES)
    @given(data=st.data())
    def fuzz(data: st.DataObject) -> None:
        debug(data.draw(st.booleans(), "DEBUG"))
        used: dict[tuple[int, str], Any] = {}  # (seat, key) -> the move it first applied
        current = [arena.snapshot]  # the game as the last accepted payload left it
        with rolled_back():
            for _ in range(data.draw(st.integers(1, 3), "payloads")):
                send(data, used, current)

    fuzz()


def test_move_api_refuses_deep_json_and_large_bodies(
    count: Callable[[int], None], debug: Callable[[bool], None]
) -> None:
    """The extremes in one place: a move nested 100,000 levels deep, a 3 MB body."""
    arena = Arena("resistance-avalon")
    seat = arena.pending[0]
    client = api_client(arena.seats[seat])
    url = f"/api/games/{arena.game.pk}/moves/"
    deep = Raw("[" * 100_000 + "]" * 100_000)
    for text in [
        encode({"expected_seq": arena.game.state_seq, "move": deep}),
        encode(
            {"expected_seq": arena.game.state_seq, "move": {"type": "x", "pad": "a" * 3_000_000}}
        ),
    ]:
        for flag in (False, True):
            debug(flag)
            response = client.generic("POST", url, text, content_type="application/json")
            count(1)
            assert_api_rejection(response)
            assert game_snapshot(arena.game.pk) == arena.snapshot
