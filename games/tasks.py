"""Celery tasks of the games domain. `games.presence_purge` runs from beat
(settings.CELERY_BEAT_SCHEDULE) and removes presence rows of crashed server processes."""

from __future__ import annotations

from celery import shared_task

from games.services.presence import presence_purge_stale


@shared_task(name="games.presence_purge", ignore_result=True)  # type: ignore[untyped-decorator]
def presence_purge_task() -> int:
    return presence_purge_stale()
