"""Celery tasks of the time controls. `clock.sweep` runs from beat every second
(settings.CLOCK_SWEEP_PERIOD); deadlines live in the database, so there are no ETA tasks
to lose when a worker dies: the next run simply finds what is overdue. A burst (a run that
claims a full batch) is shared out as `clock.sweep_more` tasks, at the default priority,
ahead of the notification tasks the burst queues (notifications.tasks)."""

from __future__ import annotations

import datetime as dt

from celery import shared_task
from django.conf import settings

from .sweeper import sweep, sweep_for, sweep_more
from .vacations import accrue_for_play


@shared_task(name="clock.sweep", ignore_result=True)  # type: ignore[untyped-decorator]
def sweep_task() -> int:
    """Apply every overdue timeout now, and those falling due before the next run as they
    fall due; returns how many were applied. The embedded mode's scheduler runs tasks in
    the server's process: there a run sweeps once and never sleeps."""
    if settings.EMBEDDED:
        return sweep()
    return sweep_for(settings.CLOCK_SWEEP_PERIOD * 0.9)


# A run left in the queue past a few beats is dropped: the beat's own runs find what it
# would have found.
@shared_task(name="clock.sweep_more", ignore_result=True, expires=30)  # type: ignore[untyped-decorator]
def sweep_more_task() -> int:
    """One batch of a burst; queues itself again while batches come full."""
    return sweep_more()


@shared_task(name="clock.vacation_accrue", ignore_result=True)  # type: ignore[untyped-decorator]
def vacation_accrue_task(user_id: int, at: str) -> None:
    """A player's first move of an ISO week earns a day of allowance (queued by the move's
    commit, clock.seat_deadlines.vacation_accrue: the move does not wait for it)."""
    accrue_for_play(user_id, dt.datetime.fromisoformat(at))
