"""The notifications' outbox: a change of a game that owes its players notices marks the game
in its own transaction (`Game.notices_owed`, a step of games.services.commit), and the relay
hands the marked games to tasks (notifications.tasks.games_changed_task, a batch each) and
clears the marks, every second from beat (settings.CELERY_BEAT_SCHEDULE).

Why not a task queued by each change: the mark is one more column of the UPDATE the change
makes anyway, where a queued task cost a move a trip to the broker (issue 14, B1); the mark
commits or rolls back with the change, so a broker down at the move loses no notice (the
relay's claim rolls back with its failed publish, and the next run tries again); and the
changes of a second, across every game and process, share a few tasks, their reads and
their SMTP connections. A task that runs twice sends nothing twice (notices_for_games:
once per wait).

Where tasks run in-process (the embedded site, tests with eager tasks) a change relays at
once after its commit, so its notices are sent as the move returns.
"""

from __future__ import annotations

from celery import current_app
from django.db import transaction

from games.log import definition_of
from games.models import Game, GameEvent
from games.services.committed import Committed

# Games per task: a burst's emails (a thousand games timing out at once) are shared by the
# worker processes, as the sweep's batches shared them before the outbox.
RELAY_BATCH = 50


def notices_owed(committed: Committed) -> None:
    """In the change's transaction: mark the game when the change calls for notices (the
    mark is written with the game's row, games.services.commit)."""
    if not _nobody_newly_waited_for(committed):
        committed.game.notices_owed = True


def _nobody_newly_waited_for(committed: Committed) -> bool:
    """A player's move in play after which every seat waited for was already waited for
    before it and did not act in it (the others' votes of a simultaneous round): the task
    would find each of them told already ("your turn" once per wait, however the notice was
    delivered or held), so the game is not marked. The start, the end, a new wait, and
    every change that is not a player's move still mark it."""
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


def notices_now(committed: Committed) -> None:
    """After the commit, where tasks run in-process: relay at once."""
    if committed.game.notices_owed and current_app.conf.task_always_eager:
        notices_relay()


def notices_relay(limit: int = RELAY_BATCH) -> int:
    """Hand every game marked as owing notices to one task per `limit` games, clearing their
    marks in the same transaction; returns how many games were handed over. A game whose row
    a change holds locked is left for the next run (SKIP LOCKED: the change may mark it
    again, and its mark is then still set). A failed publish leaves the marks set. A task
    run in-process runs after the claim's commit: its emails are not sent while the claim
    holds the games' rows (on SQLite, the whole database)."""
    from .tasks import games_changed_task

    in_process = current_app.conf.task_always_eager
    handed = 0
    while True:
        with transaction.atomic():
            claim = (
                Game.objects.select_for_update(skip_locked=True)
                .filter(notices_owed=True)
                .order_by("pk")
                .values_list("pk", flat=True)
            )
            ids = list(claim[:limit])
            if not ids:
                return handed
            Game.objects.filter(pk__in=ids).update(notices_owed=False)
            if not in_process:
                games_changed_task.delay(ids)  # raises: the claim rolls back, the marks stay
        if in_process:
            games_changed_task.delay(ids)
        handed += len(ids)
        if len(ids) < limit:
            return handed
