"""Chat flood control: a player's lines beyond settings.CHAT_RATE are refused with 429 and a
sentence saying how long to wait, whatever the door (service, page, API) and the table, and
nothing is stored; after the window the player talks again. A player who talks normally is
never stopped."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
import time_machine
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from games.models import ChatMessage
from games.services.chat import chat_post
from games.services.errors import TooFast
from tests.games.conftest import make_user, open_table
from tests.games.page_play import logged_in

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _rate(settings: Any) -> None:
    settings.CHAT_RATE = "5/30s"


def test_lines_beyond_the_rate_are_refused_on_every_table_then_allowed_again() -> None:
    me, other = make_user(), make_user()
    first, second = open_table([me, other]), open_table([other, me])
    with time_machine.travel(dt.datetime(2026, 11, 25, 12, 0, 1, tzinfo=dt.UTC), tick=False) as t:
        for n in range(5):
            chat_post(table=first, user=me, body=f"line {n}")
        with pytest.raises(TooFast) as refused:
            chat_post(table=second, user=me, body="one more, elsewhere")
        assert refused.value.status == 429
        assert refused.value.message.startswith("You are sending messages too fast: wait ")
        chat_post(table=second, user=other, body="someone else is not stopped")
        t.shift(dt.timedelta(seconds=31))
        chat_post(table=second, user=me, body="after the wait")
    assert ChatMessage.objects.filter(author=me).count() == 6
    assert not ChatMessage.objects.filter(body="one more, elsewhere").exists()


def test_the_page_and_the_api_answer_429_with_the_reason() -> None:
    me, other = make_user(), make_user()
    table = open_table([me, other])
    page = logged_in(me)
    for n in range(5):
        posted = page.post(f"/tables/{table.pk}/chat/", {"body": f"hi {n}"}, HTTP_HX_REQUEST="true")
        assert posted.status_code == 204
    refused = page.post(f"/tables/{table.pk}/chat/", {"body": "spam"}, HTTP_HX_REQUEST="true")
    assert refused.status_code == 429  # the sentence is the body: site.js shows it
    assert "too fast" in refused.content.decode()
    token = Token.objects.get_or_create(user=me)[0]
    api = APIClient(HTTP_AUTHORIZATION=f"Token {token.key}")
    answer = api.post(f"/api/tables/{table.pk}/chat/post/", {"body": "spam"}, format="json")
    assert answer.status_code == 429
    assert answer.json()["error"]["code"] == "rate_limited"
    assert ChatMessage.objects.filter(author=me).count() == 5
