"""The embedded-mode beat: an in-process scheduler for settings.CELERY_BEAT_SCHEDULE.

In embedded mode (no REDIS_URL) there is no Celery worker or beat process: tasks run eagerly
inside the site's process. Periodic tasks must still fire, so when the ASGI server starts
(lifespan startup, see asgi.py) a daemon thread runs each schedule entry at its interval.

Supported schedules: a number of seconds, a `timedelta`, a `celery.schedules.schedule`
(anything with `run_every`), and any other Celery schedule object (e.g. `crontab`) through
its own `is_due()`. A failing task is logged and retried at its next interval; it never stops
the scheduler. Tasks run through the server's event loop (like Django's sync views), so their
channel-layer broadcasts reach the in-memory layer's consumers. Only the server starts the
scheduler: tests and management commands never do.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from asgiref.sync import sync_to_async
from django.db import close_old_connections

logger = logging.getLogger(__name__)

MAX_SLEEP_SECONDS = 1.0

Runner = Callable[[str, tuple[Any, ...], dict[str, Any]], None]
Clock = Callable[[], float]


@dataclass
class Entry:
    """One schedule entry and when it last ran (monotonic seconds; None = never)."""

    name: str
    task: str
    schedule: Any
    args: tuple[Any, ...] = ()
    kwargs: dict[str, Any] = field(default_factory=dict)
    interval: float | None = None
    last_run: float | None = None
    last_run_at: dt.datetime | None = None
    started: float = 0.0

    def seconds_until_due(self, now: float) -> float:
        if self.interval is not None:
            # The first run happens one interval after start, like celery beat.
            reference = self.started if self.last_run is None else self.last_run
            return max(0.0, reference + self.interval - now)
        state = self.schedule.is_due(self.last_run_at or dt.datetime.now(dt.UTC))
        return 0.0 if state.is_due else float(state.next)


def _interval_seconds(schedule: Any) -> float | None:
    if isinstance(schedule, int | float):
        return float(schedule)
    if isinstance(schedule, dt.timedelta):
        return schedule.total_seconds()
    run_every = getattr(schedule, "run_every", None)
    if isinstance(run_every, dt.timedelta):
        return run_every.total_seconds()
    if hasattr(schedule, "is_due"):
        return None
    raise TypeError(f"unsupported schedule {schedule!r}")


def entries_from_settings(schedule: Mapping[str, Mapping[str, Any]], now: float) -> list[Entry]:
    entries = []
    for name, spec in schedule.items():
        entries.append(
            Entry(
                name=name,
                task=str(spec["task"]),
                schedule=spec["schedule"],
                args=tuple(spec.get("args", ())),
                kwargs=dict(spec.get("kwargs", {})),
                interval=_interval_seconds(spec["schedule"]),
                started=now,
            )
        )
    return entries


def run_task(task_name: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
    """Run a registered Celery task inside this process (what a worker would do)."""
    from avalon_site.celery import app

    if task_name not in app.tasks:
        app.loader.import_default_modules()  # autodiscovery is lazy: import tasks modules
    # Each run gets fresh DB connections in this thread; a dropped connection must not stick.
    close_old_connections()
    try:
        app.tasks[task_name].apply(args=args, kwargs=kwargs, throw=True)
    finally:
        close_old_connections()


class EmbeddedScheduler:
    """Fires due entries. `tick(now)` is the whole logic; `start()` runs it in a thread."""

    def __init__(
        self,
        schedule: Mapping[str, Mapping[str, Any]],
        runner: Runner = run_task,
        clock: Clock = time.monotonic,
        loop: asyncio.AbstractEventLoop | None = None,
    ) -> None:
        self._clock = clock
        self._runner = runner
        self._loop = loop
        self.entries = entries_from_settings(schedule, clock())
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def tick(self, now: float) -> float:
        """Run every due entry once; return how long to sleep before the next one is due."""
        for entry in self.entries:
            if entry.seconds_until_due(now) > 0:
                continue
            entry.last_run = now
            entry.last_run_at = dt.datetime.now(dt.UTC)
            try:
                self._run(entry)
            except Exception:
                logger.exception("embedded beat: task %s (%s) failed", entry.name, entry.task)
        waits = [entry.seconds_until_due(self._clock()) for entry in self.entries]
        return min([MAX_SLEEP_SECONDS, *waits])

    def _run(self, entry: Entry) -> None:
        if self._loop is None:
            self._runner(entry.task, entry.args, entry.kwargs)
            return
        # Run the task the way Django runs a sync view under ASGI: sync_to_async from the
        # server's event loop. Then any async_to_sync inside the task (channel-layer
        # broadcasts on commit) runs on that loop, where the in-memory channel layer's
        # consumers wait; from a private loop in this thread their messages would be lost.
        call = sync_to_async(self._runner, thread_sensitive=True)
        future = asyncio.run_coroutine_threadsafe(
            call(entry.task, entry.args, entry.kwargs), self._loop
        )
        future.result()

    def _loop_forever(self) -> None:
        logger.info("embedded beat: %d periodic task(s) scheduled", len(self.entries))
        while not self._stop.is_set():
            sleep = self.tick(self._clock())
            self._stop.wait(max(sleep, 0.01))

    def start(self) -> None:
        if self._thread is not None:
            return
        self._thread = threading.Thread(
            target=self._loop_forever, name="embedded-beat", daemon=True
        )
        self._thread.start()

    def stop(self, timeout: float = 5.0) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout)
            self._thread = None

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()


_scheduler: EmbeddedScheduler | None = None


def start_embedded_beat(
    loop: asyncio.AbstractEventLoop | None = None,
) -> EmbeddedScheduler | None:
    """Start the process-wide scheduler if this is embedded mode. Idempotent.

    `loop` is the ASGI server's event loop; tasks are run through it (see `_run`).
    """
    global _scheduler
    from django.conf import settings

    if not settings.EMBEDDED:
        return None
    if _scheduler is None:
        # Eager runs log one INFO line each; a sweep every few seconds would flood the console.
        logging.getLogger("celery.app.trace").setLevel(logging.WARNING)
        _scheduler = EmbeddedScheduler(settings.CELERY_BEAT_SCHEDULE, loop=loop)
        _scheduler.start()
    return _scheduler


def stop_embedded_beat() -> None:
    global _scheduler
    if _scheduler is not None:
        _scheduler.stop()
        _scheduler = None


class LifespanApp:
    """ASGI lifespan handler: starts the embedded beat with the server, stops it on exit."""

    async def __call__(
        self,
        scope: dict[str, Any],
        receive: Callable[[], Any],
        send: Callable[[dict[str, Any]], Any],
    ) -> None:
        while True:
            message = await receive()
            if message["type"] == "lifespan.startup":
                try:
                    start_embedded_beat(asyncio.get_running_loop())
                except Exception as exc:
                    logger.exception("embedded beat failed to start")
                    await send({"type": "lifespan.startup.failed", "message": repr(exc)})
                    return
                await send({"type": "lifespan.startup.complete"})
            elif message["type"] == "lifespan.shutdown":
                # Joining the thread blocks; keep the event loop free meanwhile.
                await asyncio.to_thread(stop_embedded_beat)
                await send({"type": "lifespan.shutdown.complete"})
                return
