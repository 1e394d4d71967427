"""Extensions (+1 period each, a few per game) and vacations (deadlines stand still,
capped by an allowance that accrues with play), with a clock the tests move."""

from __future__ import annotations

import datetime as dt

import pytest

from clock.models import (
    VACATION_CAP_SECONDS,
    VACATION_START_SECONDS,
    Vacation,
)
from clock.services import extension_spend
from clock.sweeper import sweep
from clock.vacations import account_for, vacation_declare, vacation_end
from games.services.errors import BadOptions, Conflict
from tests.games.conftest import make_user, started_game

from .helpers import deadline, moves_by, player, seat, vote

pytestmark = pytest.mark.django_db

DAY = dt.timedelta(days=1)


def now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


def test_an_extension_adds_one_period_and_is_counted(clock) -> None:
    game = started_game([make_user(), make_user()], time_per_move=86400, extensions_per_player=2)
    first = deadline(game, 0)
    assert first is not None
    user = player(game, 0)
    assert extension_spend(game=game, user=user) == first + DAY
    assert seat(game, 0).extensions_left == 1
    extension_spend(game=game, user=user)
    assert deadline(game, 0) == first + 2 * DAY
    with pytest.raises(Conflict, match="no extensions left"):
        extension_spend(game=game, user=user)
    clock.shift(2 * DAY + dt.timedelta(seconds=1))
    assert sweep() == 1  # only seat 1 ran out; seat 0 has one day left
    assert [e.actor_seat for e in moves_by(game, "timeout")] == [1]


def test_no_extension_without_a_running_deadline(clock) -> None:
    game = started_game([make_user(), make_user()], time_per_move=86400)
    vote(game, 0)
    with pytest.raises(Conflict, match="no running deadline"):
        extension_spend(game=game, user=player(game, 0))


def test_a_vacation_pushes_running_deadlines_back(clock) -> None:
    game = started_game([make_user(), make_user()], time_per_move=86400)
    user = player(game, 0)
    first = deadline(game, 0)
    assert first is not None
    vacation_declare(user=user, starts_at=now() + dt.timedelta(hours=6), ends_at=now() + 2 * DAY)
    # The deadline was 18 hours after the start of the vacation: it stands still for 42 hours.
    assert deadline(game, 0) == first + dt.timedelta(hours=42)
    assert deadline(game, 1) == first  # the other player is not away
    assert account_for(user.pk).balance_seconds == VACATION_START_SECONDS - 42 * 3600


def test_a_deadline_set_during_a_vacation_starts_when_it_ends(clock) -> None:
    a, b = make_user(), make_user()
    vacation_declare(user=a, starts_at=now(), ends_at=now() + 2 * DAY)
    game = started_game([a, b], time_per_move=86400)
    positions = {seat(game, p).user: p for p in range(2)}
    assert deadline(game, positions[a]) == now() + 3 * DAY
    assert deadline(game, positions[b]) == now() + DAY
    clock.shift(DAY + dt.timedelta(seconds=1))
    assert sweep() == 1  # only the player at home timed out


def test_a_table_may_forbid_vacation(clock) -> None:
    a, b = make_user(), make_user()
    vacation_declare(user=a, starts_at=now(), ends_at=now() + 2 * DAY)
    game = started_game([a, b], time_per_move=86400, allow_vacation=False)
    assert deadline(game, 0) == deadline(game, 1) == now() + DAY


def test_coming_back_early_refunds_and_takes_the_pause_back(clock) -> None:
    user = make_user()
    game = started_game([user, make_user()], time_per_move=86400)
    position = 0 if player(game, 0) == user else 1
    first = deadline(game, position)
    assert first is not None
    vacation = vacation_declare(user=user, starts_at=now(), ends_at=now() + 2 * DAY)
    assert deadline(game, position) == first + 2 * DAY
    clock.shift(dt.timedelta(hours=12))
    vacation_end(user=user, vacation_id=vacation.pk)
    # 12 hours of vacation were used: the clock stood still only for those.
    assert deadline(game, position) == first + dt.timedelta(hours=12)
    assert account_for(user.pk).balance_seconds == VACATION_START_SECONDS - 12 * 3600
    assert Vacation.objects.get(pk=vacation.pk).ends_at == now()


def test_the_last_day_of_vacation_left_is_one_day(clock) -> None:
    user = make_user()
    vacation_declare(user=user, starts_at=now(), ends_at=now() + 2 * DAY)
    with pytest.raises(BadOptions, match="You have 1 day of vacation left"):
        vacation_declare(user=user, starts_at=now() + 3 * DAY, ends_at=now() + 5 * DAY)


def test_a_vacation_longer_than_the_allowance_is_refused(clock) -> None:
    user = make_user()
    with pytest.raises(BadOptions, match="3 days of vacation left"):
        vacation_declare(user=user, starts_at=now(), ends_at=now() + 4 * DAY)
    vacation_declare(user=user, starts_at=now(), ends_at=now() + DAY)
    later = now() + dt.timedelta(hours=2)
    with pytest.raises(Conflict, match="overlaps"):
        vacation_declare(user=user, starts_at=later, ends_at=now() + 2 * DAY)


def test_the_allowance_accrues_one_day_per_week_played_up_to_a_cap(
    clock, django_capture_on_commit_callbacks
) -> None:
    players = [make_user(), make_user()]
    game = started_game(players, time_per_move=86400, options={"rounds": 5})
    mover = player(game, 0)
    with django_capture_on_commit_callbacks(execute=True):
        vote(game, 0)
    assert account_for(mover.pk).balance_seconds == VACATION_START_SECONDS + 86400
    vote(game, 1)
    with django_capture_on_commit_callbacks(execute=True):
        vote(game, 0)  # the same week earns nothing more
    assert account_for(mover.pk).balance_seconds == VACATION_START_SECONDS + 86400
    account = account_for(mover.pk)
    account.balance_seconds = VACATION_CAP_SECONDS
    account.save()
    clock.shift(dt.timedelta(days=7))
    vote(game, 1)
    with django_capture_on_commit_callbacks(execute=True):
        vote(game, 0)  # a new week, but the cap holds
    assert account_for(mover.pk).balance_seconds == VACATION_CAP_SECONDS
