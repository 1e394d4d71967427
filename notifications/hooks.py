"""The move path's after-commit hook of the notifications: queue one task per change of a
game. The task decides who is owed an email; the request never waits for SMTP (except in
the embedded mode, where tasks run in-process)."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from games.models import Game, GameEvent
from games.services import hooks

logger = logging.getLogger(__name__)


@hooks.register_after_commit
def queue_notifications(game: Game, rows: Sequence[GameEvent], state: Any) -> None:
    from .tasks import game_changed_task

    try:
        game_changed_task.delay(game.pk)
    except Exception:
        # A notification must never undo or fail a committed move (e.g. broker down).
        logger.exception("notifications: could not queue for game %s", game.pk)
