"""Celery tasks of the notifications: queued on commit after every change of a game
(notifications.hooks, a step of games.services.commit), and the periodic flush run by beat
(settings.CELERY_BEAT_SCHEDULE).

The emails of a change go at a lower priority than the clock's sweeps (settings
CELERY_TASK_ROUTES): in a burst of timeouts the workers apply the timeouts first and send
their emails after, instead of each process alternating between the two."""

from __future__ import annotations

from celery import shared_task

from .digest import flush
from .services import notices_for_game, notices_for_games


@shared_task(name="notifications.game_changed", ignore_result=True)  # type: ignore[untyped-decorator]
def game_changed_task(game_id: int) -> int:
    """Create and deliver the notices a change of this game calls for."""
    return notices_for_game(game_id)


@shared_task(name="notifications.games_changed", ignore_result=True)  # type: ignore[untyped-decorator]
def games_changed_task(game_ids: list[int]) -> int:
    """The same for a batch of changes (a sweep of the clock), read and sent together."""
    return notices_for_games(game_ids)


@shared_task(name="notifications.flush", ignore_result=True)  # type: ignore[untyped-decorator]
def flush_task() -> dict[str, int]:
    """Deadline warnings, held-back notices, daily digests."""
    return flush()
