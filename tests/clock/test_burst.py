"""A burst of deadlines in the same second (issue 14 B8): one sweep pass clears them all,
each game's timeout once; a sweep run sleeps until a deadline due within its window and
applies it then, so the beat's period is not the floor of lateness. No timed assertions:
the clock is time-machine's, and a run's sleep moves it."""

from __future__ import annotations

import datetime as dt

import pytest

from clock import sweeper
from clock.sweeper import next_deadline, sweep, sweep_for
from games.models import GameEvent
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
