"""Reads of the time controls for the pages: the clock panel of a game (time left per
pending seat, who is on vacation until when, my extensions, take back my seat), the
"where I must act" inbox sorted by deadline, and a player's vacation allowance."""

from __future__ import annotations

import datetime as dt
import functools
from collections.abc import Sequence
from typing import Any

from django.utils import timezone
from django.utils.dateformat import format as date_format
from django.utils.encoding import force_str
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from accounts.models import User
from games.log import definition_of, load_state
from games.models import Game, Seat, Table
from games.selectors import seat_name

from .models import Abandonment, Vacation
from .vacations import account_for


def time_left(deadline: dt.datetime | None, now: dt.datetime) -> str:
    """'2 d 3 h left', '3 h 20 min left', '45 s left', 'overdue' - short enough for a
    badge, in the active language."""
    if deadline is None:
        return ""
    seconds = int((deadline - now).total_seconds())
    if seconds <= 0:
        return _("overdue")
    days, rest = divmod(seconds, 86400)
    hours, rest = divmod(rest, 3600)
    minutes, secs = divmod(rest, 60)
    if days:
        # Translators: time left before a deadline, in days and hours ("2 d 3 h left").
        return _("%(days)s d %(hours)s h left") % {"days": days, "hours": hours}
    if hours:
        return _("%(hours)s h %(minutes)s min left") % {"hours": hours, "minutes": minutes}
    if minutes:
        return _("%(minutes)s min left") % {"minutes": minutes}
    return _("%(seconds)s s left") % {"seconds": secs}


def is_overdue(deadline: dt.datetime | None, now: dt.datetime) -> bool:
    return deadline is not None and deadline <= now


def _vacations_now(user_ids: list[int], now: dt.datetime) -> dict[int, dt.datetime]:
    rows = Vacation.objects.filter(user_id__in=user_ids, starts_at__lte=now, ends_at__gt=now)
    return {v.user_id: v.ends_at for v in rows}


def deadline_local(at: dt.datetime | None, user: User | None) -> str:
    """A deadline as the reader reads it: in their own time zone (UTC when anonymous),
    named, so "until Tue 25 Nov, 14:30 (Europe/Paris)" means the same on every page."""
    if at is None:
        return ""
    return _deadline_text(at, user.zone if user is not None else dt.UTC, get_language())


@functools.lru_cache(maxsize=1024)
def _deadline_text(at: dt.datetime, zone: dt.tzinfo, language: str | None) -> str:
    """deadline_local's words, kept: every viewer of an update in the same zone and
    language reads each seat's deadline the same (the clock panel asks once per viewer)."""
    local = at.astimezone(zone)
    # Translators: a deadline's day and time in Django's date format ("Tue 25 Nov, 14:30").
    shown = date_format(local, _("D j M, H:i"))
    return f"{shown} ({getattr(zone, 'key', 'UTC')})"


def game_clock(game: Game, user: User | None, now: dt.datetime | None = None) -> dict[str, Any]:
    """Everything the game page shows about time; public facts only (deadlines are public)."""
    return clock_for(clock_facts(game, now), user)


def clock_facts(
    game: Game, now: dt.datetime | None = None, seats: Sequence[Seat] | None = None
) -> dict[str, Any]:
    """The clock panel's reads, shared by every viewer of one update (clock_for adds the
    viewer's own part). `seats`: as games.selectors.seats_in_play read them (with their
    vacations under way), when the caller has them."""
    now = now or timezone.now()
    table = game.table
    away: dict[int, dt.datetime] = {}
    if seats is None:
        seats = list(
            Seat.objects.filter(table_id=table.pk, position__isnull=False)
            .select_related("user")
            .order_by("position")
        )
        if table.allow_vacation:
            away = _vacations_now([s.user_id for s in seats if s.user_id], now)
    elif table.allow_vacation:
        ends = {s.user_id: getattr(s, "away_until", None) for s in seats if s.user_id}
        away = {user_id: end for user_id, end in ends.items() if end is not None}
    pending: frozenset[int] = frozenset()
    if game.status == Game.Status.PLAYING and game.state is not None:
        definition = definition_of(game)
        pending = frozenset(definition.pending_seats(load_state(game, definition)))
    rows = []
    for seat in seats:
        rows.append(
            {
                "position": seat.position,
                "name": seat_name(seat),
                "pending": seat.position in pending,
                "deadline_at": seat.deadline_at,
                "time_left": time_left(seat.deadline_at, now) if seat.position in pending else "",
                "overdue": is_overdue(seat.deadline_at, now),
                "is_bot": seat.is_bot,
                "away_until": away.get(seat.user_id) if seat.user_id else None,
                "extensions_left": seat.extensions_left,
            }
        )
    # Only an aborted game can have been abandoned: no read otherwise.
    abandonment = (
        Abandonment.objects.filter(game=game).first()
        if game.status == Game.Status.ABORTED
        else None
    )
    return {
        "game": game,
        "table": table,
        "seats": rows,
        "seat_rows": list(zip(seats, rows, strict=True)),
        "playing": game.status == Game.Status.PLAYING,
        "abandoned_seat": abandonment.seat if abandonment else None,
        "policy": _display(table, "timeout_policy"),
        "period": _display(table, "time_per_move"),
    }


def _display(table: Table, field: str) -> Any:
    """table.get_<field>_display(), from the field's choices read once: Django's makes
    them hashable again at each call (a seventh of the clock panel's update)."""
    value = getattr(table, field)
    return force_str(_choices(field).get(value, value), strings_only=True)


@functools.cache
def _choices(field: str) -> dict[Any, Any]:
    return dict(Table._meta.get_field(field).flatchoices)  # type: ignore[union-attr]


def clock_for(facts: dict[str, Any], user: User | None) -> dict[str, Any]:
    """The clock panel's context for `user`: the shared facts, the deadlines in their time
    zone, and their own seat's extension and take-back."""
    mine = None
    rows = []
    for seat, shared in facts["seat_rows"]:
        # Deadlines in the reader's own time zone (UTC when anonymous).
        row = {**shared, "deadline_local": deadline_local(seat.deadline_at, user)}
        rows.append(row)
        if user is not None and seat.user_id == user.pk:
            mine = {
                **row,
                "can_extend": row["pending"]
                and not seat.is_bot
                and seat.extensions_left > 0
                and seat.deadline_at is not None,
                "can_take_back": seat.is_bot and facts["playing"],
            }
    return {**facts, "seats": rows, "me": mine}


def my_deadlines(user: User, now: dt.datetime | None = None) -> list[dict[str, Any]]:
    """Games where the user must act now, soonest deadline first (the on-site inbox)."""
    now = now or timezone.now()
    seats = (
        Seat.objects.on_the_clock()
        .filter(user=user)
        .select_related("table__game")
        .order_by("deadline_at")
    )
    return [
        {
            "game": seat.table.game,
            "table": seat.table,
            "deadline_at": seat.deadline_at,
            "time_left": time_left(seat.deadline_at, now),
            "overdue": is_overdue(seat.deadline_at, now),
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
