"""A burst of deadlines in the same second (issue 14 B8): one sweep pass clears them all,
each game's timeout once; a sweep run sleeps until a deadline due within its window and
applies it then, so the beat's period is not the floor of lateness. No timed assertions:
the clock is time-machine's, and a run's sleep moves it."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from clock import sweeper
from clock.sweeper import next_deadline, sweep, sweep_for
from games.models import Game, GameEvent
from games.services.moves import move_submit
from tests.games.conftest import make_user, started_game

from .helpers import deadline

pytestmark = pytest.mark.django_db


def timeouts_per_game() -> dict[int, int]:
    counts: dict[int, int] = {}
    for game_id in GameEvent.objects.filter(actor_kind="timeout", type="toy.vote_cast").values_list(
        "game_id", flat=True
    ):
        counts[game_id] = counts.get(game_id, 0) + 1
    return counts


def test_a_burst_of_deadlines_at_one_instant_is_cleared_once_each(clock) -> None:
    games = [
        started_game([make_user(), make_user()], time_per_move=300, options={"rounds": 1})
        for _ in range(12)
    ]
    clock.shift(dt.timedelta(seconds=301))
    assert sweep() == 2 * len(games)  # both seats of every game, in one pass
    assert timeouts_per_game() == {g.pk: 2 for g in games}
    assert sweep() == 0  # nothing twice
    assert timeouts_per_game() == {g.pk: 2 for g in games}


def test_a_pass_stops_at_its_limit_and_the_next_takes_the_rest(clock) -> None:
    games = [started_game([make_user(), make_user()], time_per_move=300) for _ in range(3)]
    clock.shift(dt.timedelta(seconds=301))
    assert sweep(limit=2) == 4
    assert sweep() == 2
    assert sorted(timeouts_per_game().values()) == [2, 2, 2]
    assert len(games) == 3


def test_a_run_sleeps_until_a_deadline_due_in_its_window_and_applies_it(clock, monkeypatch) -> None:
    game = started_game([make_user(), make_user()], time_per_move=300)
    due = deadline(game, 0)
    clock.shift(dt.timedelta(seconds=299.5))  # half a second before the deadline
    slept: list[float] = []

    def sleep(seconds: float) -> None:
        slept.append(seconds)
        clock.shift(dt.timedelta(seconds=seconds))

    monkeypatch.setattr(sweeper, "sleep", sleep)
    assert next_deadline() == due
    assert sweep_for(1.0) == 2  # not at the next beat: when the deadline fell due
    assert slept == [pytest.approx(0.5)]
    assert timeouts_per_game() == {game.pk: 2}


def test_a_run_does_not_wait_for_a_deadline_beyond_its_window(clock, monkeypatch) -> None:
    started_game([make_user(), make_user()], time_per_move=300)
    clock.shift(dt.timedelta(seconds=290))
    monkeypatch.setattr(sweeper, "sleep", pytest.fail)
    assert sweep_for(1.0) == 0
    assert timeouts_per_game() == {}


def test_a_full_batch_shares_the_burst_out_and_each_run_queues_itself_again(
    clock, monkeypatch, settings
) -> None:
    """A beat's run that claims a full batch queues one `clock.sweep_more` per worker
    process and returns; each of those queues itself again while its batches come full
    (the burst goes on) and stops at the first batch that is not."""
    from clock import tasks

    settings.CLOCK_SWEEP_BATCH = 2
    settings.CLOCK_SWEEP_FANOUT = 3
    games = [
        started_game([make_user(), make_user()], time_per_move=300, options={"rounds": 1})
        for _ in range(5)
    ]
    clock.shift(dt.timedelta(seconds=301))
    queued: list[str] = []
    monkeypatch.setattr(tasks.sweep_more_task, "delay", lambda: queued.append("more"))
    monkeypatch.setattr(sweeper, "sleep", pytest.fail)
    assert sweep_for(1.0) == 4  # one full batch: two games, both seats each
    assert queued == ["more"] * 3
    queued.clear()
    assert sweeper.sweep_more() == 4  # the next full batch: queued again
    assert queued == ["more"]
    queued.clear()
    assert sweeper.sweep_more() == 2  # the last game: not a full batch, the chain ends
    assert sweeper.sweep_more() == 0
    assert queued == []
    assert timeouts_per_game() == {g.pk: 2 for g in games}


@pytest.mark.django_db(transaction=True)  # commits for real: their after-commit steps run
def test_a_batch_queues_the_notifications_of_its_games_as_one_task(clock, monkeypatch) -> None:
    from notifications import tasks

    games = [
        started_game([make_user(), make_user()], time_per_move=300, options={"rounds": 1})
        for _ in range(3)
    ]
    clock.shift(dt.timedelta(seconds=301))
    single: list[int] = []
    batched: list[list[int]] = []
    monkeypatch.setattr(tasks.game_changed_task, "delay", single.append)
    monkeypatch.setattr(tasks.games_changed_task, "delay", batched.append)
    assert sweep() == 6
    assert single == []
    # The batch's games, each once (two timeouts each, the second ends it), in one task.
    assert batched == [sorted(g.pk for g in games)]


def test_a_game_that_fails_is_left_overdue_and_the_rest_of_its_batch_commits(
    clock, monkeypatch
) -> None:
    games = [started_game([make_user(), make_user()], time_per_move=300) for _ in range(3)]
    clock.shift(dt.timedelta(seconds=301))
    real = move_submit

    def failing(*, game: Game, **kwargs: Any) -> Any:
        if game.pk == games[1].pk:
            raise RuntimeError("boom")
        return real(game=game, **kwargs)

    monkeypatch.setattr(sweeper, "move_submit", failing)
    assert sweep() == 4
    counts = timeouts_per_game()
    assert counts == {games[0].pk: 2, games[2].pk: 2}
    assert sweeper.overdue_game_ids(dt.datetime.now(dt.UTC)) == [games[1].pk]
    monkeypatch.setattr(sweeper, "move_submit", real)
    assert sweep() == 2  # the next pass applies it, once
    assert timeouts_per_game() == {g.pk: 2 for g in games}


def test_a_batch_takes_no_savepoint_per_game_and_a_failure_reapplies_it_with_them(
    clock, monkeypatch, caplog
) -> None:
    """A batch's games take no savepoint each (two statements per game saved): a game
    failing in it rolls the batch back, and the batch is applied again with a savepoint per
    game, where the failing game alone is left overdue. Rebuilt from the log, each game is
    its cache."""
    import logging

    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from games.log import fold_check

    def three_games() -> list[Game]:
        return [
            started_game([make_user(), make_user()], time_per_move=300, options={"rounds": 1})
            for _ in range(3)
        ]

    first = three_games()
    clock.shift(dt.timedelta(seconds=301))
    with CaptureQueriesContext(connection) as queries:
        assert sweep() == 6
    savepoints = [q for q in queries.captured_queries if q["sql"].startswith("SAVEPOINT")]
    # The test's transaction makes each batch's own a savepoint: two batches (the second
    # finds nothing left), none per game (there were three, two moves each).
    assert len(savepoints) == 2
    assert timeouts_per_game() == {g.pk: 2 for g in first}

    games = three_games()
    clock.shift(dt.timedelta(seconds=301))
    real = move_submit
    failed: list[int] = []

    def failing(*, game: Game, **kwargs: Any) -> Any:
        if game.pk == games[1].pk:
            failed.append(game.pk)
            raise RuntimeError("boom")
        return real(game=game, **kwargs)

    monkeypatch.setattr(sweeper, "move_submit", failing)
    with caplog.at_level(logging.INFO, logger="clock.sweeper"):
        assert sweep() == 4
    assert "the batch again, a savepoint each" in caplog.text
    assert len(failed) == 2  # in the first try, then in its own savepoint in the second
    assert timeouts_per_game() == {**{g.pk: 2 for g in first}, games[0].pk: 2, games[2].pk: 2}
    monkeypatch.setattr(sweeper, "move_submit", real)
    assert sweep() == 2  # the next pass applies it, once
    assert timeouts_per_game() == {g.pk: 2 for g in [*first, *games]}
    for game in Game.objects.filter(pk__in=[g.pk for g in [*first, *games]]):
        assert game.status == Game.Status.FINISHED
        assert fold_check(game)["ok"]


def test_a_game_failing_after_its_rows_were_deferred_leaves_nothing_and_the_rest_stands(
    clock, monkeypatch
) -> None:
    """The batch writes its rows together at its end (games.prepared.writes_deferred): a
    game failing inside its commit, after its event and cache were recorded, is rolled back
    to its savepoint and its rows are never written; the others' are, and each game's
    cache is the fold of its log (a rebuild gives it)."""
    from games.log import fold_check
    from games.services import commit

    games = [
        started_game([make_user(), make_user()], time_per_move=300, options={"rounds": 1})
        for _ in range(3)
    ]
    clock.shift(dt.timedelta(seconds=301))
    seqs = {g.pk: g.state_seq for g in games}

    def failing_for_the_second(committed: Any) -> None:
        if committed.game.pk == games[1].pk:
            raise RuntimeError("boom")

    monkeypatch.setattr(commit, "IN_TRANSACTION", (*commit.IN_TRANSACTION, failing_for_the_second))
    assert sweep() == 4
    assert timeouts_per_game() == {games[0].pk: 2, games[2].pk: 2}
    failed = Game.objects.get(pk=games[1].pk)
    assert failed.state_seq == seqs[failed.pk]
    assert not GameEvent.objects.filter(game=failed, seq__gt=seqs[failed.pk]).exists()
    assert sweeper.overdue_game_ids(dt.datetime.now(dt.UTC)) == [failed.pk]
    monkeypatch.undo()
    assert sweep() == 2  # the next pass applies it, once
    assert timeouts_per_game() == {g.pk: 2 for g in games}
    for game in Game.objects.filter(pk__in=seqs):
        assert game.status == Game.Status.FINISHED
        assert fold_check(game)["ok"]


def test_a_batch_whose_grouped_write_fails_is_applied_again_game_by_game(
    clock, monkeypatch, caplog
) -> None:
    from games import prepared

    games = [
        started_game([make_user(), make_user()], time_per_move=300, options={"rounds": 1})
        for _ in range(3)
    ]
    clock.shift(dt.timedelta(seconds=301))
    real = prepared.deferred_flush
    calls: list[bool] = []

    def fails_at_the_end() -> None:
        calls.append(True)
        raise RuntimeError("the grouped write failed")

    # The end of the block (the sweeper's own flush before a second seat stays real).
    monkeypatch.setattr(prepared, "deferred_flush", fails_at_the_end)
    assert sweep() == 6
    assert calls == [True]  # once: the second try writes as it goes
    assert "a sweep batch failed" in caplog.text
    assert timeouts_per_game() == {g.pk: 2 for g in games}
    monkeypatch.setattr(prepared, "deferred_flush", real)
    assert sweep() == 0


@pytest.mark.parametrize("one_awaited", [True, False])
def test_ratings_count_the_moves_of_a_batch_not_written_yet(
    clock, monkeypatch, one_awaited
) -> None:
    """A timeout finishing its game in a batch rates it with its own move counted
    (ratings.services: the log's moves of the batch's games read ahead in one query, or
    the game's own after a flush, and the batch's deferred rows): the facts it rated with
    are those read back from the log once the batch is written."""
    from ratings import services
    from ratings.models import RatedGame
    from tests.games.toygame import Vote

    games = [
        started_game([make_user(), make_user()], time_per_move=300, options={"rounds": 1})
        for _ in range(3)
    ]
    if one_awaited:  # seat 0 voted: one timeout each, which ends the game
        for game in games:
            user = game.table.seats.get(position=0).user
            move_submit(game=game, user=user, move=Vote("down"), expected_seq=game.state_seq)
    clock.shift(dt.timedelta(seconds=301))
    rated_with: dict[int, Any] = {}
    real = services._seat_facts

    def seat_facts(game: Game, seats: Any = None) -> Any:
        rated_with[game.pk] = facts = real(game, seats)
        return facts

    monkeypatch.setattr(services, "_seat_facts", seat_facts)
    assert sweep() == (1 if one_awaited else 2) * len(games)
    monkeypatch.undo()
    for game in games:
        assert rated_with[game.pk] == real(game)
        timeouts = GameEvent.objects.filter(game=game, actor_kind="timeout").count()
        assert sum(f.stand_in_moves for f in rated_with[game.pk]) == timeouts > 0
    assert RatedGame.objects.filter(game__in=games).count() == len(games)
