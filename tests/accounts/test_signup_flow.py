"""Signup -> verification email -> confirm -> log in (issue 2), with the mandatory gate."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from allauth.account.models import EmailAddress
from django.core import mail
from django.test import Client
from django.urls import reverse

from accounts.models import User

from .helpers import STRONG_PASSWORD, last_mail_to, links_in, path_of, signup

pytestmark = pytest.mark.django_db


def test_signup_sends_verification_and_confirm_enables_login(client: Client) -> None:
    response = signup(client)
    assert response.status_code == 302
    assert response["Location"] == reverse("account_email_verification_sent")

    user = User.objects.get(username="arthur")
    assert user.email == "arthur@camelot.test"
    address = EmailAddress.objects.get(user=user)
    assert not address.verified

    message = last_mail_to("arthur@camelot.test")
    assert message.subject.startswith("[Avalon Tables]")
    [link] = links_in(message, "/accounts/confirm-email/")

    # Not logged in before verifying: logging in re-sends the email instead.
    login = client.post(reverse("account_login"), {"login": "arthur", "password": STRONG_PASSWORD})
    assert login["Location"] == reverse("account_email_verification_sent")
    assert "_auth_user_id" not in client.session

    page = client.get(path_of(link))
    assert page.status_code == 200
    assert b"Confirm my address" in page.content
    confirmed = client.post(path_of(link))
    assert confirmed.status_code == 302
    address.refresh_from_db()
    assert address.verified

    login = client.post(reverse("account_login"), {"login": "arthur", "password": STRONG_PASSWORD})
    assert login.status_code == 302
    assert login["Location"] == reverse("home")
    assert client.session["_auth_user_id"] == str(user.pk)


def test_login_with_email_after_verification(client: Client) -> None:
    signup(client, username="percival", email="percival@camelot.test")
    [link] = links_in(last_mail_to("percival@camelot.test"), "/accounts/confirm-email/")
    client.post(path_of(link))

    login = client.post(
        reverse("account_login"), {"login": "percival@camelot.test", "password": STRONG_PASSWORD}
    )
    assert login.status_code == 302
    assert client.session["_auth_user_id"] == str(User.objects.get(username="percival").pk)


def test_verification_email_is_written_to_files_in_embedded_mode(
    client: Client, settings: Any, tmp_path: Path
) -> None:
    settings.EMAIL_BACKEND = "django.core.mail.backends.filebased.EmailBackend"
    settings.EMAIL_FILE_PATH = tmp_path
    mail.outbox = []
    signup(client, username="bors", email="bors@camelot.test")
    files = list(tmp_path.iterdir())
    assert len(files) == 1
    assert "/accounts/confirm-email/" in files[0].read_text()


def test_logout_ends_the_session(client: Client) -> None:
    from .helpers import make_user

    make_user()
    client.post(reverse("account_login"), {"login": "gawain", "password": STRONG_PASSWORD})
    assert "_auth_user_id" in client.session
    response = client.post(reverse("account_logout"))
    assert response.status_code == 302
    assert "_auth_user_id" not in client.session
