"""Celery tasks of the time controls. `clock.sweep` runs from beat every few seconds
(settings.CELERY_BEAT_SCHEDULE); deadlines live in the database, so there are no ETA tasks
to lose when a worker dies: the next run simply finds what is overdue."""

from __future__ import annotations

from celery import shared_task

from .sweeper import sweep


@shared_task(name="clock.sweep", ignore_result=True)  # type: ignore[untyped-decorator]
def sweep_task() -> int:
    """Apply every overdue timeout now; returns how many were applied."""
    return sweep()
