"""The signed one-click unsubscribe link: works without logging in, by GET or by a mail
client's RFC 8058 POST, can be undone, and cannot be forged or pointed at another user."""

from __future__ import annotations

import re

import pytest
from django.core import mail
from django.test import Client

from notifications.models import Kind, OptOut
from notifications.services import notices_for_game
from notifications.unsubscribe import token_for
from tests.games.conftest import make_user, started_game

pytestmark = pytest.mark.django_db


def link_in(body: str) -> str:
    match = re.search(r"http://\S+(/notifications/unsubscribe/\S+/)", body)
    assert match is not None
    return match.group(1)


def test_the_link_in_a_turn_email_unsubscribes_without_logging_in(clock) -> None:
    user, other = make_user(), make_user()
    game = started_game([user, other], time_per_move=86400)
    notices_for_game(game.pk)
    [message] = [m for m in mail.outbox if m.to == [user.email]]
    response = Client().get(link_in(str(message.body)))
    assert response.status_code == 200
    assert b"You are unsubscribed" in response.content
    user.refresh_from_db()
    other.refresh_from_db()
    assert not user.email_on_turn
    assert other.email_on_turn


def test_it_can_be_undone_from_the_same_page(clock) -> None:
    user = make_user()
    url = f"/notifications/unsubscribe/{token_for(user, Kind.DEADLINE)}/"
    client = Client()
    client.get(url)
    user.refresh_from_db()
    assert not user.deadline_warnings
    response = client.post(url, {"resubscribe": "1"})
    assert b"subscribed again" in response.content
    user.refresh_from_db()
    assert user.deadline_warnings


def test_mail_clients_one_click_post_works(clock) -> None:
    user = make_user()
    url = f"/notifications/unsubscribe/{token_for(user, Kind.GAME_OVER)}/"
    response = Client(enforce_csrf_checks=True).post(url, {"List-Unsubscribe": "One-Click"})
    assert response.status_code == 200
    assert OptOut.objects.filter(user=user, kind=Kind.GAME_OVER).exists()


def test_a_forged_or_altered_token_is_refused(clock) -> None:
    user = make_user()
    token = token_for(user, Kind.TURN)
    for bad in [token[:-2] + "xx", "not-a-token"]:
        response = Client().get(f"/notifications/unsubscribe/{bad}/")
        assert response.status_code == 400
    user.refresh_from_db()
    assert user.email_on_turn
