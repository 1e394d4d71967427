"""The private iCal feed of deadlines (issue 16): made and renewed on the profile, read by a
real iCal parser (the `icalendar` library) with one event per game waiting for the user at
its deadline; a renewed or revoked link answers 404; nothing of the game's state is in it.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.test import Client
from icalendar import Calendar

from clock.models import CalendarFeed
from games.log import definition_of, load_state
from games.models import Seat
from tests.games.conftest import make_user, started_game

pytestmark = pytest.mark.django_db


def _client(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_feed_lists_my_deadlines_and_a_revoked_link_is_gone(
    clock: Any, five_users: list[Any]
) -> None:
    game = started_game(five_users, slug="resistance-avalon")
    state = load_state(game)
    pending = definition_of(game).pending_seats(state)
    seat = Seat.objects.get(table=game.table, position=min(pending))
    me = seat.user
    assert me is not None
    assert seat.deadline_at is not None
    client = _client(me)
    profile = client.get("/accounts/profile/").content.decode()
    assert "You have no calendar link." in profile

    client.post("/clock/calendar/renew/")
    feed = CalendarFeed.objects.get(user=me)
    profile = client.get("/accounts/profile/").content.decode()
    assert f"/clock/calendar/{feed.token}.ics" in profile

    response = Client().get(f"/clock/calendar/{feed.token}.ics")  # calendars sign in to nothing
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/calendar")
    calendar = Calendar.from_ical(response.content)
    events = list(calendar.walk("VEVENT"))
    assert len(events) == 1
    event = events[0]
    assert event.decoded("dtstart") == seat.deadline_at
    assert str(event["url"]).endswith(f"/games/{game.pk}/")
    assert "The Resistance: Avalon" in str(event["description"])
    assert len(list(event.walk("VALARM"))) == 1
    # Public facts only: no role of anyone.
    text = response.content.decode()
    for word in ("merlin", "assassin", "minion", "servant", "evil"):
        assert word not in text.lower()

    # A player with nothing due gets an empty calendar, still valid.
    other = next(s.user for s in game.table.seats.all() if s.position not in pending)
    client_other = _client(other)
    client_other.post("/clock/calendar/renew/")
    token = CalendarFeed.objects.get(user=other).token
    empty = Calendar.from_ical(Client().get(f"/clock/calendar/{token}.ics").content)
    assert list(empty.walk("VEVENT")) == []

    # Renewing replaces the link; revoking stops it. Old links answer 404.
    old = feed.token
    client.post("/clock/calendar/renew/")
    new = CalendarFeed.objects.get(user=me).token
    assert new != old
    assert Client().get(f"/clock/calendar/{old}.ics").status_code == 404
    assert Client().get(f"/clock/calendar/{new}.ics").status_code == 200
    client.post("/clock/calendar/revoke/")
    assert Client().get(f"/clock/calendar/{new}.ics").status_code == 404
    assert not CalendarFeed.objects.filter(user=me).exists()
    assert Client().get("/clock/calendar/not-a-token.ics").status_code == 404
    # A GET never changes the link; a stranger's POST changes only their own (none).
    assert client.get("/clock/calendar/renew/").status_code == 405
    stranger = make_user()
    _client(stranger).post("/clock/calendar/revoke/")
    assert CalendarFeed.objects.filter(user=other).exists()


def test_the_deadline_moves_in_the_feed(clock: Any, five_users: list[Any]) -> None:
    """The event of a game keeps its UID while its deadline changes (calendars update it)."""
    game = started_game(five_users, slug="resistance-avalon")
    pending = definition_of(game).pending_seats(load_state(game))
    seat = Seat.objects.get(table=game.table, position=min(pending))
    assert seat.user is not None
    assert seat.deadline_at is not None
    feed = CalendarFeed.objects.create(user=seat.user)
    first = Calendar.from_ical(Client().get(f"/clock/calendar/{feed.token}.ics").content)
    Seat.objects.filter(pk=seat.pk).update(deadline_at=seat.deadline_at + dt.timedelta(hours=5))
    second = Calendar.from_ical(Client().get(f"/clock/calendar/{feed.token}.ics").content)
    (a,) = first.walk("VEVENT")
    (b,) = second.walk("VEVENT")
    assert str(a["uid"]) == str(b["uid"])
    assert b.decoded("dtstart") - a.decoded("dtstart") == dt.timedelta(hours=5)
