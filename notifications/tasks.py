"""Celery tasks of the notifications: the games whose changes owe notices, handed over by
the outbox's relay (notifications.outbox, run by beat every second), and the periodic flush
(settings.CELERY_BEAT_SCHEDULE).

The emails of a change go at a lower priority than the clock's sweeps (settings
CELERY_TASK_ROUTES): in a burst of timeouts the workers apply the timeouts first and send
their emails after, instead of each process alternating between the two."""

from __future__ import annotations

from celery import shared_task

from .digest import flush
from .outbox import notices_relay
from .services import notices_for_game, notices_for_games


@shared_task(name="notifications.game_changed", ignore_result=True)  # type: ignore[untyped-decorator]
def game_changed_task(game_id: int) -> int:
    """Create and deliver the notices a change of this game calls for (no longer queued by
    the site: kept for a task queued before the outbox, found in the broker after a deploy)."""
    return notices_for_game(game_id)


@shared_task(name="notifications.games_changed", ignore_result=True)  # type: ignore[untyped-decorator]
def games_changed_task(game_ids: list[int]) -> int:
    """The same for the games the outbox's relay handed over, read and sent together."""
    return notices_for_games(game_ids)


@shared_task(name="notifications.flush", ignore_result=True)  # type: ignore[untyped-decorator]
def flush_task() -> dict[str, int]:
    """Deadline warnings, held-back notices, daily digests."""
    return flush()


# A run left in the queue past a few beats is dropped: a later run hands over the same marks.
@shared_task(name="notifications.relay", ignore_result=True, expires=10)  # type: ignore[untyped-decorator]
def relay_task() -> int:
    """The games marked as owing notices, handed to games_changed_task (notifications.outbox)."""
    return notices_relay()
