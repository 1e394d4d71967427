"""Password reset end to end, and its enumeration safety (issue 2)."""

from __future__ import annotations

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse

from .helpers import STRONG_PASSWORD, last_mail_to, links_in, make_user, path_of

pytestmark = pytest.mark.django_db

NEW_PASSWORD = "Siege-Perilous-77!"


def test_password_reset_end_to_end(client: Client) -> None:
    make_user()
    response = client.post(reverse("account_reset_password"), {"email": "gawain@camelot.test"})
    assert response.status_code == 302
    assert response["Location"] == reverse("account_reset_password_done")

    [link] = links_in(last_mail_to("gawain@camelot.test"), "/accounts/password/reset/key/")
    # The key link stores the key in the session and redirects to a key-less form URL.
    page = client.get(path_of(link), follow=True)
    assert page.status_code == 200
    form_url = page.redirect_chain[-1][0]
    changed = client.post(form_url, {"password1": NEW_PASSWORD, "password2": NEW_PASSWORD})
    assert changed.status_code == 302
    assert changed["Location"] == reverse("account_reset_password_from_key_done")

    fresh = Client()
    old = fresh.post(reverse("account_login"), {"login": "gawain", "password": STRONG_PASSWORD})
    assert old.status_code == 200
    assert "_auth_user_id" not in fresh.session
    new = fresh.post(reverse("account_login"), {"login": "gawain", "password": NEW_PASSWORD})
    assert new.status_code == 302
    assert "_auth_user_id" in fresh.session

    # The link works once.
    reused = Client().get(path_of(link), follow=True)
    assert b"invalid" in reused.content.lower() or b"expired" in reused.content.lower()


def test_reset_for_unknown_email_looks_the_same(client: Client) -> None:
    make_user()
    known = client.post(reverse("account_reset_password"), {"email": "gawain@camelot.test"})
    unknown = Client().post(reverse("account_reset_password"), {"email": "nobody@camelot.test"})
    assert known.status_code == unknown.status_code == 302
    assert known["Location"] == unknown["Location"]
    # The unknown address is told no account exists; no reset key is ever sent to it.
    message = last_mail_to("nobody@camelot.test")
    assert not links_in(message, "/password/reset/key/")
    assert links_in(last_mail_to("gawain@camelot.test"), "/password/reset/key/")


def test_reset_with_weak_new_password_is_refused(client: Client) -> None:
    make_user()
    client.post(reverse("account_reset_password"), {"email": "gawain@camelot.test"})
    [link] = links_in(last_mail_to("gawain@camelot.test"), "/accounts/password/reset/key/")
    page = client.get(path_of(link), follow=True)
    form_url = page.redirect_chain[-1][0]
    response = client.post(form_url, {"password1": "password", "password2": "password"})
    assert response.status_code == 200
    assert b"This password is too common." in response.content
    assert len(mail.outbox) == 1
