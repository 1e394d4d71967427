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
    # Every commit of the batch, in order: each game's two timeouts (the second ends it).
    [ids] = batched
    assert sorted(set(ids)) == sorted(g.pk for g in games)
    assert len(ids) == 6


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
