"""When a bot at the table plays: a bot seat (no user, `is_bot`) moves through the same move
path as a person (games.services.bot_turns), after a short, human-like delay.

After every commit (a step of games.services.commit.AFTER_COMMIT) `bot_turns_queue` looks
whether a bot seat is pending and, if so, queues one `games.bot_turn` task with a countdown
of `settings.BOT_MOVE_DELAY_SECONDS`, carrying the seq it saw. The task (`bot_turn_play`)
locks the game, does nothing if the game moved on meanwhile (that commit queued its own
task), and plays the lowest pending bot seat through `move_submit`; that commit queues the
next bot, so simultaneous phases fill one bot at a time, like people voting.

The seat's deadline (clock.seat_deadlines, `bot_seat_wait`) is the delay plus a margin: if
a task is lost (a worker died), the clock's sweeper plays the seat as for any bot, without
racing the task it backs up. With eager tasks (embedded mode) and a delay, no task is sent:
the embedded beat's sweeper plays the seat when it is due, which keeps the delay. With no
delay (tests) the turns are played at once, in a loop, not by recursion: a game of bots
only (the person's last move before many bot moves) would otherwise nest one commit inside
the previous one's after-commit step per move.
"""

from __future__ import annotations

import datetime as dt
import threading
from collections import deque
from typing import Any

from django.conf import settings

from games.log import definition_of
from games.models import Game, Seat

from .committed import Committed

_inline = threading.local()

# How long after a bot's task should have played the sweeper plays the seat instead.
BACKSTOP = dt.timedelta(seconds=30)


def bot_seat_wait() -> dt.timedelta:
    """When a pending bot at the table is due, from now: the delay, when the embedded
    sweeper is what plays it; the delay and the backstop margin, when a task does."""
    from games.tasks import bot_turn_task

    delay = dt.timedelta(seconds=float(settings.BOT_MOVE_DELAY_SECONDS))
    sweeper_plays = bot_turn_task.app.conf.task_always_eager and delay > dt.timedelta(0)
    return delay if sweeper_plays else delay + BACKSTOP


def bot_seats_pending(game: Game, state: Any) -> list[int]:
    """Positions of the table's bots (seats without a user) that the game waits for."""
    pending = definition_of(game).pending_seats(state)
    if not pending:
        return []
    rows = Seat.objects.filter(
        table_id=game.table_id, user__isnull=True, is_bot=True, position__in=pending
    ).values_list("position", flat=True)
    return sorted(p for p in rows if p is not None)


def bot_turns_queue(committed: Committed) -> None:
    """After a commit: queue the next bot turn if a bot seat is pending."""
    game = committed.game
    if game.status != Game.Status.PLAYING:
        return
    # The seats the commit read already (no query per move for tables without bots).
    pending = definition_of(game).pending_seats(committed.state)
    if not any(s.user_id is None and s.is_bot and s.position in pending for s in committed.seats):
        return
    # Imported here: the task plays through move_submit, whose commit path imports this.
    from games.tasks import bot_turn_task

    delay = float(settings.BOT_MOVE_DELAY_SECONDS)
    if not bot_turn_task.app.conf.task_always_eager:
        bot_turn_task.apply_async((game.pk, game.state_seq), countdown=delay)
    elif delay <= 0:
        _play_inline(bot_turn_task, game.pk, game.state_seq)
    # Eager with a delay: the embedded sweeper plays the seat at its deadline (see above).


def _play_inline(task: Any, game_id: int, seq: int) -> None:
    """Play bot turns now, one after the other: a turn queued while one is being played
    waits in the queue for the loop of the outermost call."""
    queue: deque[tuple[int, int]] | None = getattr(_inline, "queue", None)
    if queue is not None:
        queue.append((game_id, seq))
        return
    _inline.queue = queue = deque([(game_id, seq)])
    try:
        while queue:
            task(*queue.popleft())
    finally:
        _inline.queue = None
