"""Helpers for the accounts tests: users, signup posts and links read from sent emails."""

from __future__ import annotations

import re
from typing import Any

from allauth.account.models import EmailAddress
from django.core import mail
from django.test import Client
from django.urls import reverse

from accounts.models import User

STRONG_PASSWORD = "Grail-quest-1191!"

_LINK = re.compile(r"https?://[^\s]+")


def make_user(
    username: str = "gawain",
    email: str = "gawain@camelot.test",
    password: str = STRONG_PASSWORD,
    verified: bool = True,
) -> User:
    user = User.objects.create_user(username=username, email=email, password=password)
    EmailAddress.objects.create(user=user, email=email, verified=verified, primary=True)
    return user


def signup(client: Client, **fields: str) -> Any:
    data = {
        "username": "arthur",
        "email": "arthur@camelot.test",
        "password1": STRONG_PASSWORD,
        "password2": STRONG_PASSWORD,
    }
    data.update(fields)
    return client.post(reverse("account_signup"), data)


def links_in(message: mail.EmailMessage, contains: str) -> list[str]:
    body = str(message.body)
    return [link for link in _LINK.findall(body) if contains in link]


def last_mail_to(address: str) -> mail.EmailMessage:
    sent = [m for m in mail.outbox if address in m.to]
    assert sent, f"no email was sent to {address}"
    return sent[-1]


def path_of(url: str) -> str:
    return re.sub(r"^https?://[^/]+", "", url)
