"""Change email (verified before it replaces the old one) and change password."""

from __future__ import annotations

import pytest
from allauth.account.models import EmailAddress
from django.test import Client
from django.urls import reverse

from accounts.models import User

from .helpers import STRONG_PASSWORD, last_mail_to, links_in, make_user, path_of

pytestmark = pytest.mark.django_db

NEW_PASSWORD = "Round-Table-Seat-13!"


@pytest.fixture
def gawain(client: Client) -> User:
    user = make_user()
    client.post(reverse("account_login"), {"login": "gawain", "password": STRONG_PASSWORD})
    return user


def test_change_email_takes_effect_after_verifying_the_new_address(
    client: Client, gawain: User
) -> None:
    page = client.get(reverse("account_email"))
    assert page.status_code == 200
    response = client.post(
        reverse("account_email"), {"action_add": "", "email": "gawain@orkney.test"}
    )
    assert response.status_code == 302
    gawain.refresh_from_db()
    assert gawain.email == "gawain@camelot.test"  # not before verification

    [link] = links_in(last_mail_to("gawain@orkney.test"), "/accounts/confirm-email/")
    client.post(path_of(link))
    gawain.refresh_from_db()
    assert gawain.email == "gawain@orkney.test"
    addresses = list(EmailAddress.objects.filter(user=gawain).values_list("email", "verified"))
    assert addresses == [("gawain@orkney.test", True)]


def test_change_email_refuses_an_invalid_address(client: Client, gawain: User) -> None:
    response = client.post(reverse("account_email"), {"action_add": "", "email": "nope"})
    assert response.status_code == 200
    assert b"Enter a valid email address." in response.content


def test_change_password(client: Client, gawain: User) -> None:
    response = client.post(
        reverse("account_change_password"),
        {"oldpassword": STRONG_PASSWORD, "password1": NEW_PASSWORD, "password2": NEW_PASSWORD},
    )
    assert response.status_code == 302
    gawain.refresh_from_db()
    assert gawain.check_password(NEW_PASSWORD)
    # Still logged in after the change.
    assert client.session["_auth_user_id"] == str(gawain.pk)


def test_change_password_needs_the_current_one(client: Client, gawain: User) -> None:
    response = client.post(
        reverse("account_change_password"),
        {"oldpassword": "not-it", "password1": NEW_PASSWORD, "password2": NEW_PASSWORD},
    )
    assert response.status_code == 200
    assert b"Please type your current password." in response.content


def test_change_password_refuses_a_weak_one(client: Client, gawain: User) -> None:
    response = client.post(
        reverse("account_change_password"),
        {"oldpassword": STRONG_PASSWORD, "password1": "12345678", "password2": "12345678"},
    )
    assert response.status_code == 200
    assert b"This password is too common." in response.content
