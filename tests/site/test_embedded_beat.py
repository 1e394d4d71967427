"""The embedded-mode beat (avalon_site/embedded.py): schedule logic on a fake clock, real
task execution, the thread, and the ASGI lifespan hook that starts it with the server."""

from __future__ import annotations

import datetime as dt
import threading
from collections import namedtuple
from typing import Any

import pytest
from celery.schedules import schedule as celery_schedule

from avalon_site import embedded
from avalon_site.celery import app as celery_app
from avalon_site.embedded import EmbeddedScheduler, LifespanApp

probe_calls: list[tuple[Any, ...]] = []
probe_fired = threading.Event()


@celery_app.task(name="tests.site.embedded_probe")  # type: ignore[untyped-decorator]
def embedded_probe(*args: Any) -> None:
    probe_calls.append(args)
    probe_fired.set()


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class Recorder:
    def __init__(self) -> None:
        self.runs: list[tuple[str, tuple[Any, ...], dict[str, Any]]] = []

    def __call__(self, task: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
        self.runs.append((task, args, kwargs))


def test_interval_entries_fire_once_per_interval() -> None:
    clock, runs = FakeClock(), Recorder()
    sched = EmbeddedScheduler(
        {
            "sweep": {"task": "games.sweep", "schedule": 5.0, "args": (1,)},
            "digest": {"task": "notify.digest", "schedule": dt.timedelta(seconds=60)},
        },
        runner=runs,
        clock=clock,
    )
    assert sched.tick(clock.now) == pytest.approx(1.0)  # capped sleep, nothing due yet
    assert runs.runs == []
    clock.now += 5
    sched.tick(clock.now)
    assert runs.runs == [("games.sweep", (1,), {})]
    sched.tick(clock.now)  # same instant: not again
    assert len(runs.runs) == 1
    clock.now += 4.9
    sched.tick(clock.now)
    assert len(runs.runs) == 1
    clock.now += 0.1
    sched.tick(clock.now)
    assert len(runs.runs) == 2
    clock.now = 1060.0
    sched.tick(clock.now)
    assert ("notify.digest", (), {}) in runs.runs


def test_celery_schedule_objects_use_their_interval() -> None:
    clock, runs = FakeClock(), Recorder()
    sched = EmbeddedScheduler(
        {"s": {"task": "t", "schedule": celery_schedule(run_every=dt.timedelta(seconds=2))}},
        runner=runs,
        clock=clock,
    )
    clock.now += 2
    sched.tick(clock.now)
    assert runs.runs == [("t", (), {})]


def test_other_schedules_ask_is_due() -> None:
    state = namedtuple("state", "is_due next")

    class EveryOtherCall:
        def __init__(self) -> None:
            self.calls = 0

        def is_due(self, last_run_at: dt.datetime) -> Any:
            self.calls += 1
            return state(self.calls % 2 == 1, 30.0)

    clock, runs = FakeClock(), Recorder()
    sched = EmbeddedScheduler({"c": {"task": "t", "schedule": EveryOtherCall()}}, runs, clock)
    sched.tick(clock.now)
    assert runs.runs == [("t", (), {})]


def test_unsupported_schedule_is_rejected() -> None:
    with pytest.raises(TypeError):
        EmbeddedScheduler({"x": {"task": "t", "schedule": "every minute"}})


def test_a_failing_task_does_not_stop_the_others(caplog: Any) -> None:
    clock = FakeClock()
    ran: list[str] = []

    def runner(task: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
        if task == "bad":
            raise ValueError("boom")
        ran.append(task)

    sched = EmbeddedScheduler(
        {"a": {"task": "bad", "schedule": 1}, "b": {"task": "good", "schedule": 1}},
        runner,
        clock,
    )
    clock.now += 1
    sched.tick(clock.now)
    assert ran == ["good"]
    assert "embedded beat: task a (bad) failed" in caplog.text
    clock.now += 1
    sched.tick(clock.now)
    assert ran == ["good", "good"]


@pytest.mark.django_db
def test_run_task_executes_a_registered_celery_task() -> None:
    probe_calls.clear()
    embedded.run_task("tests.site.embedded_probe", (7, "x"), {})
    assert probe_calls == [(7, "x")]


def test_thread_fires_tasks_and_stops() -> None:
    fired = threading.Event()

    def runner(task: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
        fired.set()

    sched = EmbeddedScheduler({"fast": {"task": "t", "schedule": 0.05}}, runner)
    sched.start()
    try:
        assert sched.running
        assert fired.wait(30), "the scheduler thread never ran the task"
    finally:
        sched.stop()
    assert not sched.running


broadcast_loops: list[Any] = []


@celery_app.task(name="tests.site.embedded_broadcast")  # type: ignore[untyped-decorator]
def embedded_broadcast(channel: str) -> None:
    """A task that broadcasts like a move's on-commit hook does (async_to_sync send)."""
    from asgiref.sync import async_to_sync
    from channels.layers import get_channel_layer

    layer = get_channel_layer()
    assert layer is not None

    async def send() -> None:
        import asyncio

        broadcast_loops.append(asyncio.get_running_loop())
        await layer.send(channel, {"type": "beat.tick", "from": "embedded beat"})

    async_to_sync(send)()


async def test_scheduled_task_broadcasts_reach_consumers_on_the_server_loop(
    settings: Any,
) -> None:
    import asyncio

    from channels.layers import get_channel_layer

    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    layer = get_channel_layer()
    assert layer is not None
    broadcast_loops.clear()
    channel = await layer.new_channel()
    sched = EmbeddedScheduler(
        {"b": {"task": "tests.site.embedded_broadcast", "schedule": 0.05, "args": (channel,)}},
        runner=lambda task, args, kwargs: celery_app.tasks[task].apply(args=args, throw=True),
        loop=asyncio.get_running_loop(),
    )
    sched.start()
    try:
        message = await asyncio.wait_for(layer.receive(channel), 30)
    finally:
        await asyncio.to_thread(sched.stop)
    assert message == {"type": "beat.tick", "from": "embedded beat"}
    # The broadcast ran on this (the server's) loop, where consumers wait.
    assert broadcast_loops[0] is asyncio.get_running_loop()


async def drive_lifespan(app: LifespanApp) -> list[str]:
    import asyncio

    inbox: asyncio.Queue[dict[str, str]] = asyncio.Queue()
    sent: list[str] = []
    await inbox.put({"type": "lifespan.startup"})

    async def receive() -> dict[str, str]:
        return await inbox.get()

    async def send(message: dict[str, Any]) -> None:
        sent.append(message["type"])
        if message["type"] == "lifespan.startup.complete":
            # The beat runs now; wait until it has fired the probe task, then shut down.
            fired = await asyncio.to_thread(probe_fired.wait, 30)
            sent.append(f"fired={fired}")
            await inbox.put({"type": "lifespan.shutdown"})

    await app({"type": "lifespan"}, receive, send)
    return sent


@pytest.mark.django_db(transaction=True)
async def test_lifespan_starts_the_beat_in_embedded_mode(settings: Any) -> None:
    settings.EMBEDDED = True
    settings.CELERY_BEAT_SCHEDULE = {
        "probe": {"task": "tests.site.embedded_probe", "schedule": 0.05, "args": ("beat",)}
    }
    probe_fired.clear()
    sent = await drive_lifespan(LifespanApp())
    assert sent == ["lifespan.startup.complete", "fired=True", "lifespan.shutdown.complete"]
    assert ("beat",) in probe_calls
    assert embedded._scheduler is None  # stopped and released


async def test_lifespan_starts_nothing_in_production_mode(settings: Any) -> None:
    settings.EMBEDDED = False
    assert embedded.start_embedded_beat() is None
    assert embedded._scheduler is None
