"""Vacations: the allowance (starts with some days, one more per week played, capped),
declaring a vacation (its length is charged at once) and ending it early (the rest is
refunded). While a vacation runs, the player's deadlines at tables that allow vacation
stand still: running deadlines are pushed back by the part of the vacation still ahead,
and new ones start counting when it ends (clock.seat_deadlines.deadline_after).
"""

from __future__ import annotations

import datetime as dt

from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts.models import User
from games.models import Game, Seat
from games.services.errors import BadOptions, Conflict, NotFound

from .models import (
    VACATION_ACCRUAL_SECONDS,
    VACATION_CAP_SECONDS,
    Vacation,
    VacationAccount,
)


def account_for(user_id: int, *, lock: bool = False) -> VacationAccount:
    """The player's allowance row, created with the starting balance on first use."""
    account, _ = VacationAccount.objects.get_or_create(user_id=user_id)
    if not lock:
        return account
    return VacationAccount.objects.select_for_update().get(pk=account.pk)


def iso_week(at: dt.datetime) -> str:
    year, week, _ = at.isocalendar()
    return f"{year}-W{week:02d}"


def accrue_for_play(user_id: int, now: dt.datetime) -> None:
    """A move of the player's own: the first one of an ISO week earns a day of allowance."""
    week = iso_week(now)
    account = account_for(user_id)
    if account.last_played_week == week:
        return
    # Conditional update: two moves of the same week in parallel earn the day once.
    VacationAccount.objects.filter(pk=account.pk).exclude(last_played_week=week).update(
        last_played_week=week,
        balance_seconds=F("balance_seconds") + VACATION_ACCRUAL_SECONDS,
    )
    VacationAccount.objects.filter(pk=account.pk, balance_seconds__gt=VACATION_CAP_SECONDS).update(
        balance_seconds=VACATION_CAP_SECONDS
    )


def _shift_running_deadlines(user: User, start: dt.datetime, seconds: float) -> None:
    """Move the player's running deadlines that fall after `start` by `seconds` (negative to
    take a pause back), at tables allowing vacation. Locks each game first (lock order)."""
    seats = (
        Seat.objects.on_the_clock()
        .filter(user=user, deadline_at__gt=start, table__allow_vacation=True)
        .values_list("pk", "table__game__pk")
    )
    for seat_pk, game_pk in list(seats):
        Game.objects.select_for_update().filter(pk=game_pk).first()
        seat = Seat.objects.select_for_update().get(pk=seat_pk)
        if seat.deadline_at is None:
            continue
        shifted = seat.deadline_at + dt.timedelta(seconds=seconds)
        seat.deadline_at = max(shifted, start)
        seat.save(update_fields=["deadline_at"])


def vacation_declare(
    *, user: User, starts_at: dt.datetime, ends_at: dt.datetime, now: dt.datetime | None = None
) -> Vacation:
    """Declare an absence. Refused if it overlaps another, lies in the past, or is longer
    than the allowance left; its length is charged at once."""
    now = now or timezone.now()
    starts_at = max(starts_at, now)
    if ends_at <= starts_at:
        raise BadOptions(_("A vacation must end after it starts (and after now)."), field="ends_at")
    seconds = int((ends_at - starts_at).total_seconds())
    with transaction.atomic():
        account = account_for(user.pk, lock=True)
        if seconds > account.balance_seconds:
            days = account.balance_days
            raise BadOptions(
                ngettext(
                    "You have %(days)s day of vacation left.",
                    "You have %(days)s days of vacation left.",
                    int(days) if days.is_integer() else 2,  # "1.5 days"
                )
                % {"days": f"{days:g}"},
                field="ends_at",
            )
        overlapping = Vacation.objects.filter(
            user=user, starts_at__lt=ends_at, ends_at__gt=starts_at
        ).exists()
        if overlapping:
            raise Conflict(_("This overlaps a vacation you already declared."))
        vacation = Vacation.objects.create(
            user=user, starts_at=starts_at, ends_at=ends_at, charged_seconds=seconds
        )
        account.balance_seconds -= seconds
        account.save(update_fields=["balance_seconds"])
        _shift_running_deadlines(user, starts_at, seconds)
    return vacation


def vacation_end(*, user: User, vacation_id: int, now: dt.datetime | None = None) -> None:
    """Come back early (or cancel a planned vacation): the unused days are refunded and the
    pause still ahead is taken back from running deadlines."""
    now = now or timezone.now()
    with transaction.atomic():
        vacation = (
            Vacation.objects.select_for_update()
            .filter(pk=vacation_id, user=user, ends_at__gt=now)
            .first()
        )
        if vacation is None:
            raise NotFound(_("No such vacation ahead of you."))
        cut = max(now, vacation.starts_at)
        unused = int((vacation.ends_at - cut).total_seconds())
        account = account_for(user.pk, lock=True)
        account.balance_seconds = min(VACATION_CAP_SECONDS, account.balance_seconds + unused)
        account.save(update_fields=["balance_seconds"])
        if cut <= vacation.starts_at:
            vacation.delete()
        else:
            vacation.ends_at = cut
            vacation.charged_seconds -= unused
            vacation.save(update_fields=["ends_at", "charged_seconds"])
        _shift_running_deadlines(user, cut, -unused)
