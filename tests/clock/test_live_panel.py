"""The clock panel follows the game live: the game page's websocket pushes it (an
out-of-band swap of #clock) with every update, and once the game is over it shows no
deadline and stops polling, even if a stale deadline were left on a seat."""

from __future__ import annotations

from typing import Any

import pytest
from asgiref.sync import sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator

from games.models import Game, Seat
from games.routing import websocket_urlpatterns
from tests.games.conftest import make_user, seat_users, started_game

from .helpers import vote

APP = URLRouter(websocket_urlpatterns)


def _clock_of(html: str) -> str:
    start = html.index('<section id="clock"')
    return html[start : html.index("</section>", start)]


@pytest.mark.django_db
def test_a_finished_game_shows_no_deadline_even_if_one_was_left(clock) -> None:
    from django.test import Client
    from django.urls import reverse

    users = [make_user() for _ in range(2)]
    game = started_game(users, time_per_move=86400, options={"rounds": 1})
    vote(game, 0)
    vote(game, 1)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    # A deadline left behind (e.g. by an older release) must not show on a finished game.
    Seat.objects.filter(table_id=game.table_id, position=0).update(deadline_at=game.finished_at)
    client = Client()
    client.force_login(users[0])
    for url in (f"/games/{game.pk}/", reverse("clock_panel", args=[game.pk])):
        panel = _clock_of(client.get(url).content.decode())
        assert " left</span>" not in panel
        assert "every 30s" not in panel  # no more polling once the game is over


@pytest.mark.django_db(transaction=True)
async def test_the_socket_pushes_the_clock_panel_with_each_update() -> None:
    @sync_to_async
    def setup() -> tuple[Game, list[Any]]:
        users = [make_user() for _ in range(2)]
        return started_game(users, time_per_move=86400, options={"rounds": 1}), users

    game, users = await setup()
    comm = WebsocketCommunicator(APP, f"/ws/games/{game.pk}/")
    comm.scope["user"] = users[0]
    assert (await comm.connect(timeout=10))[0]
    await comm.receive_from(timeout=5)  # the whole page state on connect

    async def next_update() -> str:
        for _ in range(10):
            html = await comm.receive_from(timeout=5)
            if 'id="board"' in html:
                return str(html)
        raise AssertionError("no update pushed")

    await sync_to_async(vote)(game, 0)
    pushed = _clock_of(await next_update())
    assert 'hx-swap-oob="true"' in pushed
    other = (await sync_to_async(seat_users)(game))[1].public_name  # seat 1 has to vote
    assert other in pushed
    assert " left</span>" in pushed

    await sync_to_async(vote)(game, 1)
    final = _clock_of(await next_update())
    assert " left</span>" not in final
    assert "every 30s" not in final
    await comm.disconnect()


@pytest.mark.django_db
def test_the_panel_rendered_once_for_many_viewers_is_each_viewers_own() -> None:
    """clock.panel renders the panel but the viewer's own part once per distinct deadlines
    and that part once per distinct seat state: the same bytes as each viewer's own render
    (seats that may extend, one in another zone, a spectator)."""
    from django.template.loader import render_to_string

    from clock.panel import clock_panel_oob
    from clock.selectors import clock_facts, clock_for

    users = [make_user() for _ in range(3)]
    game = started_game(users, time_per_move=86400)
    users[2].time_zone = "Europe/Paris"
    users[2].save()
    viewers: dict[Any, Any] = {0: users[0], 1: users[1], 2: users[2], None: None}
    shared = clock_panel_oob(game, viewers, "slot", None)
    facts = clock_facts(game)
    for key, user in viewers.items():
        own = render_to_string(
            "clock/panel.html", {**clock_for(facts, user), "csrf_token": "slot", "oob": True}
        )
        assert shared[key] == own, key
    assert "Extend my time" in shared[0]
    assert "Extend my time" not in shared[None]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "bots_after", "sentence"),
    [
        ("en", 3, "On timeout: play a neutral default move; after 3 timeouts in a row a bot"),
        ("en", 0, "On timeout: play a neutral default move."),
        ("fr", 1, "Au dépassement du temps : jouer un coup neutre par défaut ; après 1 "),
        ("fr", 0, "Au dépassement du temps : jouer un coup neutre par défaut."),
    ],
)
def test_the_timeout_policy_is_one_sentence_in_the_readers_language(
    language: str, bots_after: int, sentence: str
) -> None:
    """The policy and the bot's takeover are one translated sentence: French puts a space
    before the semicolon, which an English "; " between two messages cannot."""
    from django.test import Client

    users = [make_user() for _ in range(2)]
    game = started_game(users, time_per_move=86400, bot_after_timeouts=bots_after)
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(users[0])
    panel = _clock_of(client.get(f"/games/{game.pk}/").content.decode())
    assert sentence in " ".join(panel.split())
