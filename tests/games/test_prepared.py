"""games.prepared: a query compiled once per process gives what the ORM gives, for every
value it is run with and on every thread's connection (the seats of a move with presence
and vacations; the API's token)."""

from __future__ import annotations

import datetime as dt
import threading
from typing import Any

import pytest
from django.db import IntegrityError, connection, transaction
from django.db.models.signals import post_init
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from rest_framework.authtoken.models import Token

from clock.models import Vacation, VacationAccount
from games.api.authentication import _token_with_facts
from games.models import (
    PRESENCE_STALE_AFTER,
    Game,
    GameEvent,
    MoveReceipt,
    Presence,
    Seat,
    SpectatorMark,
)
from games.prepared import (
    Prepared,
    deferred_flush,
    deferred_mark,
    deferred_rows,
    deferred_undo,
    insert_rows,
    update_pks,
    update_row,
    writes_combined,
    writes_deferred,
)
from games.selectors import _seats_in_play, seats_in_play, seats_in_play_of

from .conftest import make_user, seat_users, started_game

pytestmark = pytest.mark.django_db

FACTS = (
    "id",
    "user_id",
    "position",
    "is_bot",
    "deadline_at",
    "online",
    "on_page",
    "spectated",
    "spectated_page",
    "played_week",
    "vacation_ahead",
)


def _facts(seats: list[Any], names: tuple[str, ...] = FACTS) -> list[tuple[object, ...]]:
    return [
        (*(getattr(s, name) for name in names), s.away_until, s.user.username if s.user else None)
        for s in seats
    ]


# The clock's batch reads the spectators' marks apart (presence.spectators_read_ahead).
BATCH_FACTS = tuple(name for name in FACTS if not name.startswith("spectated"))


def test_seats_in_play_agree_with_the_orm_for_each_game() -> None:
    games = [started_game([make_user() for _ in range(n)]) for n in (2, 3)]
    now = timezone.now()
    first = seat_users(games[0])
    Presence.objects.create(game=games[0], user=first[0], channel_name="test!p0")
    Vacation.objects.create(
        user=first[1], starts_at=now - dt.timedelta(hours=1), ends_at=now + dt.timedelta(days=1)
    )
    VacationAccount.objects.create(user=first[0], last_played_week="2026-W48")
    # A JSON spectator on the second game: listened to, not watched on its page.
    SpectatorMark.objects.create(game=games[1], listened_until=now + dt.timedelta(minutes=1))
    for game in [*games, games[0]]:  # the second run of a game reuses the compiled query
        fresh = timezone.now()
        orm = list(_seats_in_play(game.table_id, game.pk, fresh - PRESENCE_STALE_AFTER, fresh))
        assert _facts(seats_in_play(game)) == _facts(orm)
    seats: list[Any] = seats_in_play(games[0])
    assert [s.online for s in seats][:2] == [True, False]
    assert seats[1].away_until is not None
    assert seats[0].played_week == "2026-W48"
    assert {(s.spectated, s.spectated_page) for s in seats} == {(False, False)}
    watched: list[Any] = seats_in_play(games[1])
    assert {(s.spectated, s.spectated_page) for s in watched} == {(True, False)}


def test_token_with_its_facts_agrees_with_the_orm() -> None:
    user = make_user()
    key = Token.objects.create(user=user).key
    prepared = Prepared(_token_with_facts, "placeholder-key", timezone.now())
    for _ in range(2):
        [token] = prepared.list(key, timezone.now())
        assert isinstance(token, Token)
        assert token.user == user
        assert (getattr(token, "email_verified"), getattr(token, "sanctioned")) == (True, False)  # noqa: B009
    assert prepared.list("no such key", timezone.now()) == []


@pytest.mark.django_db(transaction=True)
def test_each_thread_runs_it_on_its_own_connection() -> None:
    """Under ASGI every request runs in a thread of its own: the SQL compiled in one runs on
    the connection of the next."""
    user = make_user()
    key = Token.objects.create(user=user).key
    prepared = Prepared(_token_with_facts, "placeholder-key", timezone.now())
    assert [t.user_id for t in prepared.list(key, timezone.now())] == [user.pk]
    seen: list[object] = []

    def other() -> None:
        try:
            seen.extend(t.user_id for t in prepared.list(key, timezone.now()))
            seen.append(connection.connection is not None)
        finally:
            connection.close()

    thread = threading.Thread(target=other)
    thread.start()
    thread.join()
    assert seen == [user.pk, True]


def test_a_placeholder_the_query_does_not_carry_is_refused() -> None:
    prepared = Prepared(lambda pk: Seat.objects.filter(pk=1), -5)
    with pytest.raises(ValueError, match="placeholder"):
        prepared.list(3)


def test_seats_in_play_of_several_games_agree_with_each_games_own() -> None:
    """The clock's batch reads the seats of its claimed games in one query."""
    games = [started_game([make_user() for _ in range(n)]) for n in (2, 3)]
    first = seat_users(games[0])
    Presence.objects.create(game=games[0], user=first[1], channel_name="test!p1")
    Vacation.objects.create(
        user=first[0],
        starts_at=timezone.now() - dt.timedelta(hours=1),
        ends_at=timezone.now() + dt.timedelta(days=1),
    )
    batch = seats_in_play_of(games)
    assert list(batch) == [g.pk for g in games]
    for game in games:
        assert _facts(batch[game.pk], BATCH_FACTS) == _facts(seats_in_play(game), BATCH_FACTS)
    assert [getattr(s, "online") for s in batch[games[0].pk]] == [False, True]  # noqa: B009
    assert seats_in_play_of([]) == {}


def test_written_rows_and_updates_read_back_as_the_orm_writes_them() -> None:
    """games.prepared's INSERT and UPDATE, written once per process: the same rows as
    bulk_create and save(update_fields=...) write, JSON and NULLs included."""
    game = started_game([make_user() for _ in range(2)])
    at = timezone.now()
    seq = game.state_seq
    for _ in range(2):  # the second run reuses the written SQL
        rows = [
            GameEvent(
                game=game,
                seq=seq + i + 1,
                type="x.y",
                payload={"a": [1, None, "é"]},
                actor_seat=None if i else 1,
                actor_kind="timeout",
                created_at=at,
            )
            for i in range(2)
        ]
        insert_rows(rows)
        seq += 2
        for row in rows:
            assert row.pk is not None
            assert not row._state.adding
            stored = GameEvent.objects.get(pk=row.pk)
            assert (stored.seq, stored.payload, stored.actor_seat, stored.created_at) == (
                row.seq,
                row.payload,
                row.actor_seat,
                at,
            )
            assert stored.schema_version == 1  # the field's default, as bulk_create writes it
    game.state, game.outcome, game.finished_at = {"k": [1, 2]}, None, None
    update_row(game, ("state", "outcome", "finished_at"))
    stored_game = Game.objects.get(pk=game.pk)
    assert (stored_game.state, stored_game.outcome, stored_game.finished_at) == (
        {"k": [1, 2]},
        None,
        None,
    )
    game.outcome, game.finished_at = {"winners": [0]}, at
    update_row(game, ("outcome", "finished_at"))
    stored_game.refresh_from_db()
    assert (stored_game.outcome, stored_game.finished_at) == ({"winners": [0]}, at)


def test_an_update_by_keys_writes_what_the_orms_update_writes() -> None:
    game = started_game([make_user() for _ in range(3)])
    seats = list(Seat.objects.filter(table_id=game.table_id).order_by("position"))
    at = timezone.now() + dt.timedelta(hours=1)
    assert update_pks(Seat, [seats[0].pk, seats[2].pk], {"deadline_at": at, "is_bot": True}) == 2
    assert update_pks(Seat, [seats[1].pk], {"deadline_at": None}) == 1
    assert update_pks(Seat, [], {"deadline_at": None}) == 0
    stored = list(Seat.objects.filter(table_id=game.table_id).order_by("position"))
    assert [(s.deadline_at, s.is_bot) for s in stored] == [(at, True), (None, False), (at, True)]


def test_deferred_writes_are_written_grouped_at_the_end_as_they_would_have_been() -> None:
    """Inside writes_deferred (a sweep batch) nothing is written until the block ends; then
    the rows, the games' caches and the updates by keys read back as written one by one,
    each game its own values (one UPDATE for all the games on PostgreSQL)."""
    games = [started_game([make_user() for _ in range(2)]) for _ in range(3)]
    at = timezone.now()
    before = GameEvent.objects.count()
    with writes_deferred():
        rows = []
        for i, game in enumerate(games):
            row = GameEvent(
                game=game,
                seq=game.state_seq + 1,
                type="x.y",
                payload={"i": i},
                actor_seat=1,
                actor_kind="timeout",
                created_at=at,
            )
            insert_rows([row])
            rows.append(row)
            game.state, game.state_seq, game.finished_at = {"i": i}, game.state_seq + 1, at
            update_row(game, ("state", "state_seq", "finished_at"))
        assert (
            update_pks(Seat, [g.table_id for g in games[:2]], {"deadline_at": at}, by="table") == 2
        )
        assert GameEvent.objects.count() == before  # nothing written yet
        assert deferred_rows(GameEvent) == rows
        assert all(row.pk is None for row in rows)
    assert GameEvent.objects.count() == before + 3
    assert all(row.pk is not None and not row._state.adding for row in rows)
    for i, game in enumerate(games):
        stored = Game.objects.get(pk=game.pk)
        assert (stored.state, stored.state_seq, stored.finished_at) == (
            {"i": i},
            game.state_seq,
            at,
        )
        assert GameEvent.objects.get(game=game, seq=game.state_seq).payload == {"i": i}
        deadlines = set(
            Seat.objects.filter(table_id=game.table_id).values_list("deadline_at", flat=True)
        )
        assert (deadlines == {at}) if i < 2 else (at not in deadlines)
    assert deferred_rows(GameEvent) == []  # outside a block: none


def test_deferred_writes_undone_since_a_mark_are_never_written() -> None:
    """A change whose savepoint rolled back drops its deferred rows; a flush writes what
    came before, and a mark taken before it still undoes only what followed."""
    game = started_game([make_user() for _ in range(2)])
    seats = list(Seat.objects.filter(table_id=game.table_id).order_by("position"))
    at = timezone.now()
    with writes_deferred():
        update_pks(Seat, [seats[0].pk], {"deadline_at": at})
        deferred_flush()
        mark = deferred_mark()
        update_pks(Seat, [seats[1].pk], {"deadline_at": at})
        deferred_undo(mark)
        assert Seat.objects.get(pk=seats[0].pk).deadline_at == at  # flushed already
    assert Seat.objects.get(pk=seats[1].pk).deadline_at != at


def test_a_failure_inside_drops_the_deferred_writes() -> None:
    game = started_game([make_user() for _ in range(2)])
    seats = list(Seat.objects.filter(table_id=game.table_id).order_by("position"))
    at = timezone.now() + dt.timedelta(days=9)

    def fails() -> None:
        with writes_deferred():
            update_pks(Seat, [seats[0].pk], {"deadline_at": at})
            raise RuntimeError("boom")

    with pytest.raises(RuntimeError):
        fails()
    assert Seat.objects.get(pk=seats[0].pk).deadline_at != at
    update_pks(Seat, [seats[0].pk], {"deadline_at": at})  # and nothing stays deferred
    assert Seat.objects.get(pk=seats[0].pk).deadline_at == at


def _a_moves_writes(game: Game, seats: list[Seat], at: dt.datetime) -> list[GameEvent]:
    """What a move writes: its event rows, the game's caches, two seats' deadlines set and
    a third's cleared (two UPDATEs of the seats, of different rows), its receipt."""
    rows = [
        GameEvent(
            game=game,
            seq=game.state_seq + 1 + i,
            type="x.y",
            payload={"i": i},
            actor_seat=0,
            actor_kind="player",
            created_at=at,
        )
        for i in range(2)
    ]
    insert_rows(rows)
    game.state, game.state_seq = {"after": [1]}, game.state_seq + 2
    update_row(game, ("state", "state_seq"))
    update_pks(Seat, [seats[0].pk, seats[1].pk], {"deadline_at": at})
    update_pks(Seat, [seats[2].pk], {"deadline_at": None})
    assert seats[0].user_id is not None
    receipt = MoveReceipt(
        game=game, user_id=seats[0].user_id, key="k", result={"seq": 1}, created_at=at
    )
    insert_rows([receipt], keys=False)
    return rows


def _writes(captured: CaptureQueriesContext) -> list[str]:
    return [
        q["sql"]
        for q in captured.captured_queries
        if not q["sql"].startswith(("SAVEPOINT", "RELEASE SAVEPOINT"))
    ]


def test_a_moves_writes_combined_are_one_statement_that_writes_the_same() -> None:
    """writes_combined (a move, games.services.moves): on PostgreSQL the event rows, the
    game's caches, the seats' deadlines and the receipt are one data-modifying WITH,
    written when the block ends; on SQLite each as it comes. Either way the rows read back
    as written one by one, and the new events have their keys in order."""
    game = started_game([make_user() for _ in range(3)])
    seats = list(Seat.objects.filter(table_id=game.table_id).order_by("position"))
    Seat.objects.filter(pk=seats[2].pk).update(deadline_at=timezone.now())
    at = timezone.now() + dt.timedelta(hours=1)
    before = GameEvent.objects.count()
    with CaptureQueriesContext(connection) as captured, transaction.atomic(), writes_combined():
        rows = _a_moves_writes(game, seats, at)
        written = GameEvent.objects.count() - before
    if connection.vendor == "postgresql":
        assert written == 0  # nothing until the block ends
        [combined] = _writes(captured)[1:]  # the count above, then one statement
        assert combined.startswith("WITH ")
    else:
        assert written == 2
    assert [r.pk for r in rows] == list(
        GameEvent.objects.filter(game=game, seq__gt=game.state_seq - 2)
        .order_by("seq")
        .values_list("pk", flat=True)
    )
    assert all(not r._state.adding for r in rows)
    assert [e.payload for e in GameEvent.objects.filter(pk__in=[r.pk for r in rows])] == [
        {"i": 0},
        {"i": 1},
    ]
    stored = Game.objects.get(pk=game.pk)
    assert (stored.state, stored.state_seq) == ({"after": [1]}, game.state_seq)
    deadlines = Seat.objects.filter(table_id=game.table_id).order_by("position")
    assert list(deadlines.values_list("deadline_at", flat=True)) == [at, at, None]
    receipt = MoveReceipt.objects.get(game=game, key="k")
    assert (receipt.user_id, receipt.result, receipt.created_at) == (
        seats[0].user_id,
        {"seq": 1},
        at,
    )


def test_writes_not_combinable_go_one_by_one() -> None:
    """The same row written twice (an UPDATE by table beside one by key), or two INSERTs,
    are not one statement: PostgreSQL would apply only one change of a row, and the WITH's
    parts share one snapshot. They go one by one and give what they gave before."""
    game = started_game([make_user() for _ in range(2)])
    seats = list(Seat.objects.filter(table_id=game.table_id).order_by("position"))
    at = timezone.now() + dt.timedelta(hours=2)
    with CaptureQueriesContext(connection) as captured, transaction.atomic(), writes_combined():
        update_pks(Seat, [game.table_id], {"deadline_at": at}, by="table")
        update_pks(Seat, [seats[0].pk], {"is_bot": True})
        insert_rows(
            [
                GameEvent(
                    game=game,
                    seq=game.state_seq + 1,
                    type="x.y",
                    payload={},
                    actor_kind="player",
                    created_at=at,
                )
            ]
        )
        presence = Presence(game=game, user=seat_users(game)[0], channel_name="test!x")
        presence.connected_at = at  # auto_now_add is the ORM save's
        insert_rows([presence])
    assert not any(q.startswith("WITH ") for q in _writes(captured))
    stored = list(Seat.objects.filter(table_id=game.table_id).order_by("position"))
    assert [(s.deadline_at, s.is_bot) for s in stored] == [(at, True), (at, False)]
    assert Presence.objects.filter(game=game, channel_name="test!x").exists()
    assert GameEvent.objects.filter(game=game, seq=game.state_seq + 1).exists()


def test_a_combined_write_that_fails_fails_the_block_and_writes_nothing() -> None:
    """A seq already in the log (the unique (game, seq)) fails the move's one statement:
    the block raises and neither the game's caches nor the deadlines change."""
    game = started_game([make_user() for _ in range(3)])
    seats = list(Seat.objects.filter(table_id=game.table_id).order_by("position"))
    at = timezone.now() + dt.timedelta(hours=3)
    seq = game.state_seq
    game.state_seq -= 1  # its first row takes the seq of the last event in the log
    with pytest.raises(IntegrityError), transaction.atomic(), writes_combined():
        _a_moves_writes(game, seats, at)
    stored = Game.objects.get(pk=game.pk)
    assert stored.state_seq == seq
    assert stored.state != {"after": [1]}
    assert at not in set(
        Seat.objects.filter(table_id=game.table_id).values_list("deadline_at", flat=True)
    )
    assert GameEvent.objects.filter(game=game).count() == seq
    assert not MoveReceipt.objects.filter(game=game).exists()


def _whole(obj: Any, depth: int = 3) -> dict[str, Any]:
    """An instance's every attribute, its state's too, and its cached related objects'
    (a one-to-one caches its way back: so far deep)."""
    state = obj.__dict__["_state"]
    cached = state.fields_cache.items() if depth else ()
    return {
        **{k: v for k, v in obj.__dict__.items() if k != "_state"},
        "_state": (state.adding, state.db),
        "_related": {k: _whole(v, depth - 1) for k, v in cached if v is not None},
    }


@pytest.mark.parametrize("signalled", [False, True])
def test_instances_are_made_as_the_orm_makes_them(signalled: bool) -> None:
    """The short way of making instances (games.prepared._maker) gives the ORM's own:
    the same attributes, saved-state flags and select_related objects, and a saved
    change writes. With a post_init receiver connected (the tests' own, for Game, and
    here one for any model), each instance is made by the ORM and the receiver hears it."""
    game = started_game([make_user() for _ in range(3)])
    heard: list[object] = []

    def hear(sender: type[Any], instance: object, **kwargs: Any) -> None:
        heard.append(instance)

    if signalled:
        post_init.connect(hear, weak=False, dispatch_uid="test-prepared-hear")
    else:
        post_init.disconnect(sender=Game, dispatch_uid="tests-reproducible-games")
    prepared = Prepared(
        lambda pk: Game.objects.select_related("table", "table__host").filter(pk=pk), -1
    )
    [made] = prepared.list(game.pk)
    compiled = prepared._compiled
    assert compiled is not None  # the short way is taken for the game and its table
    assert [compiled.make.__name__, compiled.populators[0].make.__name__] == ["make", "make"]
    orm = Game.objects.select_related("table", "table__host").get(pk=game.pk)
    assert _whole(made) == _whole(orm)
    assert made.table.host == orm.table.host
    assert [any(h is m for h in heard) for m in (made, made.table)] == [signalled] * 2
    post_init.disconnect(dispatch_uid="test-prepared-hear")
    made.table.title = "renamed"
    made.table.save(update_fields=["title"])
    assert type(made.table).objects.get(pk=made.table_id).title == "renamed"
