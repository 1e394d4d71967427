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

from games.log import definition_of
from games.models import Game, GameEvent, Seat, Table
from games.services.committed import Committed

from .deadlines import Interval, advance
from .models import SeatGrace, Vacation
from .vacations import accrue_for_play, iso_week


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
    a fresh period. A bot's seat is due at once so the next sweep plays it.

    Runs inside every move, so it reads the seats once, the vacations of the seats that
    need a fresh period in one query (not one per seat), and writes only changed seats.
    """
    game, rows, state = committed.game, committed.rows, committed.state
    now = timezone.now()
    table = game.table
    if game.status != Game.Status.PLAYING:
        Seat.objects.filter(table_id=table.pk).update(deadline_at=None)
        SeatGrace.objects.filter(seat__table_id=table.pk).delete()
        return
    seats = list(Seat.objects.filter(table_id=table.pk, position__isnull=False))
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

    pauses = vacation_pauses_of([s.user_id for s in seats if fresh(s)], table, now)
    for seat in seats:
        changed: list[str] = []
        if seat.is_bot and seat.position in acted_by_player:
            # The player moved again themself: they are back, the bot leaves the seat.
            seat.is_bot = False
            changed.append("is_bot")
        if seat.position not in pending:
            deadline = None
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
            changed.append("deadline_at")
        if changed:
            # One UPDATE per changed seat: cheaper than bulk_update's CASE for the one or
            # two seats a typical move changes (measured).
            seat.save(update_fields=changed)
    done = [s.pk for s in seats if s.position in acted or s.position not in pending]
    if done:
        SeatGrace.objects.filter(seat_id__in=done).delete()


def vacation_accrue(committed: Committed) -> None:
    """A player's own move earns vacation allowance (after commit: its own small write, so
    the move's transaction never waits on the allowance row)."""
    game, rows = committed.game, committed.rows
    positions = {r.actor_seat for r in rows if r.actor_kind == GameEvent.ActorKind.PLAYER}
    if not positions - {None}:
        return
    now = timezone.now()
    week = iso_week(now)
    # The week the allowance last grew is read with the seat: on all but a player's first
    # move of a week there is nothing to write, and this one query is all the hook costs.
    users = Seat.objects.filter(
        table_id=game.table_id, position__in=positions - {None}, user__isnull=False
    ).values_list("user_id", "user__vacation_account__last_played_week")
    for user_id, last_week in users:
        if last_week != week:
            accrue_for_play(user_id, now)
