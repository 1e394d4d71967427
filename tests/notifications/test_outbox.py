"""The notifications' outbox (notifications.outbox; issue 14, B1): a change owing notices
marks its game in its own transaction, and the relay (beat, every second) hands the marked
games to one task and clears the marks. A move needs no broker for its notices, a change
rolled back leaves no mark, a failed hand-over leaves the marks for the next run, and a
game a change holds locked is left for the next run."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import pytest
from celery import current_app
from django.conf import settings
from django.core import mail
from django.db import connection, transaction

from games.models import Game
from notifications import outbox, tasks
from tests.clock.helpers import vote
from tests.games.conftest import make_user, started_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def handed(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[list[int]]]:
    """Tasks run by a worker, not here: the games each hand-over of the relay queued."""
    before = current_app.conf.task_always_eager
    current_app.conf.task_always_eager = False
    out: list[list[int]] = []
    monkeypatch.setattr(tasks.games_changed_task, "delay", out.append)
    try:
        yield out
    finally:
        current_app.conf.task_always_eager = before


def owing() -> list[int]:
    return sorted(Game.objects.filter(notices_owed=True).values_list("pk", flat=True))


def test_a_change_owing_notices_marks_its_game_and_one_relay_hands_them_over(
    handed: list[list[int]],
) -> None:
    first = started_game([make_user(), make_user()], time_per_move=86400)
    second = started_game([make_user(), make_user()], time_per_move=86400)
    assert owing() == sorted([first.pk, second.pk])  # the deal: everyone's first turn
    assert handed == []  # nothing was queued by the changes themselves
    assert outbox.notices_relay() == 2
    assert handed == [sorted([first.pk, second.pk])]
    assert owing() == []
    assert outbox.notices_relay() == 0  # the marks are gone: nothing handed twice
    assert handed == [sorted([first.pk, second.pk])]


def test_the_others_votes_of_a_round_owe_nothing_and_a_new_wait_does(
    handed: list[list[int]],
) -> None:
    """ "Your turn" once per wait: seat 0's vote leaves seat 1 waited for as before; both
    votes open round 2, a new wait for both."""
    game = started_game([make_user(), make_user()], time_per_move=86400)
    outbox.notices_relay()
    vote(game, 0)
    assert owing() == []
    vote(game, 1)
    assert owing() == [game.pk]


def test_a_change_rolled_back_leaves_no_mark(handed: list[list[int]]) -> None:
    game = started_game([make_user(), make_user()], time_per_move=86400)
    outbox.notices_relay()
    vote(game, 0)
    game.refresh_from_db()
    before = game.state_seq
    marked: list[list[int]] = []

    def change_then_fail() -> None:
        with transaction.atomic():
            vote(game, 1)  # would open round 2: a new wait
            marked.append(owing())
            raise RuntimeError("the change fails after its move")

    with pytest.raises(RuntimeError):
        change_then_fail()
    assert marked == [[game.pk]]
    assert owing() == []
    game.refresh_from_db()
    assert game.state_seq == before


def test_a_failed_hand_over_keeps_the_marks_for_the_next_run(
    handed: list[list[int]], monkeypatch: pytest.MonkeyPatch
) -> None:
    game = started_game([make_user(), make_user()], time_per_move=86400)

    def broker_down(ids: list[int]) -> None:
        raise ConnectionError("the broker is down")

    monkeypatch.setattr(tasks.games_changed_task, "delay", broker_down)
    vote(game, 0)  # a move needs no broker for its notices
    with pytest.raises(ConnectionError):
        outbox.notices_relay()
    assert owing() == [game.pk]
    monkeypatch.setattr(tasks.games_changed_task, "delay", handed.append)
    assert outbox.notices_relay() == 1
    assert handed == [[game.pk]]


def test_the_relay_hands_over_in_batches(handed: list[list[int]]) -> None:
    games = [started_game([make_user(), make_user()], time_per_move=86400) for _ in range(5)]
    assert outbox.notices_relay(limit=2) == 5
    assert handed == [[g.pk for g in games[:2]], [g.pk for g in games[2:4]], [games[4].pk]]


def test_where_tasks_run_in_process_the_notices_go_as_the_move_returns(
    committed: Any,
) -> None:
    users = [make_user(), make_user()]
    with committed():
        game = started_game(users, time_per_move=86400)
    assert sorted(m.to[0] for m in mail.outbox) == sorted(u.email for u in users)
    assert owing() == []
    assert game.pk


def test_beat_runs_the_relay_every_second() -> None:
    entry = settings.CELERY_BEAT_SCHEDULE["notifications-relay"]
    assert entry["task"] == tasks.relay_task.name == "notifications.relay"
    assert entry["schedule"] == 1.0


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(
    connection.vendor != "postgresql", reason="row locks need PostgreSQL (SQLite serialises)"
)
def test_a_game_a_change_holds_locked_is_left_for_the_next_run(handed: list[list[int]]) -> None:
    held = started_game([make_user(), make_user()], time_per_move=86400)
    other = started_game([make_user(), make_user()], time_per_move=86400)
    locked, release, relayed = threading.Event(), threading.Event(), []

    def a_change_in_flight() -> None:
        with transaction.atomic():
            Game.objects.select_for_update().get(pk=held.pk)
            locked.set()
            release.wait(30)
        connection.close()

    change = threading.Thread(target=a_change_in_flight)
    change.start()
    try:
        assert locked.wait(30)
        relayed.append(outbox.notices_relay())  # does not wait for the lock
    finally:
        release.set()
        change.join()
    assert relayed == [1]
    assert handed == [[other.pk]]
    assert owing() == [held.pk]
    assert outbox.notices_relay() == 1
    assert handed[-1] == [held.pk]
