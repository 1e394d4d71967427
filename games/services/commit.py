"""The one commit path of a game, and the ordered list of what follows every commit.

Every change of a game is a list of events appended to its log by `game_commit`: a seat's
move, a timeout's default move and a bot's move (moves.move_submit), the deal
(lobby.table_start), and the site's own decisions, typed events of games.lifecycle: an
abandonment (clock.sweeper), an abort, a void, a seat handed to a bot or a substitute
(moderation, accounts). In the caller's transaction, with the game row locked, it appends
the rows, folds the state and the lifecycle (status, finished_at, outcome) and writes both
caches from that fold, after IN_TRANSACTION; then AFTER_COMMIT once the transaction has
committed. Nothing is registered from elsewhere: what follows a move is read here.
"""

from __future__ import annotations

import datetime as dt
import logging
from collections.abc import Callable, Sequence

from django.db import transaction
from django.utils import timezone

from clock.seat_deadlines import deadlines_set, vacation_accrue
from games.engine.core import Event
from games.lifecycle import Lifecycle, applies, lifecycle_step
from games.log import (
    append,
    definition_of,
    encode_state,
    evolve,
    load_state,
    remember_decoded,
    remember_state_type,
)
from games.models import Game, GameEvent, Seat, Table
from games.prepared import update_pks, update_row
from games.selectors import seats_in_play
from notifications.outbox import notices_now, notices_owed
from ratings.services import ratings_follow

from . import broadcast
from .bot_queue import bot_turns_queue
from .committed import Committed
from .errors import game_closed

logger = logging.getLogger(__name__)

Step = Callable[[Committed], None]


def remember_state(committed: Committed) -> None:
    """This process keeps the new state decoded for the next read of the game."""
    remember_decoded(committed.game, committed.state)


def broadcast_commit(committed: Committed) -> None:
    """Each seat gets its own view and the new events redacted for it; the deal tells the
    table page instead (nobody watches the game yet)."""
    game = committed.game
    if committed.started:
        broadcast.table_changed(game.table_id, game.pk)
    else:
        # A player's payload is built even unheard: the mover's reply reuses its own (a
        # timeout's or a bot's move has no reply).
        movers = {
            row.actor_seat for row in committed.rows if row.actor_kind == GameEvent.ActorKind.PLAYER
        } - {None}
        committed.payloads.update(
            broadcast.game_updated(
                game, committed.entries, committed.state, committed.seats, also=movers
            )
        )


# In the commit's transaction: a failure rolls the whole change back.
IN_TRANSACTION: tuple[Step, ...] = (
    notices_owed,  # notifications: the game is marked when the change calls for notices
    deadlines_set,  # clock: pending seats get a deadline, the others none (issue 7)
    ratings_follow,  # ratings: a finish rates the game, a void unrates it (why here: ratings)
)

# After the commit, in order. Robust: each failure is logged and the next step still runs;
# once committed the change stands (R2: Redis down mid-game must not fail a move).
AFTER_COMMIT: tuple[Step, ...] = (
    remember_state,
    broadcast_commit,
    vacation_accrue,  # clock: a player's own move earns vacation allowance
    notices_now,  # notifications: relayed at once where tasks run in-process (else by beat)
    bot_turns_queue,  # bots at the table: a pending bot seat plays after a delay (bot_queue)
)


def game_commit(
    game: Game,
    events: Sequence[Event],
    *,
    actor_kind: str,
    actor_seat: int | None = None,
    now: dt.datetime | None = None,
    seats: Sequence[Seat] | None = None,
) -> Committed:
    """Append `events` to the log of `game` and bring its caches to the fold of the log.

    The caller holds the game row's lock (select_for_update) in its transaction; a new game
    (no events yet) is dealt by its first commit. Each event must apply to the game's status
    as the log leaves it (the rules' events only in play; games.lifecycle), else Conflict.
    `seats`: the seats as games.selectors.seats_in_play read them under that lock, if the
    caller did already (read here otherwise).
    """
    if not transaction.get_connection().in_atomic_block:
        raise RuntimeError("game_commit runs inside the caller's transaction")
    definition = definition_of(game)
    at = now or timezone.now()
    state_before = load_state(game, definition) if game.state_seq else None
    before = after = Lifecycle.of(game)
    state = state_before
    states = []
    for event in events:
        if not applies(event, after.status):
            raise game_closed(after.status)
        state = evolve(definition, state, event)
        after = lifecycle_step(after, event, at, state, definition)
        states.append(state)
    rows = append(
        game,
        events,
        first_seq=game.state_seq + 1,
        actor_seat=actor_seat,
        actor_kind=actor_kind,
        at=at,
    )
    if state_before is None:
        remember_state_type(definition, state)
    # Against the state before and its stored JSON, as read with the game's row.
    stored = None if "state" in game.get_deferred_fields() else game.state
    game.state = encode_state(state, state_before, stored)
    game.state_seq += len(rows)
    game.status, game.finished_at, game.outcome = after.status, after.finished_at, after.outcome
    committed = Committed(
        game=game,
        rows=tuple(rows),
        events=tuple(events),
        states=tuple(states),
        state_before=state_before,
        before=before,
        after=after,
        seats=tuple(seats_in_play(game) if seats is None else seats),
    )
    for step in IN_TRANSACTION:
        step(committed)
    # The game's row after the steps: a step may mark it (notices owed), in the same UPDATE.
    owed = ("notices_owed",) if game.notices_owed else ()
    update_row(game, ("state", "state_seq", "status", "finished_at", "outcome", *owed))
    if after.status != before.status:
        update_pks(Table, [game.table_id], {"status": after.status})
    transaction.on_commit(lambda: _run_after_commit(committed))
    return committed


def seats_changed(game: Game) -> None:
    """Seats changed beside the log (an extension spent, a seat taken back from its bot):
    after commit every viewer gets the new players panel, with no new events."""
    state = load_state(game)
    lifecycle = Lifecycle.of(game)
    unchanged = Committed(
        game=game,
        rows=(),
        events=(),
        states=(),
        state_before=state,
        before=lifecycle,
        after=lifecycle,
        seats=tuple(seats_in_play(game)),
    )
    transaction.on_commit(lambda: _run_after_commit(unchanged, (broadcast_commit,)))


def _run_after_commit(committed: Committed, steps: Sequence[Step] | None = None) -> None:
    for step in AFTER_COMMIT if steps is None else steps:
        try:
            step(committed)
        except Exception:
            logger.exception(
                "commit: %s failed after game %s committed", step.__name__, committed.game.pk
            )
