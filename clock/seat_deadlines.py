"""Per-seat deadlines: when a seat's period ends, and the two steps of the commit path
(games.services.commit) that keep them: `deadlines_set` inside every commit's transaction,
`vacation_accrue` after it.

A period is the table's time per move of running time: weekends skipped in the host's time
zone if the table says so, the player's vacations paused (clock.deadlines does the
arithmetic).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence

from django.utils import timezone

from avalon_site import task_publish
from games.log import definition_of
from games.models import Game, GameEvent, Seat, Table
from games.prepared import update_pks
from games.services.bot_queue import bot_seat_wait
from games.services.committed import Committed

from .deadlines import Interval, advance
from .models import SeatGrace, Vacation
from .vacations import iso_week


def vacation_pauses(user_id: int | None, table: Table, after: dt.datetime) -> list[Interval]:
    """The player's vacations not over by `after`, if the table allows vacation."""
    return vacation_pauses_of([user_id], table, after).get(user_id, []) if user_id else []


def vacation_pauses_of(
    user_ids: Iterable[int | None], table: Table, after: dt.datetime
) -> dict[int, list[Interval]]:
    """Several players' vacations in one query (a new round gives every seat a deadline)."""
    ids = {u for u in user_ids if u is not None}
    if not ids or not table.allow_vacation:
        return {}
    out: dict[int, list[Interval]] = {}
    rows = Vacation.objects.filter(user_id__in=ids, ends_at__gt=after).order_by("starts_at")
    for user_id, starts_at, ends_at in rows.values_list("user_id", "starts_at", "ends_at"):
        out.setdefault(user_id, []).append((starts_at, ends_at))
    return out


def deadline_after(
    table: Table,
    user_id: int | None,
    start: dt.datetime,
    seconds: float | None = None,
    *,
    pauses: Sequence[Interval] | None = None,
) -> dt.datetime:
    """`start` plus one period of the table's time per move (or `seconds`) of running time:
    weekends skipped in the host's time zone if the table says so, vacations paused
    (`pauses`: the player's vacations when the caller read them already)."""
    host_zone = table.host.zone if table.skip_weekends else None
    return advance(
        start,
        table.time_per_move if seconds is None else seconds,
        skip_weekends_in=host_zone,
        pauses=vacation_pauses(user_id, table, start) if pauses is None else pauses,
    )


def deadlines_set(committed: Committed) -> None:
    """After a move (or the deal): every pending seat gets a deadline, others none.

    A seat keeps its running deadline while it still has to act (simultaneous phases: the
    others' votes do not restart my clock); a seat that just acted and must act again gets
    a fresh period. A bot standing in for a player is due at once so the next sweep plays
    it; a bot at the table (no user) after the bot delay (games.services.bot_turns).

    Runs inside every move, so it reads nothing the commit read already (its seats, their
    grace rows, whether each player has a vacation not over), reads the vacations of the
    seats that need a fresh period and have one in one query (not one per seat), and writes
    only changed seats, one UPDATE per distinct change.
    """
    game, rows, state = committed.game, committed.rows, committed.state
    now = timezone.now()
    table = game.table
    if game.status != Game.Status.PLAYING:
        update_pks(Seat, [table.pk], {"deadline_at": None}, by="table")
        if any(in_grace(seat) for seat in committed.seats):
            SeatGrace.objects.filter(seat__table_id=table.pk).delete()
        for seat in committed.seats:
            seat.deadline_at = None
        return
    seats = committed.seats
    pending = definition_of(game).pending_seats(state)
    acted_by_player = {r.actor_seat for r in rows if r.actor_kind == GameEvent.ActorKind.PLAYER} - {
        None
    }
    acted = {r.actor_seat for r in rows} - {None}

    def fresh(seat: Seat) -> bool:
        return (
            seat.position in pending
            and not (seat.is_bot and seat.position not in acted_by_player)
            and (seat.deadline_at is None or seat.position in acted)
        )

    # Only players with a vacation not over (read with the seats) can have a pause.
    away = [s.user_id for s in seats if fresh(s) and getattr(s, "vacation_ahead", True)]
    pauses = vacation_pauses_of(away, table, now)
    # A new round gives every pending seat the same deadline: one UPDATE for all of them.
    writes: dict[tuple[tuple[str, object], ...], list[int]] = {}
    for seat in seats:
        changed: dict[str, object] = {}
        if seat.is_bot and seat.position in acted_by_player:
            # The player moved again themself: they are back, the bot leaves the seat.
            seat.is_bot = False
            changed["is_bot"] = False
        if seat.position not in pending:
            deadline = None
        elif seat.is_bot and seat.user_id is None:
            # A bot at the table: its turn is queued after the commit (games.services.bot_queue).
            # Asked here only: reading Celery's configuration costs a move without bots.
            deadline = now + bot_seat_wait()
        elif seat.is_bot:
            deadline = now
        elif seat.deadline_at is None or seat.position in acted:
            deadline = deadline_after(
                table, seat.user_id, now, pauses=pauses.get(seat.user_id or 0, [])
            )
        else:
            deadline = seat.deadline_at
        if deadline != seat.deadline_at:
            seat.deadline_at = deadline
            changed["deadline_at"] = deadline
        if changed:
            writes.setdefault(tuple(sorted(changed.items())), []).append(seat.pk)
    for change, pks in writes.items():
        update_pks(Seat, pks, dict(change))  # games.prepared: no ORM build per move
    # Grace rows came with the seats (games.selectors.seats_in_play): delete only real ones.
    done = [
        s.pk for s in seats if (s.position in acted or s.position not in pending) and in_grace(s)
    ]
    if done:
        SeatGrace.objects.filter(seat_id__in=done).delete()


def in_grace(seat: Seat) -> bool:
    """The seat has a grace row (read with it; a missing one raises, which means none)."""
    try:
        return seat.grace is not None
    except SeatGrace.DoesNotExist:
        return False


def vacation_accrue(committed: Committed) -> None:
    """A player's own move earns vacation allowance: queued after commit, so the move never
    waits on the allowance row. The week it last grew was read with the seats
    (seats_in_play): on all but a player's first move of a week nothing is queued."""
    from .tasks import vacation_accrue_task

    positions = {
        r.actor_seat for r in committed.rows if r.actor_kind == GameEvent.ActorKind.PLAYER
    } - {None}
    if not positions:
        return
    now = timezone.now()
    week = iso_week(now)
    remember: bool | None = None  # Celery's configuration is read only when a task is owed
    for seat in committed.seats:
        user_id, acted = seat.user_id, seat.position in positions
        if not acted or user_id is None or getattr(seat, "played_week", None) == week:
            continue
        if remember is None:
            remember = not vacation_accrue_task.app.conf.task_always_eager
        if remember and _queued_week.get(user_id) == week:
            continue  # queued already: until the worker records the week, do not again
        task_publish.task_delay(vacation_accrue_task, user_id, now.isoformat())
        if remember:
            if len(_queued_week) >= QUEUED_WEEKS_KEPT:
                _queued_week.clear()
            _queued_week[user_id] = week


# The ISO week each player's allowance task was last queued for by this process. The week
# the task records is read with the seats, but until a worker has run it every move of that
# player queued it again (about 1 ms of a move's CPU, issue 14). Not with eager tasks: those
# record the week before the next move. Bounded: a process forgets them all past this size.
_queued_week: dict[int, str] = {}
QUEUED_WEEKS_KEPT = 10_000
