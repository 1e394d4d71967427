"""The notifications' step of the commit path (games.services.commit.AFTER_COMMIT): queue
one task per change of a game, or one task for a whole batch of changes (a sweep of the
clock: `notifications_batched`). The task decides who is owed an email; the request never
waits for SMTP (except in the embedded mode, where tasks run in-process)."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from games.services.committed import Committed

logger = logging.getLogger(__name__)

# The games changed inside an open `notifications_batched`, else None.
_batched: ContextVar[list[int] | None] = ContextVar("notifications_batched", default=None)


def queue_notifications(committed: Committed) -> None:
    from .tasks import game_changed_task

    game = committed.game
    batch = _batched.get()
    if batch is not None:
        batch.append(game.pk)
        return
    try:
        game_changed_task.delay(game.pk)
    except Exception:
        # A notification must never undo or fail a committed move (e.g. broker down).
        logger.exception("notifications: could not queue for game %s", game.pk)


@contextmanager
def notifications_batched() -> Iterator[None]:
    """The commits made inside (their after-commit steps included: open it around the
    transaction) queue their notifications as one task when it closes, in commit order. A
    change rolled back queues nothing: its after-commit steps never run."""
    from .tasks import games_changed_task

    games: list[int] = []
    token = _batched.set(games)
    try:
        yield
    finally:
        _batched.reset(token)
        if games:
            try:
                games_changed_task.delay(games)
            except Exception:
                logger.exception("notifications: could not queue for games %s", games)
