"""Time-control records the games tables do not hold: vacations and their allowance, the
grace period of a seat under the "abandon" policy, and why a game was abandoned.

Per-seat deadlines themselves live on games.Seat (`deadline_at`, `timeouts_in_a_row`,
`extensions_left`, `is_bot`): the database is the only source of truth for time.
"""

from __future__ import annotations

import datetime as dt
import secrets

from django.conf import settings
from django.db import models

DAY = 86400
# Allowance: new accounts start with some days; every week in which a player moves adds a
# day, up to a cap (issue 7 "accrues with play").
VACATION_START_SECONDS = 3 * DAY
VACATION_ACCRUAL_SECONDS = 1 * DAY
VACATION_CAP_SECONDS = 21 * DAY


class VacationAccount(models.Model):
    """A player's vacation allowance in seconds, and the last ISO week that earned some."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="vacation_account"
    )
    balance_seconds = models.PositiveIntegerField(default=VACATION_START_SECONDS)
    last_played_week = models.CharField(max_length=10, blank=True)

    def __str__(self) -> str:
        return f"{self.user_id}: {self.balance_seconds // 3600} h of vacation"

    @property
    def balance_days(self) -> float:
        return round(self.balance_seconds / DAY, 1)


class Vacation(models.Model):
    """A declared absence: the player's deadlines stand still from `starts_at` to `ends_at`
    (at tables that allow vacation). Its length was charged to the allowance when declared;
    ending it early refunds the unused part."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="vacations"
    )
    starts_at = models.DateTimeField()
    ends_at = models.DateTimeField(db_index=True)
    charged_seconds = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["starts_at"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(ends_at__gt=models.F("starts_at")), name="vacation_ends_after"
            )
        ]

    def __str__(self) -> str:
        return f"{self.user_id} away {self.starts_at:%Y-%m-%d} - {self.ends_at:%Y-%m-%d}"

    def covers(self, at: dt.datetime) -> bool:
        return self.starts_at <= at < self.ends_at


class SeatGrace(models.Model):
    """A seat under the "abandon" policy whose deadline passed: `seat.deadline_at` now holds
    the end of the grace period; if it passes too, the game is abandoned."""

    seat = models.OneToOneField("games.Seat", on_delete=models.CASCADE, related_name="grace")
    started_at = models.DateTimeField()

    def __str__(self) -> str:
        return f"grace for seat {self.seat_id} since {self.started_at:%Y-%m-%d %H:%M}"


class Abandonment(models.Model):
    """Why a game was abandoned: the seat whose grace period ran out. No result for ratings."""

    game = models.OneToOneField("games.Game", on_delete=models.CASCADE, related_name="abandonment")
    seat = models.PositiveSmallIntegerField()
    at = models.DateTimeField()

    def __str__(self) -> str:
        return f"game {self.game_id} abandoned (seat {self.seat})"


def new_calendar_token() -> str:
    """Unguessable token of a private calendar feed URL (256 bits)."""
    return secrets.token_urlsafe(32)


class CalendarFeed(models.Model):
    """A user's private iCal feed of their deadlines. The URL carries `token` (a capability,
    like a private table's invite code); revoking deletes the row, so the URL answers 404."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="calendar_feed"
    )
    token = models.CharField(max_length=64, unique=True, default=new_calendar_token)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"calendar feed of {self.user_id}"
