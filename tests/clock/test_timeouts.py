"""Deadlines and timeouts with a clock the tests move (time-machine): deadlines at the start,
per pending seat, early resolution, weekends, each timeout policy, N timeouts -> bot, and a
repeated sweep applying nothing twice. Uses the toy game: every seat votes at once."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from clock.models import Abandonment, SeatGrace
from clock.services import seat_take_back
from clock.sweeper import sweep
from games.models import Game, Table
from games.services.errors import Conflict
from tests.games.conftest import make_user, started_game

from .helpers import deadline, moves_by, player, seat, vote

pytestmark = pytest.mark.django_db

DAY = dt.timedelta(days=1)


def game_for(n: int = 3, **table: Any) -> Game:
    return started_game([make_user() for _ in range(n)], **table)


def test_every_pending_seat_gets_one_period_at_the_start(clock) -> None:
    game = game_for(time_per_move=86400)
    start = dt.datetime.now(dt.UTC)
    assert [deadline(game, p) for p in range(3)] == [start + DAY] * 3


def test_the_clock_runs_per_seat_in_a_simultaneous_phase(clock) -> None:
    game = game_for(time_per_move=86400)
    first = deadline(game, 1)
    clock.shift(dt.timedelta(hours=5))
    vote(game, 0)
    assert deadline(game, 0) is None  # acted: nothing left to do this round
    assert deadline(game, 1) == first  # others' votes do not restart my clock


def test_the_game_moves_on_at_once_when_every_pending_seat_acted(clock) -> None:
    game = game_for(time_per_move=86400)
    clock.shift(dt.timedelta(hours=2))
    for position in range(3):
        vote(game, position)
    now = dt.datetime.now(dt.UTC)
    # The next round started with the last vote: fresh periods from now, no waiting.
    assert [deadline(game, p) for p in range(3)] == [now + DAY] * 3
    assert sweep() == 0


def test_weekends_are_skipped_in_the_hosts_zone(clock) -> None:
    host = make_user()
    host.time_zone = "Asia/Tokyo"
    host.save()
    clock.move_to(dt.datetime(2026, 11, 20, 18, 0, tzinfo=dt.UTC))  # Sat 03:00 in Tokyo
    game = started_game([host, make_user()], time_per_move=43200, skip_weekends=True)
    # Time starts on Monday 00:00 Tokyo (Sunday 15:00 UTC) and runs 12 hours.
    assert deadline(game, 0) == dt.datetime(2026, 11, 23, 3, 0, tzinfo=dt.UTC)


def test_default_move_policy_plays_the_neutral_move_once(clock) -> None:
    game = game_for(time_per_move=300, timeout_policy="default_move")
    vote(game, 0)
    vote(game, 1)
    clock.shift(dt.timedelta(seconds=299))
    assert sweep() == 0  # not yet overdue
    clock.shift(dt.timedelta(seconds=2))
    assert sweep() == 1
    assert sweep() == 0  # a repeated run finds nothing
    timeouts = moves_by(game, "timeout")
    assert [(e.actor_seat, e.payload["vote"]) for e in timeouts] == [(2, "up")]  # RA-W2
    assert seat(game, 2).timeouts_in_a_row == 1
    game.refresh_from_db()
    assert game.state is not None
    assert game.state["history"] == [["down", "down", "up"]]


def test_a_player_move_resets_the_timeouts_in_a_row(clock) -> None:
    game = game_for(time_per_move=300)
    clock.shift(dt.timedelta(seconds=301))
    assert sweep() == 3
    assert seat(game, 0).timeouts_in_a_row == 1
    vote(game, 0)
    assert seat(game, 0).timeouts_in_a_row == 0


def test_the_nth_timeout_in_a_row_hands_the_seat_to_the_bot(clock) -> None:
    game = game_for(n=2, time_per_move=300, bot_after_timeouts=2, options={"rounds": 3})
    vote(game, 0)
    clock.shift(dt.timedelta(seconds=301))
    assert sweep() == 1
    assert not seat(game, 1).is_bot
    vote(game, 0)
    clock.shift(dt.timedelta(seconds=301))
    assert sweep() == 1  # the second timeout in a row: the bot takes over
    assert seat(game, 1).is_bot
    assert [e.actor_seat for e in moves_by(game, "timeout")] == [1]
    assert [e.actor_seat for e in moves_by(game, "bot")] == [1]
    # From now on the bot's seat is due at once: the next sweep plays it, no waiting.
    vote(game, 0)
    assert deadline(game, 1) == dt.datetime.now(dt.UTC)
    assert sweep() == 1
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert [e.actor_seat for e in moves_by(game, "bot")] == [1, 1]


def test_bot_policy_takes_the_seat_until_the_player_takes_it_back(clock) -> None:
    game = game_for(n=2, time_per_move=3600, timeout_policy="bot", options={"rounds": 3})
    vote(game, 0)
    clock.shift(dt.timedelta(hours=1, seconds=1))
    assert sweep() == 1
    assert seat(game, 1).is_bot
    assert [e.actor_seat for e in moves_by(game, "bot")] == [1]
    seat_take_back(game=game, user=player(game, 1))
    back = seat(game, 1)
    assert not back.is_bot
    assert back.timeouts_in_a_row == 0
    assert back.deadline_at == dt.datetime.now(dt.UTC) + dt.timedelta(hours=1)
    with pytest.raises(Conflict):
        seat_take_back(game=game, user=player(game, 1))


def test_a_player_who_moves_again_takes_the_seat_back_by_playing(clock) -> None:
    game = game_for(n=2, time_per_move=3600, timeout_policy="bot", options={"rounds": 3})
    vote(game, 0)
    clock.shift(dt.timedelta(hours=2))
    sweep()
    assert seat(game, 1).is_bot
    vote(game, 1)  # round 2: the player is back and votes before the bot
    assert not seat(game, 1).is_bot


def test_abandon_policy_gives_a_grace_period_then_abandons_without_result(clock) -> None:
    game = game_for(n=2, time_per_move=3600, timeout_policy="abandon")
    vote(game, 0)
    clock.shift(dt.timedelta(hours=1, seconds=1))
    assert sweep() == 1
    assert SeatGrace.objects.filter(seat=seat(game, 1)).exists()
    assert deadline(game, 1) == dt.datetime.now(dt.UTC) + dt.timedelta(minutes=30)
    assert moves_by(game, "timeout") == []  # grace: nothing is played for the player
    clock.shift(dt.timedelta(minutes=31))
    assert sweep() == 1
    game.refresh_from_db()
    assert game.status == Game.Status.ABORTED
    assert game.outcome is None  # no result: nothing for ratings
    assert Table.objects.get(pk=game.table_id).status == Table.Status.ABORTED
    assert Abandonment.objects.get(game=game).seat == 1
    assert deadline(game, 0) is None
    assert deadline(game, 1) is None


def test_a_move_inside_the_grace_period_saves_the_game(clock) -> None:
    game = game_for(n=2, time_per_move=3600, timeout_policy="abandon")
    vote(game, 0)
    clock.shift(dt.timedelta(hours=1, seconds=1))
    sweep()
    vote(game, 1)
    assert not SeatGrace.objects.exists()
    clock.shift(dt.timedelta(minutes=45))
    assert sweep() == 0
    game.refresh_from_db()
    assert game.status == Game.Status.PLAYING


def test_a_stale_deadline_of_a_seat_that_is_not_pending_is_dropped(clock) -> None:
    game = game_for(n=2, time_per_move=300)
    vote(game, 0)
    type(seat(game, 0)).objects.filter(pk=seat(game, 0).pk).update(
        deadline_at=dt.datetime.now(dt.UTC)
    )
    assert sweep() == 0
    assert deadline(game, 0) is None
    assert moves_by(game, "timeout") == []


def test_a_bot_that_cannot_choose_plays_the_neutral_default(
    clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tests.games.toygame import TOY

    def broken(view: Any, legal: Any, rng: Any) -> Any:
        raise ValueError("no idea")

    monkeypatch.setattr(TOY, "bot_move", broken)
    game = game_for(n=2, time_per_move=300, timeout_policy="bot")
    vote(game, 0)
    clock.shift(dt.timedelta(seconds=301))
    assert sweep() == 1
    [move] = moves_by(game, "bot")
    assert move.payload["vote"] == "up"  # RA-W2 default, not a stalled table


def test_a_sweep_reads_a_claimed_game_once_before_its_move(clock) -> None:
    """Issue 14 (B8): the claim reads the game (with its table) and its seats in play are
    read once under its lock; the first overdue seat's move uses both as they are
    (move_submit reads neither again). Two overdue seats of the same game: the second is
    re-read, the game moved on, and its move locks and reads the game itself."""
    game = game_for(time_per_move=300, timeout_policy="default_move")
    vote(game, 0)
    clock.shift(dt.timedelta(seconds=301))
    with CaptureQueriesContext(connection) as queries:
        assert sweep() == 2
    reads = [q["sql"] for q in queries.captured_queries if q["sql"].startswith("SELECT")]
    game_reads = [q for q in reads if q.startswith('SELECT "games_game"."id", ')]
    # The claim for seat 1; the re-read and move_submit's lock for seat 2; the next batch's
    # claim, which finds nothing (the claim is one statement, its window of overdue seats
    # inside). (Before: a lock in move_submit for seat 1 too, before that a re-read.)
    assert len(game_reads) == 4
    seat_reads = [q for q in reads if q.startswith('SELECT "games_seat"."id", ')]
    # The claimed game's seats in play; seat 2 re-read, and its move's seats in play.
    assert len(seat_reads) == 3, seat_reads
    assert len(moves_by(game, "timeout")) == 2
