"""The profile page: display name, time zone, notification preferences, API token."""

from __future__ import annotations

import datetime as dt

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.authtoken.models import Token

from accounts.models import User

from .helpers import make_user

pytestmark = pytest.mark.django_db

VALID = {
    "display_name": "  Sir   Gawain ",
    "time_zone": "Europe/London",
    "email_on_turn": "on",
    "daily_digest": "on",
    "quiet_hours_start": "22:30",
    "quiet_hours_end": "07:00",
}


@pytest.fixture
def gawain(client: Client) -> User:
    user = make_user()
    client.force_login(user)
    return user


def test_profile_requires_login(client: Client) -> None:
    response = client.get(reverse("profile"))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("account_login"))


def test_profile_page_renders_the_form(client: Client, gawain: User) -> None:
    response = client.get(reverse("profile"))
    assert response.status_code == 200
    html = response.content.decode()
    for name in VALID:
        assert f'name="{name}"' in html
    assert '<label for="id_time_zone">' in html
    assert "verified" in html


def test_profile_saves_preferences(client: Client, gawain: User) -> None:
    response = client.post(reverse("profile"), VALID)
    assert response.status_code == 302
    gawain.refresh_from_db()
    assert gawain.display_name == "Sir Gawain"
    assert gawain.time_zone == "Europe/London"
    assert gawain.email_on_turn is True
    assert gawain.deadline_warnings is False  # unchecked box
    assert gawain.daily_digest is True
    assert gawain.quiet_hours_start == dt.time(22, 30)
    assert gawain.quiet_hours_end == dt.time(7, 0)
    assert str(gawain) == "Sir Gawain"


def test_profile_rejects_unknown_time_zone(client: Client, gawain: User) -> None:
    response = client.post(reverse("profile"), {**VALID, "time_zone": "Mars/Olympus_Mons"})
    assert response.status_code == 400
    assert b"Select a valid choice." in response.content
    gawain.refresh_from_db()
    assert gawain.time_zone == "UTC"


def test_profile_rejects_half_quiet_hours(client: Client, gawain: User) -> None:
    response = client.post(reverse("profile"), {**VALID, "quiet_hours_end": ""})
    assert response.status_code == 400
    assert b"Give both ends of your quiet hours, or neither." in response.content


def test_token_create_shows_key_once_and_authenticates_api(client: Client, gawain: User) -> None:
    response = client.post(reverse("api_token_create"))
    assert response.status_code == 302
    token = Token.objects.get(user=gawain)
    first = client.get(reverse("profile")).content.decode()
    assert token.key in first
    second = client.get(reverse("profile")).content.decode()
    assert token.key not in second
    assert "Revoke token" in second


def test_token_replace_invalidates_old_key(client: Client, gawain: User) -> None:
    client.post(reverse("api_token_create"))
    old = Token.objects.get(user=gawain).key
    client.post(reverse("api_token_create"))
    new = Token.objects.get(user=gawain).key
    assert old != new
    assert not Token.objects.filter(key=old).exists()


def test_token_revoke(client: Client, gawain: User) -> None:
    client.post(reverse("api_token_create"))
    response = client.post(reverse("api_token_revoke"))
    assert response.status_code == 302
    assert not Token.objects.filter(user=gawain).exists()
    again = client.post(reverse("api_token_revoke"), follow=True)
    assert b"You had no API token." in again.content


def test_token_endpoints_refuse_get(client: Client, gawain: User) -> None:
    assert client.get(reverse("api_token_create")).status_code == 405
    assert client.get(reverse("api_token_revoke")).status_code == 405
    assert not Token.objects.filter(user=gawain).exists()


@pytest.mark.parametrize(
    ("typed", "kept"),
    [
        ("Sir\u202e Gawain", "Sir Gawain"),  # a bidi override reversed the rest of a log line
        ("Ga\u200bwain\u2066", "Gawain"),  # zero-width space, an isolate never closed
        ("\uff27awain\x07", "Gawain"),  # fullwidth G (NFKC), a control character
    ],
)
def test_display_name_loses_invisible_characters(
    client: Client, gawain: User, typed: str, kept: str
) -> None:
    response = client.post(reverse("profile"), {**VALID, "display_name": typed})
    assert response.status_code == 302
    gawain.refresh_from_db()
    assert gawain.display_name == kept


@pytest.mark.parametrize(
    "name", ["percival", "PERCIVAL", "Sir Percy", "sir percy", "Per\u200bcival"]
)
def test_display_name_of_another_player_is_refused(client: Client, gawain: User, name: str) -> None:
    other = make_user(username="percival", email="percival@camelot.test")
    other.display_name = "Sir Percy"
    other.save()
    response = client.post(reverse("profile"), {**VALID, "display_name": name})
    assert response.status_code == 400
    assert b"Another player already goes by this name." in response.content
    gawain.refresh_from_db()
    assert gawain.display_name == ""


def test_own_username_as_display_name_is_fine(client: Client, gawain: User) -> None:
    response = client.post(reverse("profile"), {**VALID, "display_name": "Gawain"})
    assert response.status_code == 302
    gawain.refresh_from_db()
    assert gawain.display_name == "Gawain"
