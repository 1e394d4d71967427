"""A player's games, on "My games" and at /api/games/: the games in play whole (those
waiting for the player's move first), the games over a page at a time, newest first, read
without their states, so a long-time player's page costs what a newcomer's does."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from games.forms import TABLES_PER_PAGE
from games.models import Game
from games.services.moves import move_submit
from moderation.services.games import game_abort

from .conftest import make_user, seat_users, started_game
from .test_api import client_for

pytestmark = pytest.mark.django_db


def a_history(over: int) -> tuple[Any, list[Game], list[Game]]:
    """A player with two games in play (the second waiting for the other player) and
    `over` games aborted by a moderator."""
    me, other, moderator = make_user(), make_user(), make_user()
    ended = [started_game([me, other]) for _ in range(over)]
    for game in ended:
        game_abort(game=game, by=moderator, reason="Server trouble")
    waiting, mine = started_game([me, other]), started_game([me, other])
    seat = next(s for s, u in seat_users(waiting).items() if u == me)
    move_submit(
        game=waiting,
        user=me,
        move_json={"type": "toy.vote", "choice": "up"},
        expected_seq=waiting.state_seq,
    )
    assert seat in (0, 1)
    return me, [mine, waiting], ended[::-1]


def page(client: Client, number: int = 1) -> str:
    response = client.get(f"/my-games/?page={number}")
    assert response.status_code == 200
    return response.content.decode()


def test_my_games_lists_the_games_in_play_then_pages_those_over() -> None:
    me, playing, over = a_history(TABLES_PER_PAGE + 2)
    client = Client()
    client.force_login(me)
    first = page(client)
    in_play, _, rest = first.partition('id="over-title"')
    assert [f"/games/{g.pk}/" in in_play for g in playing] == [True, True]
    assert in_play.index(f"/games/{playing[0].pk}/") < in_play.index(f"/games/{playing[1].pk}/")
    assert "Your move" in in_play
    assert all(f"/games/{g.pk}/" in rest for g in over[:TABLES_PER_PAGE])
    assert f"/games/{over[TABLES_PER_PAGE].pk}/" not in rest
    assert "Page 1 of 2" in rest
    second = page(client, 2)
    assert all(f"/games/{g.pk}/replay/" in second for g in over[TABLES_PER_PAGE:])
    # Games are named by their name in the reader's language, never by their slug.
    assert "Toy-secrets" not in first
    assert "toy-secrets · table" not in first


def test_a_long_history_costs_the_page_no_more_queries() -> None:
    me, _, _ = a_history(3)
    client = Client()
    client.force_login(me)
    page(client)  # sessions and caches warmed
    with CaptureQueriesContext(connection) as short:
        page(client)
    moderator, other = make_user(), make_user()
    for _ in range(TABLES_PER_PAGE):
        game_abort(game=started_game([me, other]), by=moderator, reason="Server trouble")
    with CaptureQueriesContext(connection) as long:
        page(client)
    assert len(long) == len(short)
    # The states of games over are never read.
    assert not any('"games_game"."state"' in q["sql"] and "playing" not in q["sql"] for q in long)


def test_the_api_lists_my_games_in_play_first_then_pages_those_over() -> None:
    me, playing, over = a_history(5)
    api = client_for(me)
    first = api.get("/api/games/?page_size=3")
    assert first.status_code == 200
    assert [g["game_id"] for g in first.json()] == [playing[0].pk, playing[1].pk, over[0].pk]
    assert [g["my_turn"] for g in first.json()] == [True, False, False]
    assert first.json()[2]["status"] == "aborted"
    assert first.json()[2]["my_seat"] in (0, 1)
    assert first["X-Total-Count"] == "7"
    assert 'rel="next"' in first["Link"]
    last = api.get("/api/games/?page_size=3&page=3")
    assert [g["game_id"] for g in last.json()] == [over[4].pk]


def test_the_games_in_play_have_a_heading_of_their_own() -> None:
    """Listed right after "Where you must act" without a heading, a game waiting for
    someone else read as one where the player must act ("Waiting" under "must act"), and
    the player's own turn showed twice in that section."""
    me, (mine, waiting), _over = a_history(0)
    client = Client()
    client.force_login(me)
    html = page(client)
    after = html.partition('id="inbox-title"')[2]
    inbox, found, playing = after.partition('id="playing-title"')
    assert found
    assert f"/games/{mine.pk}/" in inbox
    assert f"/games/{waiting.pk}/" not in inbox
    assert f"/games/{waiting.pk}/" in playing
    assert f"/games/{mine.pk}/" in playing
    assert ">Games in play</h2>" in playing[: playing.index("</h2>") + 5]
