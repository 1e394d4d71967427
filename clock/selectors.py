"""Reads of the time controls for the pages: the clock panel of a game (time left per
pending seat, who is on vacation until when, my extensions, take back my seat), the
"where I must act" inbox sorted by deadline, and a player's vacation allowance."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.utils import timezone

from accounts.models import User
from games.log import definition_of, load_state
from games.models import Game, Seat

from .models import Abandonment, Vacation
from .vacations import account_for


def time_left(deadline: dt.datetime | None, now: dt.datetime) -> str:
    """'2 d 3 h', '3 h 20 min', '45 s', 'overdue' - short enough for a badge."""
    if deadline is None:
        return ""
    seconds = int((deadline - now).total_seconds())
    if seconds <= 0:
        return "overdue"
    days, rest = divmod(seconds, 86400)
    hours, rest = divmod(rest, 3600)
    minutes, secs = divmod(rest, 60)
    if days:
        return f"{days} d {hours} h"
    if hours:
        return f"{hours} h {minutes} min"
    if minutes:
        return f"{minutes} min"
    return f"{secs} s"


def _vacations_now(user_ids: list[int], now: dt.datetime) -> dict[int, dt.datetime]:
    rows = Vacation.objects.filter(user_id__in=user_ids, starts_at__lte=now, ends_at__gt=now)
    return {v.user_id: v.ends_at for v in rows}


def game_clock(game: Game, user: User | None, now: dt.datetime | None = None) -> dict[str, Any]:
    """Everything the game page shows about time; public facts only (deadlines are public)."""
    now = now or timezone.now()
    table = game.table
    seats = list(
        Seat.objects.filter(table_id=table.pk, position__isnull=False)
        .select_related("user")
        .order_by("position")
    )
    away: dict[int, dt.datetime] = {}
    if table.allow_vacation:
        away = _vacations_now([s.user_id for s in seats if s.user_id], now)
    pending: frozenset[int] = frozenset()
    if game.status == Game.Status.PLAYING and game.state is not None:
        definition = definition_of(game)
        pending = frozenset(definition.pending_seats(load_state(game, definition)))
    rows = []
    mine = None
    for seat in seats:
        row = {
            "position": seat.position,
            "name": seat.user.public_name if seat.user else f"Bot {seat.position}",
            "pending": seat.position in pending,
            "deadline_at": seat.deadline_at,
            "time_left": time_left(seat.deadline_at, now) if seat.position in pending else "",
            "is_bot": seat.is_bot,
            "away_until": away.get(seat.user_id) if seat.user_id else None,
            "extensions_left": seat.extensions_left,
        }
        rows.append(row)
        if user is not None and seat.user_id == user.pk:
            mine = {
                **row,
                "can_extend": row["pending"]
                and not seat.is_bot
                and seat.extensions_left > 0
                and seat.deadline_at is not None,
                "can_take_back": seat.is_bot and game.status == Game.Status.PLAYING,
            }
    abandonment = Abandonment.objects.filter(game=game).first()
    return {
        "game": game,
        "table": table,
        "seats": rows,
        "me": mine,
        "playing": game.status == Game.Status.PLAYING,
        "abandoned_seat": abandonment.seat if abandonment else None,
        "policy": table.get_timeout_policy_display(),
        "period": table.get_time_per_move_display(),
    }


def my_deadlines(user: User, now: dt.datetime | None = None) -> list[dict[str, Any]]:
    """Games where the user must act now, soonest deadline first (the on-site inbox)."""
    now = now or timezone.now()
    seats = (
        Seat.objects.filter(
            user=user,
            deadline_at__isnull=False,
            is_bot=False,
            table__game__status=Game.Status.PLAYING,
        )
        .select_related("table__game")
        .order_by("deadline_at")
    )
    return [
        {
            "game": seat.table.game,
            "table": seat.table,
            "deadline_at": seat.deadline_at,
            "time_left": time_left(seat.deadline_at, now),
        }
        for seat in seats
    ]


def vacation_summary(user: User, now: dt.datetime | None = None) -> dict[str, Any]:
    now = now or timezone.now()
    return {
        "account": account_for(user.pk),
        "vacations": list(Vacation.objects.filter(user=user, ends_at__gt=now)),
        "now": now,
    }
