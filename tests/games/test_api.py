"""API tests on the real database: the error shape for every refusal (never a 500), the
table operations, and a script with a token playing a whole game through the API alone."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from accounts.models import User
from games.models import Game, GameEvent
from games.services.lobby import table_start

from .conftest import make_user, open_table, seat_users, started_game

pytestmark = pytest.mark.django_db


def client_for(user: User) -> APIClient:
    client = APIClient()
    token, _ = Token.objects.get_or_create(user=user)
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    return client


def error_of(response: Any) -> dict[str, Any]:
    body = response.json()
    assert set(body) == {"error"}, body
    assert {"code", "message"} <= set(body["error"])
    return dict(body["error"])


def test_a_token_script_plays_a_whole_game_through_the_api_alone() -> None:
    users = [make_user() for _ in range(3)]
    clients = [client_for(u) for u in users]
    created = clients[0].post(
        "/api/tables/create/",
        {"game": "toy-secrets", "seat_count": 3, "options": {"rounds": 2}},
        format="json",
    )
    assert created.status_code == 201, created.content
    table_id = created.json()["id"]
    listed = clients[1].get("/api/tables/?game=toy-secrets").json()
    assert [t["id"] for t in listed] == [table_id]
    for c in clients[1:]:
        assert c.post(f"/api/tables/{table_id}/join/", {}, format="json").status_code == 200
    started = clients[0].post(f"/api/tables/{table_id}/start/")
    assert started.status_code == 201
    game_id = started.json()["game_id"]
    moves = 0
    while True:
        feeds = [c.get(f"/api/games/{game_id}/").json() for c in clients]
        if feeds[0]["status"] != "playing":
            break
        for client, feed in zip(clients, feeds, strict=True):
            if feed["legal_moves"]:
                r = client.post(
                    f"/api/games/{game_id}/moves/",
                    {"expected_seq": feed["seq"], "move": feed["legal_moves"][0]},
                    format="json",
                )
                if r.status_code == 409:  # someone moved first: reread and retry
                    assert error_of(r)["code"] == "stale_seq"
                    break
                assert r.status_code == 200, r.content
                moves += 1
    assert moves == 6
    final = clients[0].get(f"/api/games/{game_id}/").json()
    assert final["status"] == "finished"
    assert final["outcome"]["reason"] == "high_card"
    log = clients[0].get(f"/api/games/{game_id}/events/?after=0").json()
    assert len(log) == GameEvent.objects.filter(game_id=game_id).count()  # revealed at the end
    mine = clients[0].get("/api/games/").json()
    assert [g["game_id"] for g in mine] == [game_id]


def test_every_refusal_has_one_error_shape_and_no_500() -> None:
    users = [make_user() for _ in range(3)]
    game = started_game(users)
    seats = seat_users(game)
    me = client_for(seats[0])
    url = f"/api/games/{game.pk}/moves/"
    seq = game.state_seq

    r = me.post(url, data="{not json", content_type="application/json")
    assert r.status_code == 400
    assert error_of(r)["field"] == "body"
    r = me.post(url, {"expected_seq": seq, "move": {"type": "nope"}}, format="json")
    assert r.status_code == 400
    assert error_of(r)["field"] == "move.type"
    r = me.post(url, {"expected_seq": seq, "move": {"type": "toy.vote"}}, format="json")
    assert r.status_code == 400
    assert error_of(r)["field"] == "move.choice"
    r = me.post(url, {"expected_seq": seq, "move": [1, 2]}, format="json")
    assert r.status_code == 400
    assert error_of(r)["field"] == "move"
    r = me.post(url, {"move": {"type": "toy.vote", "choice": "up"}}, format="json")
    assert r.status_code == 400
    assert error_of(r)["field"] == "expected_seq"
    r = me.post(
        url, {"expected_seq": seq, "move": {"type": "toy.vote", "choice": "left"}}, format="json"
    )
    assert r.status_code == 422
    assert error_of(r)["message"] == "Vote up or down."
    r = me.post(
        url, {"expected_seq": seq - 2, "move": {"type": "toy.vote", "choice": "up"}}, format="json"
    )
    assert r.status_code == 409
    assert error_of(r)["current_seq"] == seq
    r = client_for(make_user()).post(
        url, {"expected_seq": seq, "move": {"type": "toy.vote", "choice": "up"}}, format="json"
    )
    assert r.status_code == 403
    assert error_of(r)["code"] == "not_seated"
    r = APIClient().get(f"/api/games/{game.pk}/")
    assert r.status_code in (401, 403)
    assert error_of(r)
    unverified = User.objects.create_user(username="nover", password="x")
    r = client_for(unverified).get(f"/api/games/{game.pk}/")
    assert r.status_code == 403
    assert error_of(r)
    r = me.get("/api/games/999999/")
    assert r.status_code == 404
    assert error_of(r)["code"] == "not_found"
    game.refresh_from_db()
    assert game.state_seq == seq  # nothing above changed the game

    body = {
        "expected_seq": seq,
        "move": {"type": "toy.vote", "choice": "up"},
        "idempotency_key": "abc",
    }
    first = me.post(url, body, format="json")
    again = me.post(url, body, format="json")
    assert first.status_code == again.status_code == 200
    assert first.json()["seq"] == again.json()["seq"] == seq + 1
    r = me.post(url, {**body, "expected_seq": seq + 1, "idempotency_key": "other"}, format="json")
    assert r.status_code == 409
    assert error_of(r)["code"] == "not_your_turn"
    game.refresh_from_db()
    assert game.state_seq == seq + 1


def test_table_refusals_and_private_tables() -> None:
    host, other = make_user(), make_user()
    c = client_for(host)
    r = c.post(
        "/api/tables/create/",
        {"game": "toy-secrets", "seat_count": 3, "options": {"rounds": 7}},
        format="json",
    )
    assert r.status_code == 400
    assert "Rounds" in error_of(r)["message"]
    r = c.post("/api/tables/create/", {"game": "toy-secrets", "seat_count": "x"}, format="json")
    assert r.status_code == 400
    assert error_of(r)["field"] == "seat_count"
    r = c.post(
        "/api/tables/create/",
        {"game": "toy-secrets", "seat_count": 2, "visibility": "private"},
        format="json",
    )
    assert r.status_code == 201
    table = r.json()
    assert client_for(other).get("/api/tables/").json() == []
    r = client_for(other).post(f"/api/tables/{table['id']}/join/", {}, format="json")
    assert r.status_code == 404  # without its invite code, a private table does not exist
    r = client_for(other).post(
        f"/api/tables/{table['id']}/join/", {"invite_code": table["invite_code"]}, format="json"
    )
    assert r.status_code == 200
    r = client_for(other).post(f"/api/tables/{table['id']}/start/")
    assert r.status_code == 403
    assert error_of(r)["code"] == "forbidden"
    r = c.post(f"/api/tables/{table['id']}/remove/", {"user_id": other.pk}, format="json")
    assert r.status_code == 204


def test_chat_is_stored_split_by_channel_and_kept_as_text() -> None:
    users = [make_user() for _ in range(2)]
    game = started_game(users)
    watcher = make_user()
    player = client_for(users[0])
    url = f"/api/tables/{game.table_id}/chat/"
    assert player.post(url + "post/", {"body": "<b>hi</b> all"}, format="json").status_code == 201
    assert (
        client_for(watcher).post(url + "post/", {"body": "go blue"}, format="json").status_code
        == 201
    )
    r = player.post(url + "post/", {"body": "   "}, format="json")
    assert r.status_code == 400
    assert error_of(r)["field"] == "body"
    seen_by_player = player.get(url).json()
    seen_by_watcher = client_for(watcher).get(url).json()
    assert [m["body"] for m in seen_by_player] == ["<b>hi</b> all"]
    assert [m["channel"] for m in seen_by_watcher] == ["players", "spectators"]
    assert all(m["created_at"] for m in seen_by_watcher)


def test_the_chat_api_shows_the_table_page_s_channels_before_and_after_the_start() -> None:
    """The chat API reads a table's talk as its page does (RA-W4, games.selectors
    chat_readable): before the start a seated player reads the visitors' channel too; once
    the game is on, no longer."""
    users = [make_user() for _ in range(2)]
    table = open_table(users)
    visitor = make_user()
    url = f"/api/tables/{table.pk}/chat/"
    said = client_for(users[0]).post(url + "post/", {"body": "welcome"}, format="json")
    asked = client_for(visitor).post(url + "post/", {"body": "may I watch?"}, format="json")
    assert (said.status_code, asked.status_code) == (201, 201)
    before = client_for(users[1]).get(url).json()
    assert [(m["channel"], m["body"]) for m in before] == [
        ("players", "welcome"),
        ("spectators", "may I watch?"),
    ]
    table_start(table=table, by=users[0])
    after = client_for(users[1]).get(url).json()
    assert [(m["channel"], m["body"]) for m in after] == [("players", "welcome")]
    seen_by_visitor = client_for(visitor).get(url).json()
    assert [m["body"] for m in seen_by_visitor] == ["welcome", "may I watch?"]


def test_schema_is_published() -> None:
    r = client_for(make_user()).get("/api/schema/")
    assert r.status_code == 200
    assert b"/api/games/{game_id}/moves/" in r.content


def test_game_feed_never_carries_the_seed() -> None:
    users = [make_user() for _ in range(2)]
    game = started_game(users)
    body = client_for(users[0]).get(f"/api/games/{game.pk}/").content.decode()
    assert Game.objects.get(pk=game.pk).seed not in body
