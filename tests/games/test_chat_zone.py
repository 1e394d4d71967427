"""Chat times are shown in the reader's own time zone (accounts.User.time_zone), on the
page and in lines pushed over the websocket; anonymous readers see UTC."""

from __future__ import annotations

import datetime as dt

import pytest
import time_machine
from django.test import Client

from games.rendering import render_chat_append
from games.services.chat import chat_post

from .conftest import make_user, started_game

pytestmark = pytest.mark.django_db

# 12:05 UTC is 13:05 in Paris and 07:05 in New York (November: no daylight saving time).
AT = dt.datetime(2026, 11, 18, 12, 5, tzinfo=dt.UTC)


def test_the_page_shows_chat_times_in_the_readers_zone() -> None:
    paris, york = make_user(), make_user()
    paris.time_zone, york.time_zone = "Europe/Paris", "America/New_York"
    paris.save()
    york.save()
    game = started_game([paris, york])
    with time_machine.travel(AT, tick=False):
        chat_post(table=game.table, user=paris, body="Bonjour")
    for user, shown in ((paris, "13:05"), (york, "07:05")):
        client = Client()
        client.force_login(user)
        page = client.get(f"/games/{game.pk}/").content.decode()
        line = page[page.index('class="chat__msg') :]
        line = line[: line.index("</li>")]
        assert f">{shown}</time>" in line, line


def test_a_pushed_chat_line_is_in_the_readers_zone() -> None:
    import zoneinfo

    message = {"id": 1, "author": "Kay", "channel": "players", "body": "hi"}
    message["created_at"] = AT.isoformat()
    assert ">13:05</time>" in render_chat_append(message, zoneinfo.ZoneInfo("Europe/Paris"))
    assert ">12:05</time>" in render_chat_append(message)  # anonymous: UTC
