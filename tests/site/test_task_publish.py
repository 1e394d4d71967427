"""A move's tasks published lean (avalon_site.task_publish, issue 14 B1): the message in
Redis is the one Celery's own `delay` writes, anything unusual takes Celery's full path,
and a real Celery worker (tests/clock/procs.py) runs what a move queued that way.

This test process publishes for real here (not eagerly), to a redis-server of the test's
own; the worker test runs the Procfile's worker against it and this test run's database."""

from __future__ import annotations

import email
import json
from collections.abc import Iterator
from typing import Any

import pytest
import redis
from django.db import connection
from django.utils import timezone

from avalon_site import task_publish
from avalon_site.celery import app
from avalon_site.task_publish import publishing_ready, task_delay
from clock.models import VacationAccount
from clock.tasks import vacation_accrue_task
from clock.vacations import iso_week
from games.models import Game
from notifications.tasks import game_changed_task
from tests.clock.helpers import player, vote
from tests.clock.procs import (
    CeleryProcs,
    Inbox,
    database_url,
    needs_postgres_and_redis,
    tasks_run_here,
    wait_for,
)
from tests.games.conftest import make_user, started_game
from tests.reliability.procs import RedisServer

pytestmark = [pytest.mark.django_db(transaction=True), needs_postgres_and_redis]

TASKS = [
    (game_changed_task, (123,)),  # routed at priority 6 (settings.CELERY_TASK_ROUTES)
    (vacation_accrue_task, (7, "2026-11-30T12:00:00+00:00")),
]


@pytest.fixture
def broker(monkeypatch: pytest.MonkeyPatch) -> Iterator[RedisServer]:
    """Tasks go to a redis-server of this test's own, by the lean path starting afresh (no
    route learnt, no channel open) and by Celery's own producer pool on that server."""
    server = RedisServer()
    server.start()
    monkeypatch.setattr(task_publish, "_ROUTES", {})
    monkeypatch.setattr(task_publish, "_CHANNELS", [])
    monkeypatch.setattr(app.amqp, "_producer_pool", None)
    before = app.conf.broker_url, app.conf.task_always_eager
    app.conf.broker_url, app.conf.task_always_eager = server.url(), False
    try:
        yield server
    finally:
        app.conf.broker_url, app.conf.task_always_eager = before
        for opened, _ in task_publish._CHANNELS:
            opened.close()
        pool = app.amqp._producer_pool
        if pool is not None:
            pool.connections.force_close_all()
        server.stop()


def full_path_calls(monkeypatch: pytest.MonkeyPatch, task: Any) -> list[tuple[Any, ...]]:
    """The calls of `task.delay` (Celery's full path), which still publish."""
    calls: list[tuple[Any, ...]] = []
    real = task.delay

    def delay(*args: Any) -> Any:
        calls.append(args)
        return real(*args)

    monkeypatch.setattr(task, "delay", delay)
    return calls


def queued(server: RedisServer) -> dict[bytes, list[dict[str, Any]]]:
    """Every queue's messages, oldest first (kombu pushes on the left, a worker pops the
    right)."""
    client = redis.Redis.from_url(server.url())
    lists = [k for k in client.keys("*") if client.type(k) == b"list"]
    return {
        k.encode() if isinstance(k, str) else k: [
            json.loads(m) for m in reversed(client.lrange(k, 0, -1))
        ]
        for k in lists
    }


def without_ids(message: dict[str, Any]) -> str:
    """The message with its task id and delivery tag (fresh for every publish) blanked."""
    text = json.dumps(message)
    return text.replace(message["headers"]["id"], "ID").replace(
        message["properties"]["delivery_tag"], "TAG"
    )


def test_a_lean_publish_writes_celerys_own_message(
    broker: RedisServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    for task, args in TASKS:
        calls = full_path_calls(monkeypatch, task)
        task_delay(task, *args)  # a task's first publish in a process: Celery's full path
        task_delay(task, *args)  # then the lean one
        assert calls == [args]
    by_queue = queued(broker)
    # The notification at priority 6 (its own Redis list), the vacation at the default.
    assert sorted(by_queue) == [b"celery", b"celery\x06\x166"]
    for messages in by_queue.values():
        full, lean = messages
        assert without_ids(lean) == without_ids(full)
        assert lean["headers"]["id"] != full["headers"]["id"]
        assert lean["headers"]["root_id"] == lean["headers"]["id"]
        assert lean["properties"]["correlation_id"] == lean["headers"]["id"]


def test_a_burst_of_sweeps_goes_before_the_relay_and_the_relay_before_the_emails(
    broker: RedisServer,
) -> None:
    # Redis keeps each priority in a list of its own and a worker empties the first first:
    # a burst's sweep batches (priority 0), then the outbox's relay, sent by beat (3), then
    # the emails it hands over (6) (settings.CELERY_TASK_ROUTES).
    from clock.tasks import sweep_more_task
    from notifications.tasks import games_changed_task

    games_changed_task.delay([1])
    app.send_task("notifications.relay", expires=5)  # as beat sends it (its schedule's options)
    sweep_more_task.delay()
    by_queue = {k: [m["headers"]["task"] for m in v] for k, v in queued(broker).items()}
    assert by_queue == {
        b"celery": ["clock.sweep_more"],
        b"celery\x06\x163": ["notifications.relay"],
        b"celery\x06\x166": ["notifications.games_changed"],
    }


def test_a_failing_channel_is_dropped_and_the_task_goes_by_celerys_path(
    broker: RedisServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    class Broken:
        closed = False

        def prepare_message(self, *args: Any) -> Any:
            raise redis.ConnectionError("gone")

        def close(self) -> None:
            self.closed = True

    broken = Broken()
    publishing_ready(app, game_changed_task)
    task_publish._CHANNELS[:] = [(broken, broken)]
    calls = full_path_calls(monkeypatch, game_changed_task)
    task_delay(game_changed_task, 5)
    assert calls == [(5,)]
    assert broken.closed
    assert task_publish._CHANNELS == []
    assert [m["headers"]["argsrepr"] for m in queued(broker)[b"celery\x06\x166"]] == ["(5,)"]


def test_a_publish_signal_receiver_or_eager_mode_takes_celerys_path(
    broker: RedisServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    from celery.signals import before_task_publish

    publishing_ready(app, game_changed_task)
    calls = full_path_calls(monkeypatch, game_changed_task)
    heard: list[str] = []

    def receiver(sender: str, **kwargs: Any) -> None:
        heard.append(sender)

    before_task_publish.connect(receiver)
    try:
        task_delay(game_changed_task, 5)
    finally:
        before_task_publish.disconnect(receiver)
    assert calls == [(5,)]
    assert heard == ["notifications.game_changed"]
    task_delay(game_changed_task, 6)  # no receiver: lean
    assert calls == [(5,)]
    monkeypatch.setattr(game_changed_task, "delay", lambda *args: calls.append(args))
    with tasks_run_here():
        task_delay(game_changed_task, 7)
    assert calls == [(5,), (7,)]


@pytest.mark.slow
def test_a_real_worker_runs_the_tasks_a_move_published_lean(
    broker: RedisServer, smtp: tuple[int, Inbox], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The deciding vote of a one-round toy game: the worker runs the vacation task of each
    player's first move of the week, published lean (their accounts record the week), and,
    with beat, the outbox's relay hands the finished game to the notification task (both
    players mailed "Game over", over SMTP; notifications.outbox)."""
    _, inbox = smtp
    with tasks_run_here():  # the deal's own tasks run here, as in the other worker tests
        users = [make_user(), make_user()]
        game = started_game(users, time_per_move=3600, options={"rounds": 1})
    procs = CeleryProcs(database_url(connection.settings_dict), broker.url(), smtp[0])
    try:
        procs.start_worker()
        procs.start_beat()
        publishing_ready(app, vacation_accrue_task)
        full = [full_path_calls(monkeypatch, vacation_accrue_task)]
        weeks = {iso_week(timezone.now())}
        vote(game, 0)
        vote(game, 1)
        weeks.add(iso_week(timezone.now()))  # the moves' week (two if they straddle Monday)
        game.refresh_from_db()
        assert game.status == Game.Status.FINISHED
        assert full == [[]]  # nothing went by Celery's own path
        over = f"Game over at table {game.table_id}"

        def mailed() -> int:
            return sum(over in str(email.message_from_string(m)["Subject"]) for m in inbox.messages)

        assert wait_for(lambda: mailed() >= 2, timeout=120), procs.logs()

        def accrued() -> bool:
            accounts = VacationAccount.objects.filter(user__in=[player(game, 0), player(game, 1)])
            return len(accounts) == 2 and all(a.last_played_week in weeks for a in accounts)

        assert wait_for(accrued, timeout=60), procs.logs()
        assert mailed() == 2
    finally:
        procs.stop()
