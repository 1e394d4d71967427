"""Every bad input of issue 2 gets a clear message, and nothing reveals who is registered."""

from __future__ import annotations

import datetime as dt

import pytest
import time_machine
from allauth.account.models import EmailAddress
from django.core import mail
from django.test import Client
from django.urls import reverse

from accounts.models import User

from .helpers import STRONG_PASSWORD, last_mail_to, links_in, make_user, path_of, signup

pytestmark = pytest.mark.django_db

FULLWIDTH_LANCELOT = "\uff4c\uff41\uff4e\uff43\uff45\uff4c\uff4f\uff54"
FULLWIDTH_GAWAIN = "\uff47\uff41\uff57\uff41\uff49\uff4e"
EXPIRED_OR_USED = b"This verification link has expired or has already been used."


def test_taken_username_is_refused_on_the_form(client: Client) -> None:
    make_user(username="lancelot", email="lancelot@camelot.test")
    response = signup(client, username="lancelot", email="other@camelot.test")
    assert response.status_code == 200
    assert b"A user with that username already exists." in response.content
    assert User.objects.filter(username="lancelot").count() == 1


def test_taken_username_is_case_insensitive(client: Client) -> None:
    make_user(username="lancelot", email="lancelot@camelot.test")
    response = signup(client, username="LANCELOT", email="other@camelot.test")
    assert response.status_code == 200
    assert b"already exists" in response.content


def test_taken_username_is_compared_after_unicode_normalisation(client: Client) -> None:
    # "lancelot" in fullwidth letters reads as "lancelot" on every page: NFKC makes it
    # so, and it was stored as a second account.
    make_user(username="lancelot", email="lancelot@camelot.test")
    response = signup(client, username=FULLWIDTH_LANCELOT, email="other@camelot.test")
    assert response.status_code == 200
    assert b"already exists" in response.content
    assert User.objects.count() == 1


def test_a_new_username_is_stored_normalised(client: Client) -> None:
    signup(client, username=FULLWIDTH_GAWAIN, email="gawain@camelot.test")
    assert User.objects.filter(username="gawain").exists()


def test_a_username_another_player_shows_as_is_refused(client: Client) -> None:
    # Without a display name a new player is shown by their username: "merlin" would read
    # as the player whose display name is "Merlin".
    other = make_user(username="ambrosius", email="ambrosius@camelot.test")
    other.display_name = "Merlin"
    other.save()
    response = signup(client, username="merlin", email="merlin@camelot.test")
    assert response.status_code == 200
    assert b"Another player already goes by this name." in response.content
    assert not User.objects.filter(username="merlin").exists()


def test_taken_email_does_not_reveal_the_account(client: Client) -> None:
    make_user(username="lancelot", email="lancelot@camelot.test")
    fresh = signup(Client(), username="newcomer", email="fresh@camelot.test")
    taken = signup(client, username="impostor", email="lancelot@camelot.test")
    # Same answer as a successful signup: the verification-sent page.
    assert taken.status_code == fresh.status_code == 302
    assert taken["Location"] == fresh["Location"] == reverse("account_email_verification_sent")
    assert not User.objects.filter(username="impostor").exists()
    # The real owner is told someone tried; no confirmation link is created for the impostor.
    warning = last_mail_to("lancelot@camelot.test")
    assert not links_in(warning, "/accounts/confirm-email/")


@pytest.mark.parametrize(
    ("password", "message"),
    [
        ("short1!", b"This password is too short."),
        ("password123", b"This password is too common."),
        ("8675309123", b"This password is entirely numeric."),
        ("arthur-camelot", b"The password is too similar to the"),
    ],
)
def test_weak_password_is_refused(client: Client, password: str, message: bytes) -> None:
    response = signup(client, password1=password, password2=password)
    assert response.status_code == 200
    assert message in response.content
    assert not User.objects.filter(username="arthur").exists()


def test_mismatched_passwords_are_refused(client: Client) -> None:
    response = signup(client, password2=STRONG_PASSWORD + "x")
    assert response.status_code == 200
    assert b"You must type the same password each time." in response.content


def test_invalid_email_is_refused(client: Client) -> None:
    response = signup(client, email="not-an-address")
    assert response.status_code == 200
    assert b"Enter a valid email address." in response.content


def test_expired_verification_link(client: Client) -> None:
    with time_machine.travel(dt.datetime(2026, 1, 1, 12, tzinfo=dt.UTC), tick=False):
        signup(client)
    [link] = links_in(last_mail_to("arthur@camelot.test"), "/accounts/confirm-email/")
    with time_machine.travel(dt.datetime(2026, 1, 5, 12, tzinfo=dt.UTC), tick=False):
        page = client.get(path_of(link))
        assert page.status_code == 200
        assert EXPIRED_OR_USED in page.content
        client.post(path_of(link))
    assert not EmailAddress.objects.get(email="arthur@camelot.test").verified


def test_reused_verification_link(client: Client) -> None:
    signup(client)
    [link] = links_in(last_mail_to("arthur@camelot.test"), "/accounts/confirm-email/")
    client.post(path_of(link))
    assert EmailAddress.objects.get(email="arthur@camelot.test").verified
    again = client.get(path_of(link))
    assert EXPIRED_OR_USED in again.content


def test_tampered_verification_link(client: Client) -> None:
    signup(client)
    [link] = links_in(last_mail_to("arthur@camelot.test"), "/accounts/confirm-email/")
    page = client.get(path_of(link).rstrip("/") + "x/")
    assert EXPIRED_OR_USED in page.content


def test_wrong_password_message(client: Client) -> None:
    make_user()
    response = client.post(reverse("account_login"), {"login": "gawain", "password": "nope"})
    assert response.status_code == 200
    assert b"The username and/or password you specified are not correct." in response.content


def test_unknown_login_gets_the_same_message_as_a_wrong_password(client: Client) -> None:
    make_user()
    wrong = client.post(reverse("account_login"), {"login": "gawain", "password": "nope"})
    unknown = client.post(reverse("account_login"), {"login": "nobody", "password": "nope"})
    assert wrong.status_code == unknown.status_code == 200
    assert b"are not correct" in unknown.content


def test_login_is_rate_limited_after_repeated_failures(client: Client) -> None:
    make_user()
    for _ in range(5):
        response = client.post(
            reverse("account_login"), {"login": "gawain", "password": "wrong-password"}
        )
        assert b"are not correct" in response.content
    # The sixth attempt is refused even with the right password.
    blocked = client.post(
        reverse("account_login"), {"login": "gawain", "password": STRONG_PASSWORD}
    )
    assert blocked.status_code == 200
    assert b"Too many failed login attempts. Try again later." in blocked.content
    assert "_auth_user_id" not in client.session


def test_signup_sends_nothing_when_form_is_invalid(client: Client) -> None:
    signup(client, username="")
    assert mail.outbox == []
