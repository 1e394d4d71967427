"""The sweeper: find overdue seats, claim their games, apply each table's timeout policy.

Driven by Celery beat every second (clock.tasks): each run sweeps what is overdue, then
sleeps until each next deadline due within the period and sweeps it then, so a timeout is
not as late as the beat's period (issue 14 B8). It claims one overdue game at a time with
`SELECT ... FOR UPDATE SKIP LOCKED` on the game row, the same row move_submit locks first, so
a sweeper never waits for a player nor for another sweeper: runs in several workers share a
burst, and a game busy elsewhere is left for the next claim. Under the lock it re-reads the
seat's deadline and passes the seq it saw to move_submit, so a late, repeated or concurrent
run is a no-op. (SQLite has no row
locks; its writers are serialised by the IMMEDIATE transactions of the embedded mode.)

Policies (issue 7): a neutral default move (RA-W2), a bot that takes the seat until the
player takes it back, or abandonment after a grace period; the N-th timeout in a row hands
the seat to the bot whatever the policy.
"""

from __future__ import annotations

import datetime as dt
import logging
from time import sleep
from typing import Any

from django.db import connection, transaction
from django.utils import timezone

from games.engine.core import Move, rng_for
from games.lifecycle import GameAbandoned
from games.log import definition_of, load_state
from games.models import Game, GameEvent, Seat, Table
from games.services.bot_turns import bot_move_choose
from games.services.commit import game_commit
from games.services.moves import move_submit

from .models import Abandonment, SeatGrace
from .seat_deadlines import deadline_after

logger = logging.getLogger(__name__)

# The grace period of the "abandon" policy, as a share of the table's time per move.
GRACE_SHARE = 0.5


def overdue_game_ids(now: dt.datetime, limit: int = 200) -> list[int]:
    """Games with at least one pending seat past its deadline, most overdue first."""
    rows = (
        Seat.objects.filter(
            deadline_at__lte=now,
            position__isnull=False,
            table__game__status=Game.Status.PLAYING,
        )
        .order_by("deadline_at")
        .values_list("table__game__pk", flat=True)[: limit * 4]
    )
    return list(dict.fromkeys(rows))[:limit]


def sweep(now: dt.datetime | None = None, limit: int = 200) -> int:
    """One sweeper pass: returns how many timeouts (moves, grace starts, abandonments) it
    applied. It claims overdue games one at a time, most overdue first, each with SKIP
    LOCKED in its own transaction: sweepers running at once in several workers share a
    burst of deadlines instead of queueing on the same rows, and one failing game never
    blocks the others. At most `limit` games; each at most once a pass."""
    applied = 0
    done: list[int] = []  # the games this pass claimed, in order
    while len(done) < limit:
        before = len(done)
        try:
            # Each claim at its own time, unless told: a long pass also takes what fell
            # due while it ran, and each timeout is logged when it is applied.
            claimed = _sweep_next(now or timezone.now(), done)
        except Exception:
            if len(done) == before:  # the claim itself failed: the next pass tries again
                logger.exception("clock: claiming an overdue game failed")
                break
            # Logged and left overdue (`done` holds it): the next pass retries it.
            logger.exception("clock: sweeping game %s failed", done[-1])
            continue
        if claimed is None:
            break
        applied += claimed
    return applied


def sweep_for(seconds: float) -> int:
    """Sweep now, then for `seconds` more sleep until each next deadline and sweep it as it
    falls due: the beat's period is no floor of how late a timeout is. Returns how many
    timeouts were applied."""
    until = timezone.now() + dt.timedelta(seconds=seconds)
    applied = sweep()
    while True:
        due = next_deadline()
        if due is None or due >= until:
            return applied
        wait = (due - timezone.now()).total_seconds()
        if wait > 0:
            sleep(wait)
        applied += sweep()


def next_deadline() -> dt.datetime | None:
    """The earliest deadline of a seat in a game in progress (overdue ones included)."""
    return (
        Seat.objects.filter(
            deadline_at__isnull=False,
            position__isnull=False,
            table__game__status=Game.Status.PLAYING,
        )
        .order_by("deadline_at")
        .values_list("deadline_at", flat=True)
        .first()
    )


def _sweep_next(now: dt.datetime, done: list[int]) -> int | None:
    """Claim the most overdue game no other sweeper holds and that this pass has not done
    yet, and apply its timeouts; None when there is none."""
    with transaction.atomic():
        games = Game.objects.filter(
            status=Game.Status.PLAYING,
            table__seats__deadline_at__lte=now,
            table__seats__position__isnull=False,
        ).exclude(pk__in=done)
        if connection.features.has_select_for_update_skip_locked:
            games = games.select_for_update(skip_locked=True, of=("self",))
        game = games.order_by("table__seats__deadline_at").select_related("table__host").first()
        if game is None:
            return None
        done.append(game.pk)
        return _apply_overdue(game, now)


def _claim(game_id: int) -> Game | None:
    games = Game.objects.filter(pk=game_id, status=Game.Status.PLAYING)
    if connection.features.has_select_for_update_skip_locked:
        games = games.select_for_update(skip_locked=True, of=("self",))
    else:
        games = games.select_for_update()
    return games.select_related("table__host").first()


def sweep_game(game_id: int, now: dt.datetime) -> int:
    """Apply every overdue seat of one game under its row lock."""
    with transaction.atomic():
        game = _claim(game_id)
        if game is None:
            return 0  # another sweeper or a player holds it, or it ended: nothing to do now
        return _apply_overdue(game, now)


def _apply_overdue(game: Game, now: dt.datetime) -> int:
    """Every overdue seat of a claimed game, in deadline order (inside the claim's
    transaction)."""
    applied = 0
    # Read after the claim, under the game's lock: current for the first seat. (The claim
    # itself read the game with its table: no second read of either for the first seat.)
    seats = list(
        Seat.objects.filter(
            table_id=game.table_id, deadline_at__lte=now, position__isnull=False
        ).order_by("deadline_at", "position")
    )
    for index, seat in enumerate(seats):
        if index:  # Re-read under the lock: the previous timeout may have moved the game on.
            game = Game.objects.select_related("table__host").get(pk=game.pk)
            seat = Seat.objects.get(pk=seat.pk)
        if game.status != Game.Status.PLAYING:
            break
        if seat.deadline_at is None or seat.deadline_at > now:
            continue
        applied += _apply_policy(game, seat, now)
    return applied


def _apply_policy(game: Game, seat: Seat, now: dt.datetime) -> int:
    definition = definition_of(game)
    state = load_state(game, definition)
    position = seat.position
    assert position is not None
    if position not in definition.pending_seats(state):
        Seat.objects.filter(pk=seat.pk).update(deadline_at=None)  # stale deadline
        return 0
    table = game.table
    if seat.is_bot:
        _play(game, position, bot_move_choose(game, definition, state, position), "bot", now)
        return 1
    in_a_row = seat.timeouts_in_a_row + 1
    bot_now = table.timeout_policy == Table.TimeoutPolicy.BOT or (
        table.bot_after_timeouts > 0 and in_a_row >= table.bot_after_timeouts
    )
    if bot_now:
        Seat.objects.filter(pk=seat.pk).update(is_bot=True, timeouts_in_a_row=in_a_row)
        SeatGrace.objects.filter(seat=seat).delete()
        _play(game, position, bot_move_choose(game, definition, state, position), "bot", now)
        return 1
    if table.timeout_policy == Table.TimeoutPolicy.ABANDON:
        if SeatGrace.objects.filter(seat=seat).exists():
            _abandon(game, seat, now)
        else:
            SeatGrace.objects.create(seat=seat, started_at=now)
            grace = max(1.0, table.time_per_move * GRACE_SHARE)
            seat.deadline_at = deadline_after(table, seat.user_id, now, grace)
            seat.timeouts_in_a_row = in_a_row
            seat.save(update_fields=["deadline_at", "timeouts_in_a_row"])
        return 1
    # RA-W2: the game's neutral default (a missing vote approves, a missing card succeeds).
    move = definition.default_move(state, position, _rng(game, "timeout"))
    _play(game, position, move, GameEvent.ActorKind.TIMEOUT, now)
    Seat.objects.filter(pk=seat.pk).update(timeouts_in_a_row=in_a_row)
    return 1


def _rng(game: Game, purpose: str) -> Any:
    # Distinct from the engine's own Random at this seq, still reproducible from the seed.
    return rng_for(f"{game.seed}:{purpose}", game.state_seq)


def _play(game: Game, position: int, move: Move, kind: str, now: dt.datetime) -> None:
    move_submit(
        game=game, seat=position, move=move, expected_seq=game.state_seq, actor_kind=kind, now=now
    )


def _abandon(game: Game, seat: Seat, now: dt.datetime) -> None:
    """The grace period ran out: the game ends without a result (nothing for ratings). The
    event closes it (games.lifecycle); its commit clears the deadlines and grace periods."""
    assert seat.position is not None
    name = seat.user.public_name if seat.user else f"Seat {seat.position}"
    text = f"{name} did not move in time, grace period included: the game is abandoned."
    event = GameAbandoned(seat=seat.position, text=text)
    game_commit(game, [event], actor_kind=GameEvent.ActorKind.TIMEOUT, now=now)
    Abandonment.objects.create(game=game, seat=seat.position, at=now)
