"""Flood control (games.services.limits): a player's chat lines beyond settings.CHAT_RATE are
refused with 429 and a sentence saying how long to wait, whatever the door (service, page,
API) and the table, and nothing is stored; after the window the player talks again. The
API's move limit holds at the page's form and the socket too, on the same counter."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
import time_machine
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from games.consumers.inbound import socket_act
from games.models import ChatMessage
from games.services.chat import chat_post
from games.services.errors import TooFast
from tests.games.conftest import make_user, open_table, started_game
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


@pytest.mark.usefixtures("one_rate_window")
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


@pytest.mark.usefixtures("one_rate_window")
def test_the_apis_move_limit_holds_at_the_page_and_the_socket(settings: Any) -> None:
    """One counter for the API's throttle, the page's form and the socket: moves beyond
    API_RATE_LIMITS["moves"] are refused at every door (429, how long to wait), the game
    unchanged."""
    settings.API_RATE_LIMITS = {**settings.API_RATE_LIMITS, "moves": "2/m"}
    me, other = make_user(), make_user()
    game = started_game([me, other])
    token = Token.objects.get_or_create(user=me)[0]
    api = APIClient(HTTP_AUTHORIZATION=f"Token {token.key}")
    stale = {"expected_seq": 999, "move": {"type": "toy.vote", "choice": "down"}}
    for _ in range(2):  # refused as stale, but counted as the API counts every request
        assert api.post(f"/api/games/{game.pk}/moves/", stale, format="json").status_code == 409
    seq = game.state_seq
    form = {"expected_seq": str(seq), "move": '{"type": "toy.vote", "choice": "down"}'}
    page = logged_in(me).post(f"/games/{game.pk}/move/", form, follow=True)
    assert "You are moving too fast: wait" in page.content.decode()
    socket = socket_act(game, me, "move", {"expected_seq": seq, "move": stale["move"]})
    assert (socket["type"], socket["status"], socket["error"]["code"]) == (
        "error",
        429,
        "rate_limited",
    )
    assert api.post(f"/api/games/{game.pk}/moves/", stale, format="json").status_code == 429
    game.refresh_from_db()
    assert game.state_seq == seq
