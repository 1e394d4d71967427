"""A move's own statements are prepared on PostgreSQL (issue 14, B1): games.prepared runs
them on a cursor that binds values on the server (avalon_site.postgresql `bound_cursor`),
so psycopg prepares each from its fifth run on a connection (settings DB_PREPARED) and
PostgreSQL stops parsing and planning it. What they read and write is what they did with
the client's binding; the ORM's own statements keep the client's binding; DB_PREPARED=0
(a pooler that cannot keep prepared statements) prepares nothing and changes no result."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from accounts.models import User
from avalon_site.postgresql import base
from games.models import Game, GameEvent, Seat
from games.selectors import seats_in_play
from games.services.moves import _LOCKED_GAME

from .conftest import make_user, play_first_move, seat_users, started_game

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL only"),
]


def _prepared() -> list[str]:
    """The statements this connection holds prepared on the server."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        return [row[0] for row in cursor.fetchall()]


@pytest.fixture
def one_connection() -> None:
    """Every statement of the test on one physical connection, as a server's request has
    (a pooled wrapper hands its connection back at the end of each request only)."""
    connection.ensure_connection()


def _play(game: Game, moves: int) -> Game:
    users = seat_users(game)
    for _ in range(moves):
        play_first_move(game, users)
    return Game.objects.get(pk=game.pk)


def test_a_moves_reads_and_write_are_prepared_after_five_runs(one_connection: None) -> None:
    game = started_game([make_user() for _ in range(5)], "resistance-avalon")
    assert connection.connection.prepare_threshold == 5
    # The write's text varies with what a move changes (its events, the seats given a
    # deadline); a game's votes repeat the same one.
    played = _play(game, 20)
    held = _prepared()
    # The locked game (FOR UPDATE), the seats in play and the move's one combined write.
    assert any('"games_game"' in sql and "FOR UPDATE" in sql for sql in held), held
    assert any('"games_seat"' in sql and "games_presence" in sql for sql in held), held
    assert any(sql.startswith("WITH w0 AS (UPDATE") for sql in held), held
    # Only statements bound on the server: none of the ORM's (the plain SELECT above).
    assert all("$1" in sql for sql in held), held
    # The log and the cache agree, as after any move.
    assert GameEvent.objects.filter(game=played).count() == played.state_seq
    assert played.state_seq > game.state_seq


def test_prepared_reads_give_what_the_orm_gives(one_connection: None) -> None:
    game = started_game([make_user() for _ in range(5)], "resistance-avalon")
    Seat.objects.filter(table=game.table, position=1).update(
        deadline_at=timezone.now() + dt.timedelta(hours=3)
    )
    for _ in range(7):  # prepared from the sixth run on: compare every run
        with transaction.atomic():
            (locked,) = _LOCKED_GAME.list(game.pk)
            seats = seats_in_play(locked)
        orm = Game.objects.select_related("table").get(pk=game.pk)
        assert (locked.pk, locked.state, locked.state_seq, locked.started_at) == (
            orm.pk,
            orm.state,
            orm.state_seq,
            orm.started_at,
        )
        assert locked.started_at is not None
        assert locked.started_at.tzinfo is dt.UTC
        assert locked.table.options == orm.table.options
        by_orm = {s.pk: s for s in Seat.objects.filter(table=game.table)}
        assert [(s.pk, s.user_id, s.position, s.deadline_at) for s in seats] == [
            (s.pk, by_orm[s.pk].user_id, by_orm[s.pk].position, by_orm[s.pk].deadline_at)
            for s in seats
        ]
    assert any("FOR UPDATE" in sql for sql in _prepared())


def test_with_prepared_statements_off_nothing_is_prepared(one_connection: None) -> None:
    """DB_PREPARED=0 gives the connections no threshold: the same moves, none prepared."""
    raw = connection.connection
    raw.prepare_threshold = None
    try:
        game = started_game([make_user() for _ in range(5)], "resistance-avalon")
        played = _play(game, 8)
        assert _prepared() == []
        assert GameEvent.objects.filter(game=played).count() == played.state_seq
    finally:
        raw.prepare_threshold = 5


def test_the_bound_cursor_reads_timestamps_as_the_orm_does(one_connection: None) -> None:
    at = dt.datetime(2026, 11, 29, 23, 1, 2, 345678, tzinfo=dt.UTC)
    user = User.objects.create_user(username="bound-cursor", password="x" * 12)
    User.objects.filter(pk=user.pk).update(last_login=at)
    sql = 'SELECT "last_login" FROM "accounts_user" WHERE "id" = %s'
    for _ in range(7):
        with connection.bound_cursor() as cursor:  # type: ignore[attr-defined]
            cursor.execute(sql, [user.pk])
            (value,) = cursor.fetchone()
        assert value == at
        assert value.tzinfo is dt.UTC
    assert any('"last_login"' in s and "$1" in s for s in _prepared())


def test_the_bound_cursor_of_another_zone_reads_in_that_zone() -> None:
    """A wrapper for another database TIME_ZONE registers Django's loader on its cursor,
    as Django's own cursor does."""
    wrapper = base.DatabaseWrapper(
        {**connection.settings_dict, "TIME_ZONE": "Europe/Paris", "OPTIONS": {}},
        alias="bound-other-zone",
    )
    try:
        with wrapper.bound_cursor() as cursor:
            assert type(cursor.cursor) is base.base.ServerBindingCursor
            cursor.execute("SELECT %s::timestamptz", ["2026-11-29 12:00:00+00"])
            (value,) = cursor.fetchone()
        assert value == dt.datetime(2026, 11, 29, 12, 0, tzinfo=dt.UTC)
        assert value.utcoffset() == dt.timedelta(hours=1)  # Paris in November
    finally:
        wrapper.close()


def test_a_bound_statement_is_logged_with_its_values() -> None:
    """The debug cursor (DEBUG, CaptureQueriesContext) shows a bound statement's values,
    as it shows the client-bound ones' (the bound text holds $1...)."""
    game = started_game([make_user() for _ in range(5)], "resistance-avalon")
    with CaptureQueriesContext(connection) as captured, transaction.atomic():
        _LOCKED_GAME.list(game.pk)
    (sql,) = [q["sql"] for q in captured.captured_queries if "FOR UPDATE" in q["sql"]]
    assert f'"games_game"."id" = {game.pk}' in sql
    assert "$1" not in sql
