"""The private iCal feed of a user's deadlines (issue 16): one event per game waiting for
them, at its deadline, with the game's link. Public facts only (the game, the table, when),
never anything of the game's state. The feed's URL is the capability: renewing replaces it,
revoking deletes it (the old URL answers 404).
"""

from __future__ import annotations

import datetime as dt

from django.conf import settings
from django.db import transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from icalendar import Alarm, Calendar, Event

from accounts.models import User
from games.engine.core import get_game

from .models import CalendarFeed
from .selectors import my_deadlines


def calendar_feed_renew(user: User) -> CalendarFeed:
    """A new feed URL for the user; a previous one stops working at once."""
    with transaction.atomic():
        CalendarFeed.objects.filter(user=user).delete()
        return CalendarFeed.objects.create(user=user)


def calendar_feed_revoke(user: User) -> bool:
    """Stop the user's feed; False if they had none."""
    return CalendarFeed.objects.filter(user=user).delete()[0] > 0


def calendar_feed_url(feed: CalendarFeed) -> str:
    return settings.SITE_URL + reverse("clock_calendar", args=[feed.token])


def calendar_ics(feed: CalendarFeed, now: dt.datetime | None = None) -> bytes:
    """The feed as iCalendar: each pending deadline of the user, with a reminder an hour
    before it."""
    now = now or timezone.now()
    calendar = Calendar()
    calendar.add("prodid", "-//Avalon Tables//deadlines//EN")
    calendar.add("version", "2.0")
    calendar.add("x-wr-calname", _("Avalon Tables: your deadlines"))
    for row in my_deadlines(feed.user, now):
        game, table = row["game"], row["table"]
        name = get_game(table.game_slug).name
        title = table.title or name
        event = Event()
        # Stable per game and period: a calendar updates the event when the deadline moves.
        event.add("uid", f"deadline-{game.pk}@avalon-tables")
        event.add("dtstamp", now)
        event.add("dtstart", row["deadline_at"])
        event.add("dtend", row["deadline_at"])
        event.add("summary", _("Your move is due: %(title)s") % {"title": title})
        event.add("description", _("%(game)s, table %(table)s") % {"game": name, "table": table.pk})
        event.add("url", settings.SITE_URL + reverse("game", args=[game.pk]))
        alarm = Alarm()
        alarm.add("action", "DISPLAY")
        alarm.add("description", _("Your move is due in an hour: %(title)s") % {"title": title})
        alarm.add("trigger", dt.timedelta(hours=-1))
        event.add_component(alarm)
        calendar.add_component(event)
    ics: bytes = calendar.to_ical()
    return ics
