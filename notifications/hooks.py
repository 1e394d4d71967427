"""The notifications' step of the commit path (games.services.commit.AFTER_COMMIT): queue
one task per change of a game. The task decides who is owed an email; the request never
waits for SMTP (except in the embedded mode, where tasks run in-process)."""

from __future__ import annotations

import logging

from games.services.committed import Committed

logger = logging.getLogger(__name__)


def queue_notifications(committed: Committed) -> None:
    from .tasks import game_changed_task

    game = committed.game
    try:
        game_changed_task.delay(game.pk)
    except Exception:
        # A notification must never undo or fail a committed move (e.g. broker down).
        logger.exception("notifications: could not queue for game %s", game.pk)
