"""What every fuzzed payload is judged by (R5): never a 5xx; an API rejection is a 4xx in
the project's one error shape (games/services/errors.py); and a rejected payload changes
nothing, checked against the database (each game's seq, event count, status and state,
and the rows of every table a write path touches)."""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from typing import Any

from django.db import connection
from django.db.models import Model
from rest_framework.authtoken.models import Token

from accounts.models import User
from clock.models import Vacation, VacationAccount
from games.models import ChatMessage, Game, GameEvent, MoveReceipt, Seat, Table
from moderation.models import Report

# What a refusal may answer (R5's list, plus 405 for a wrong method and 415 for a body
# that is not JSON).
REJECTION_STATUSES = {400, 401, 403, 404, 405, 409, 413, 415, 422, 429}

# Payloads sent per test (printed at the end of the run by conftest.py).
PAYLOADS: Counter[str] = Counter()

COUNTED: list[type[Model]] = [
    Table,
    Seat,
    Game,
    GameEvent,
    ChatMessage,
    MoveReceipt,
    Report,
    Vacation,
    VacationAccount,
    Token,
]


def _digest(value: Any) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True, default=str).encode()).hexdigest()


def game_snapshot(game_id: int) -> tuple[Any, ...]:
    """(seq, event count, status, state digest, receipt count) of one game, read from the
    database (one round trip; the digest computed there on PostgreSQL)."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute(SNAPSHOT_SQL, [game_id, game_id, game_id])
            row = cursor.fetchone()
            assert row is not None, game_id
            return tuple(row)
    game = Game.objects.filter(pk=game_id).values_list("state_seq", "status", "state").get()
    events = GameEvent.objects.filter(game_id=game_id).count()
    receipts = MoveReceipt.objects.filter(game_id=game_id).count()
    return (game[0], events, game[1], _digest(game[2]), receipts)


SNAPSHOT_SQL = f"""
    SELECT g.state_seq,
           (SELECT count(*) FROM {GameEvent._meta.db_table} e WHERE e.game_id = %s),
           g.status,
           md5(g.state::text),
           (SELECT count(*) FROM {MoveReceipt._meta.db_table} r WHERE r.game_id = %s)
    FROM {Game._meta.db_table} g WHERE g.id = %s
"""


# Tables whose whole rows a rejected payload must leave alone (the rest: row counts).
DIGESTED: list[type[Model]] = [Table, Seat, Game, User, ChatMessage]


def world_snapshot() -> tuple[Any, ...]:
    """Row counts of every model a write path touches, and a digest of the rows of the
    tables, seats, games (seq, status, state), users (profiles) and chat messages."""
    if connection.vendor == "postgresql":  # one round trip
        parts = [f"(SELECT count(*) FROM {m._meta.db_table})" for m in COUNTED] + [
            f"(SELECT md5(coalesce(string_agg(t::text, ',' ORDER BY t.id), '')) "
            f"FROM {m._meta.db_table} t)"
            for m in DIGESTED
        ]
        with connection.cursor() as cursor:
            cursor.execute("SELECT " + ", ".join(parts))
            return tuple(cursor.fetchone() or ())
    counts = tuple(m._default_manager.count() for m in COUNTED)
    rows = tuple(_digest(list(m._default_manager.order_by("pk").values())) for m in DIGESTED)
    return counts + rows


def assert_not_5xx(response: Any, payload: Any = None) -> None:
    assert response.status_code < 500, (response.status_code, short(payload), response)


def assert_api_rejection(response: Any, payload: Any = None) -> dict[str, Any]:
    """A 4xx in the one error shape: {"error": {"code", "message", "field"?, ...}}."""
    assert_not_5xx(response, payload)
    assert response.status_code in REJECTION_STATUSES, (response.status_code, short(payload))
    body = response.json()
    assert isinstance(body, dict), body
    assert set(body) == {"error"}, body
    error = body["error"]
    assert isinstance(error.get("code"), str), error
    assert error["code"], error
    assert isinstance(error.get("message"), str), error
    assert error["message"], error
    if "field" in error:
        assert isinstance(error["field"], str), error
    if "current_seq" in error:
        assert isinstance(error["current_seq"], int), error
    return dict(error)


def short(payload: Any) -> Any:
    """A payload for a failure message: its start and its length."""
    text = payload if isinstance(payload, str) else repr(payload)
    return text if len(text) < 300 else f"{text[:300]}... ({len(text)} chars)"
