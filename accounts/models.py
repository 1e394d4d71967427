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

from django.conf import settings
from django.contrib.auth.models import AbstractUser
from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy


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
        raise ValidationError(
            _("%(zone)r is not a known time zone.") % {"zone": value}, code="invalid"
        ) from exc


def deleted_player_name(number: int) -> str:
    """The name a deleted account goes by, in the reader's language."""
    return _("Deleted player %(number)d") % {"number": number}


# The preferences a user edits on their profile (the profile form and the admin's "Profile").
PROFILE_FIELDS = (
    "display_name",
    "language",
    "time_zone",
    "email_on_turn",
    "deadline_warnings",
    "daily_digest",
    "quiet_hours_start",
    "quiet_hours_end",
)


def reader_language(user: User | None) -> str:
    """The language to write in for a reader who is not at the site right now (an email, a
    page pushed to a socket): their profile's, else the site's default. A socket that
    speaks another language (Accept-Language) renders its own copy (games.consumers)."""
    return user.language_code if user is not None else str(settings.LANGUAGE_CODE)


class User(AbstractUser):
    """A player or staff member. Display name and preferences live on the user row."""

    display_name = models.CharField(
        gettext_lazy("display name"),
        max_length=40,
        blank=True,
        help_text=gettext_lazy("Shown to other players instead of your username."),
    )
    # Blank: follow the browser (Accept-Language). Set by the language switch while signed
    # in, by the sign-up (the language the player signed up in) and on the profile; emails
    # and pushed pages use it, since they are written outside the player's own request.
    language = models.CharField(
        gettext_lazy("language"),
        max_length=8,
        blank=True,
        default="",
        choices=settings.LANGUAGES,
        help_text=gettext_lazy("The language of the site and of your emails."),
    )
    time_zone = models.CharField(
        gettext_lazy("time zone"),
        max_length=64,
        default="UTC",
        validators=[validate_time_zone],
        help_text=gettext_lazy("Deadlines and quiet hours are shown and applied in this zone."),
    )
    email_on_turn = models.BooleanField(
        gettext_lazy("email me when it is my turn"),
        default=True,
        help_text=gettext_lazy("One email each time you must act."),
    )
    deadline_warnings = models.BooleanField(
        gettext_lazy("deadline warnings"),
        default=True,
        help_text=gettext_lazy("Warn me before a move deadline passes."),
    )
    daily_digest = models.BooleanField(
        gettext_lazy("daily digest"),
        default=False,
        help_text=gettext_lazy(
            "Collect turn notices into one email a day instead of single emails."
        ),
    )
    quiet_hours_start = models.TimeField(
        gettext_lazy("quiet hours start"),
        null=True,
        blank=True,
        help_text=gettext_lazy("No email from this local time..."),
    )
    quiet_hours_end = models.TimeField(
        gettext_lazy("quiet hours end"),
        null=True,
        blank=True,
        help_text=gettext_lazy("...until this local time."),
    )
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
    def language_code(self) -> str:
        """The language to write to this player in when they are not at the site (emails,
        pushed pages): the profile's, else the site's default."""
        return self.language or settings.LANGUAGE_CODE

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
            raise ValidationError(_("Give both ends of your quiet hours, or neither."))
