"""Per-seat deadlines: set them inside the move transaction, spend an extension, take a seat
back from the bot.

Every write here locks the game row first (like move_submit and the sweeper), so deadlines
change under one lock order and a sweeper never races a player for the same seat.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence
from typing import Any

from django.db import transaction
from django.utils import timezone

from accounts.models import User
from games.log import definition_of, load_state
from games.models import Game, GameEvent, Seat, Table
from games.services import hooks
from games.services.errors import Conflict, NotSeated

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


@hooks.register_in_transaction
def deadlines_set(game: Game, rows: Sequence[GameEvent], state: Any) -> None:
    """After a move (or the deal): every pending seat gets a deadline, others none.

    A seat keeps its running deadline while it still has to act (simultaneous phases: the
    others' votes do not restart my clock); a seat that just acted and must act again gets
    a fresh period. A bot's seat is due at once so the next sweep plays it.

    Runs inside every move, so it reads the seats once, the vacations of the seats that
    need a fresh period in one query (not one per seat), and writes only changed seats.
    """
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


@hooks.register_after_commit
def vacation_accrue(game: Game, rows: Sequence[GameEvent], state: Any) -> None:
    """A player's own move earns vacation allowance (after commit: its own small write, so
    the move's transaction never waits on the allowance row)."""
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


def _my_locked_seat(game: Game, user: User) -> tuple[Game, Seat]:
    hooks.authorise(user, "play")  # a suspended player cannot extend or take back (issue 5)
    locked = Game.objects.select_for_update().select_related("table__host").get(pk=game.pk)
    seat = (
        Seat.objects.select_for_update()
        .filter(table_id=locked.table_id, user=user, position__isnull=False)
        .first()
    )
    if seat is None:
        raise NotSeated("You do not have a seat in this game.")
    if locked.status != Game.Status.PLAYING:
        raise Conflict("This game is over.")
    return locked, seat


def extension_spend(*, game: Game, user: User, now: dt.datetime | None = None) -> dt.datetime:
    """Spend one of the player's extensions: their running deadline moves one period later."""
    now = now or timezone.now()
    with transaction.atomic():
        locked, seat = _my_locked_seat(game, user)
        if seat.deadline_at is None or seat.is_bot:
            raise Conflict("You have no running deadline to extend.")
        if seat.extensions_left <= 0:
            raise Conflict("You have no extensions left in this game.")
        seat.deadline_at = deadline_after(locked.table, seat.user_id, max(seat.deadline_at, now))
        seat.extensions_left -= 1
        seat.save(update_fields=["deadline_at", "extensions_left"])
        _after_commit_broadcast(locked)
        return seat.deadline_at


def seat_take_back(*, game: Game, user: User, now: dt.datetime | None = None) -> None:
    """The player returns: the bot leaves their seat and their clock starts afresh."""
    now = now or timezone.now()
    with transaction.atomic():
        locked, seat = _my_locked_seat(game, user)
        if not seat.is_bot:
            raise Conflict("Your seat is not played by a bot.")
        definition = definition_of(locked)
        pending = definition.pending_seats(load_state(locked, definition))
        seat.is_bot = False
        seat.timeouts_in_a_row = 0
        seat.deadline_at = (
            deadline_after(locked.table, seat.user_id, now) if seat.position in pending else None
        )
        seat.save(update_fields=["is_bot", "timeouts_in_a_row", "deadline_at"])
        _after_commit_broadcast(locked)


def _after_commit_broadcast(game: Game) -> None:
    """Push the changed players panel (deadlines, bot flags) to every viewer after commit."""
    from games.services import broadcast

    def push() -> None:
        definition = definition_of(game)
        state = load_state(game, definition)
        seats = Seat.objects.filter(table_id=game.table_id, position__isnull=False).count()
        broadcast.game_updated(game, [], state, seats)

    transaction.on_commit(push)
