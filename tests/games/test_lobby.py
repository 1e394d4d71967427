"""The lobby (issue 14 B6, issue 11): open tables filtered by game, player count, time per
move and free seats, paged on the page and in the API; games in progress to watch (public
tables only); and as many queries for a few tables as for many."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from accounts.models import User
from games.models import Table, TimePerMove
from games.services.lobby import lobby_create, table_join

from .conftest import make_user, started_game
from .test_api import client_for

pytestmark = pytest.mark.django_db


def _table(host: User, seats: int = 3, **kwargs: Any) -> Table:
    kwargs.setdefault("options", {})
    return lobby_create(host=host, game_slug="toy-secrets", seat_count=seats, **kwargs)


def _queries(get: Any, url: str) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert get(url).status_code == 200
    return len(queries)


def test_the_lobby_makes_as_many_queries_for_many_tables_as_for_few() -> None:
    viewer = make_user()
    page, api = Client(), client_for(viewer)
    page.force_login(viewer)
    _table(make_user())
    started_game([make_user(), make_user()])
    urls = ["/lobby/", "/lobby/?players=3&free=1", "/api/tables/", "/api/games/watch/"]
    clients = [page, page, api, api]
    for client, url in zip(clients, urls, strict=True):
        client.get(url)  # warm: sessions, site switches and sightings settle on the first
    few = [_queries(c.get, url) for c, url in zip(clients, urls, strict=True)]
    for _ in range(30):
        _table(make_user())
    for _ in range(4):
        started_game([make_user(), make_user()])
    many = [_queries(c.get, url) for c, url in zip(clients, urls, strict=True)]
    assert many == few


def test_filters_pick_by_game_players_time_and_free_seats() -> None:
    host = make_user()
    three = _table(host, seats=3)
    two_live = _table(make_user(), seats=2, time_per_move=TimePerMove.LIVE)
    full_soon = _table(make_user(), seats=2)
    table_join(table=full_soon, user=make_user())
    api = client_for(make_user())

    def ids(query: str) -> list[int]:
        return [t["id"] for t in api.get(f"/api/tables/{query}").json()]

    assert ids("?players=3") == [three.pk]
    assert ids(f"?time={TimePerMove.LIVE}") == [two_live.pk]
    assert ids("?free=1") == [two_live.pk, three.pk]
    assert ids("?free=2") == [three.pk]
    assert ids("?game=toy-secrets&players=2") == [full_soon.pk, two_live.pk]
    assert ids("?game=resistance-avalon") == []


def test_a_filter_that_does_not_parse_is_a_400_in_the_api_and_ignored_on_the_page() -> None:
    api = client_for(make_user())
    response = api.get("/api/tables/?players=many")
    assert response.status_code == 400
    assert response.json()["error"]["field"] == "players"
    page = Client().get("/lobby/?players=many&free=9")
    assert page.status_code == 200
    assert "Select a valid choice" in page.content.decode()


def test_open_tables_come_in_pages_newest_first() -> None:
    made = [_table(make_user()).pk for _ in range(30)]
    api = client_for(make_user())
    first = api.get("/api/tables/?page_size=20")
    assert first["X-Total-Count"] == "30"
    assert [t["id"] for t in first.json()] == made[::-1][:20]
    assert 'rel="next"' in first["Link"]
    assert "page=2" in first["Link"]
    second = api.get("/api/tables/?page_size=20&page=2")
    assert [t["id"] for t in second.json()] == made[::-1][20:]
    assert 'rel="prev"' in second["Link"]
    assert 'rel="next"' not in second["Link"]
    html = Client().get("/lobby/?page=2").content.decode()
    assert "Page 2 of 2" in html
    assert f"/tables/{made[0]}/" in html
    assert f"/tables/{made[-1]}/" not in html
    assert Client().get("/lobby/?page=99").status_code == 200  # the last page, not an error


def test_games_to_watch_are_those_in_progress_at_public_tables() -> None:
    public = started_game([make_user("watch_ann"), make_user("watch_bob")])
    private = started_game([make_user(), make_user()], visibility=Table.Visibility.PRIVATE)
    listed = client_for(make_user()).get("/api/games/watch/").json()
    assert [g["game_id"] for g in listed] == [public.pk]
    assert sorted(listed[0]["players"]) == ["watch_ann", "watch_bob"]  # in seat order
    assert set(listed[0]) == {
        "game_id",
        "table_id",
        "game",
        "title",
        "players",
        "seq",
        "started_at",
    }
    html = Client().get("/lobby/").content.decode()
    assert f"/games/{public.pk}/" in html
    assert f"/games/{private.pk}/" not in html
