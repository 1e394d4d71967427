"""Accounts: the custom user model (from the first migration) and the player's profile.

The profile lives on the user row itself (one table, no join on every page): display name,
time zone and notification preferences. Later work (notifications, deadlines) reads them
through the helpers here so the meaning of "quiet hours" is defined once.

A deleted account stays as a tombstone row (`deleted_at` set, everything personal scrubbed,
accounts.services.data): seats, chat rows and moderation records keep a valid user, shown
to everyone as "Deleted player N".
"""

from __future__ import annotations

import datetime as dt
import zoneinfo
from functools import cache

from django.contrib.auth.models import AbstractUser
from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext as _


@cache
def time_zone_names() -> tuple[str, ...]:
    """IANA zone names offered on the profile form, sorted, UTC first."""
    names = sorted(
        n for n in zoneinfo.available_timezones() if "/" in n and not n.startswith("Etc/")
    )
    return ("UTC", *names)


def validate_time_zone(value: str) -> None:
    """Accept any zone the interpreter knows (no choices= so tzdata updates need no migration)."""
    try:
        zoneinfo.ZoneInfo(value)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError) as exc:
        raise ValidationError(f"{value!r} is not a known time zone.", code="invalid") from exc


def deleted_player_name(number: int) -> str:
    """The name a deleted account goes by, in the reader's language."""
    return _("Deleted player %(number)d") % {"number": number}


class User(AbstractUser):
    """A player or staff member. Display name and preferences live on the user row."""

    display_name = models.CharField(
        max_length=40, blank=True, help_text="Shown to other players instead of your username."
    )
    time_zone = models.CharField(
        max_length=64,
        default="UTC",
        validators=[validate_time_zone],
        help_text="Deadlines and quiet hours are shown and applied in this zone.",
    )
    email_on_turn = models.BooleanField(
        "email me when it is my turn", default=True, help_text="One email each time you must act."
    )
    deadline_warnings = models.BooleanField(
        "deadline warnings", default=True, help_text="Warn me before a move deadline passes."
    )
    daily_digest = models.BooleanField(
        "daily digest",
        default=False,
        help_text="Collect turn notices into one email a day instead of single emails.",
    )
    quiet_hours_start = models.TimeField(
        null=True, blank=True, help_text="No email from this local time..."
    )
    quiet_hours_end = models.TimeField(null=True, blank=True, help_text="...until this local time.")
    deleted_at = models.DateTimeField(
        null=True,
        blank=True,
        editable=False,
        help_text="Set when the player deleted their account: this row is a scrubbed tombstone.",
    )

    def __str__(self) -> str:
        return self.public_name

    @property
    def public_name(self) -> str:
        """The name other players see (a deleted account's, translated for the reader)."""
        if self.deleted_at is not None:
            return deleted_player_name(self.pk)
        return self.display_name or self.username

    @property
    def zone(self) -> zoneinfo.ZoneInfo:
        try:
            return zoneinfo.ZoneInfo(self.time_zone)
        except (zoneinfo.ZoneInfoNotFoundError, ValueError):
            return zoneinfo.ZoneInfo("UTC")

    def in_quiet_hours(self, now: dt.datetime) -> bool:
        """Whether `now` (aware) falls inside this user's quiet hours, in their own zone.

        A window may wrap midnight (22:00-07:00). Equal start and end means no quiet hours.
        """
        start, end = self.quiet_hours_start, self.quiet_hours_end
        if start is None or end is None or start == end:
            return False
        local = now.astimezone(self.zone).time().replace(tzinfo=None)
        if start < end:
            return start <= local < end
        return local >= start or local < end

    def clean(self) -> None:
        super().clean()
        if (self.quiet_hours_start is None) != (self.quiet_hours_end is None):
            raise ValidationError("Give both ends of your quiet hours, or neither.")
