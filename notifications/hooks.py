"""The notifications' step of the commit path (games.services.commit.AFTER_COMMIT): queue
one task per change of a game, or one task for a whole batch of changes (a sweep of the
clock: `notifications_batched`). The task decides who is owed an email; the request never
waits for SMTP (except in the embedded mode, where tasks run in-process)."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from avalon_site import task_publish
from games.log import definition_of
from games.models import Game, GameEvent
from games.services.committed import Committed

logger = logging.getLogger(__name__)

# The games changed inside an open `notifications_batched`, else None.
_batched: ContextVar[list[int] | None] = ContextVar("notifications_batched", default=None)


def queue_notifications(committed: Committed) -> None:
    from .tasks import game_changed_task

    game = committed.game
    if _nobody_newly_waited_for(committed):
        return
    batch = _batched.get()
    if batch is not None:
        batch.append(game.pk)
        return
    try:
        task_publish.task_delay(game_changed_task, game.pk)
    except Exception:
        # A notification must never undo or fail a committed move (e.g. broker down).
        logger.exception("notifications: could not queue for game %s", game.pk)


def _nobody_newly_waited_for(committed: Committed) -> bool:
    """A player's move in play after which every seat waited for was already waited for
    before it and did not act in it (the others' votes of a simultaneous round): the task
    would find each of them told already ("your turn" once per wait, however the notice was
    delivered or held), so it is not queued (issue 14: a queued task costs a move about 1 ms
    of CPU). The start, the end, a new wait, and every change that is not a player's move
    still queue it."""
    if committed.started or committed.before.status != committed.after.status:
        return False
    if committed.after.status != Game.Status.PLAYING or not committed.rows:
        return False
    if any(r.actor_kind != GameEvent.ActorKind.PLAYER for r in committed.rows):
        return False
    definition = definition_of(committed.game)
    before = definition.pending_seats(committed.state_before)
    after = definition.pending_seats(committed.state)
    acted = {r.actor_seat for r in committed.rows}
    return after <= before - acted


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
