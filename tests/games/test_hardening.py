"""Issue 15's holes, each closed at its root (each test failed before its fix):

- JSON nested thousands of levels deep: a 400 on the API, the move form and the websocket,
  never a RecursionError (500); the game unchanged.
- Unknown option keys on table create: refused, naming the option; nothing stored.
- An idempotency key reused with a different move: a 422, not the first move's result.
- A private table's details over the API: only its seated players and invite holders.
- API rate limits: per user, atomic, answered 429 with Retry-After in the one error shape;
  an unreachable cache lets requests through rather than failing them.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.test import Client

from accounts.models import User
from games import client_json
from games.models import Game, GameEvent, Table
from games.routing import websocket_urlpatterns

from .conftest import make_user, open_table, seat_users, started_game
from .test_api import client_for, error_of

DEEP = "[" * 5000 + "]" * 5000
DEEP_OBJECT = '{"a":' * 5000 + "1" + "}" * 5000


def unchanged(game: Game, seq: int) -> bool:
    game.refresh_from_db()
    return game.state_seq == seq and GameEvent.objects.filter(game=game).count() == seq


def test_client_json_refuses_deep_nesting_without_recursing() -> None:
    for text in (DEEP, DEEP_OBJECT, "[" * 200_000):
        with pytest.raises(ValueError, match=r"\S"):
            client_json.loads(text)
    depth_32 = "[" * client_json.MAX_DEPTH + "]" * client_json.MAX_DEPTH
    assert client_json.loads(depth_32) is not None
    with pytest.raises(client_json.TooDeep):
        client_json.loads("[" + depth_32 + "]")


@pytest.mark.django_db
@pytest.mark.parametrize("debug", [False, True])
def test_deep_json_is_a_400_on_the_api_and_changes_nothing(settings: Any, debug: bool) -> None:
    settings.DEBUG = debug  # embedded mode runs with DEBUG on: no debug 500 page either
    users = [make_user() for _ in range(3)]
    game = started_game(users)
    seq = game.state_seq
    me = client_for(seat_users(game)[0])
    for body in (DEEP, DEEP_OBJECT, '{"expected_seq": 1, "move": ' + DEEP + "}"):
        r = me.generic("POST", f"/api/games/{game.pk}/moves/", body, "application/json")
        assert r.status_code == 400, r.content[:200]
        assert error_of(r)["code"] == "malformed_json"
        r = me.generic("POST", "/api/tables/create/", body, "application/json")
        assert r.status_code == 400
        assert error_of(r)["code"] == "malformed_json"
    assert unchanged(game, seq)
    assert Table.objects.count() == 1


@pytest.mark.django_db
def test_deep_json_in_the_move_form_is_refused_in_words() -> None:
    users = [make_user() for _ in range(3)]
    game = started_game(users)
    seq = game.state_seq
    client = Client()
    client.force_login(seat_users(game)[0])
    for post in (
        {"expected_seq": seq, "move": DEEP},
        {"expected_seq": seq, "move_type": "toy.vote", "c_choice": DEEP},
        {"expected_seq": seq, "move_type": "toy.vote", "l_choice": [DEEP, DEEP_OBJECT]},
    ):
        r = client.post(f"/games/{game.pk}/move/", post, follow=True)
        assert r.status_code == 200
        assert "could not be read" in r.content.decode()
    assert unchanged(game, seq)


@pytest.mark.django_db(transaction=True)
async def test_deep_json_on_the_websocket_is_an_error_message_not_a_drop() -> None:
    from asgiref.sync import sync_to_async

    @sync_to_async
    def setup() -> tuple[Game, User]:
        game = started_game([make_user() for _ in range(3)])
        return game, seat_users(game)[0]

    game, user = await setup()
    comm = WebsocketCommunicator(
        URLRouter(websocket_urlpatterns), f"/ws/games/{game.pk}/?format=json"
    )
    comm.scope["user"] = user
    assert (await comm.connect(timeout=10))[0]
    await comm.receive_from(timeout=5)  # the initial update
    for frame in (DEEP, '{"type": "move", "expected_seq": 1, "move": ' + DEEP + "}"):
        await comm.send_to(text_data=frame)
        reply = json.loads(await comm.receive_from(timeout=5))
        assert reply["type"] == "error"
        assert reply["status"] == 400
    await comm.send_to(text_data=json.dumps({"type": "hello", "seq": 0}))
    assert json.loads(await comm.receive_from(timeout=5))["type"] == "update"  # still open
    await comm.disconnect()
    assert await sync_to_async(unchanged)(game, game.state_seq)


@pytest.mark.django_db
def test_unknown_option_keys_are_refused_and_nothing_is_stored() -> None:
    host = client_for(make_user())
    r = host.post(
        "/api/tables/create/",
        {"game": "toy-secrets", "seat_count": 3, "options": {"rounds": 2, "evil_flag": "x"}},
        format="json",
    )
    assert r.status_code == 400
    error = error_of(r)
    assert error["field"] == "options.evil_flag"
    assert "evil_flag" in error["message"]
    assert not Table.objects.exists()
    ok = host.post(
        "/api/tables/create/",
        {"game": "toy-secrets", "seat_count": 3, "options": {"rounds": 3}},
        format="json",
    )
    assert ok.status_code == 201
    assert Table.objects.get().options == {"rounds": 3}


@pytest.mark.django_db
def test_a_field_named_with_a_lone_surrogate_is_refused_in_words() -> None:
    """A JSON key "\\ud800" decodes to a lone surrogate; the refusal names the field, and
    the API's UTF-8 response could not encode it (a 500). Now escaped, nothing changed."""
    host = client_for(make_user())
    body = '{"game": "toy-secrets", "seat_count": 3, "options": {"x\\ud800": 1}}'
    r = host.generic("POST", "/api/tables/create/", body, content_type="application/json")
    assert r.status_code == 400
    assert error_of(r)["field"] == "options.x\\ud800"
    assert not Table.objects.exists()
    users = [make_user() for _ in range(3)]
    game = started_game(users)
    seats = seat_users(game)
    seq = game.state_seq
    move = '{"type": "toy.vote", "choice": "up", "\\ud800": 1}'
    body = f'{{"expected_seq": {seq}, "move": {move}}}'
    r = client_for(seats[0]).generic(
        "POST", f"/api/games/{game.pk}/moves/", body, content_type="application/json"
    )
    assert r.status_code == 400
    assert error_of(r)["field"] == "move.\\ud800"
    assert "has no field" in error_of(r)["message"]
    assert unchanged(game, seq)


@pytest.mark.django_db
def test_an_idempotency_key_reused_with_another_move_is_refused() -> None:
    users = [make_user() for _ in range(3)]
    game = started_game(users)
    me = client_for(seat_users(game)[0])
    url = f"/api/games/{game.pk}/moves/"
    seq = game.state_seq
    first = me.post(
        url,
        {"expected_seq": seq, "move": {"type": "toy.vote", "choice": "up"}, "idempotency_key": "k"},
        format="json",
    )
    assert first.status_code == 200
    # The same move spelled differently (key order) is the same move: its first result.
    again = me.generic(
        "POST",
        url,
        '{"idempotency_key": "k", "move": {"choice": "up", "type": "toy.vote"}, '
        f'"expected_seq": {seq}}}',
        "application/json",
    )
    assert again.status_code == 200
    assert again.json() == first.json()
    other = me.post(
        url,
        {
            "expected_seq": seq,
            "move": {"type": "toy.vote", "choice": "down"},
            "idempotency_key": "k",
        },
        format="json",
    )
    assert other.status_code == 422
    assert error_of(other)["code"] == "idempotency_key_reused"
    assert unchanged(game, seq + 1)


@pytest.mark.django_db
def test_private_table_details_answer_only_players_and_invite_holders() -> None:
    host, guest, stranger = make_user(), make_user(), make_user()
    table = open_table([host, guest], visibility=Table.Visibility.PRIVATE)
    url = f"/api/tables/{table.pk}/"
    r = client_for(stranger).get(url)
    assert r.status_code == 404
    assert error_of(r)["code"] == "not_found"
    assert client_for(stranger).get(f"{url}?invite=wrong").status_code == 404
    assert client_for(stranger).get(f"{url}?invite={table.invite_code}").status_code == 200
    body = client_for(guest).get(url).json()
    assert {s["user_id"] for s in body["seats"]} == {host.pk, guest.pk}
    public = open_table([make_user(), make_user()])
    assert client_for(stranger).get(f"/api/tables/{public.pk}/").status_code == 200


@pytest.mark.django_db
@pytest.mark.usefixtures("one_rate_window")
def test_moves_beyond_the_rate_limit_get_429_in_the_error_shape(settings: Any) -> None:
    settings.API_RATE_LIMITS = {"api": "1000/m", "moves": "3/m"}
    users = [make_user() for _ in range(3)]
    game = started_game(users)
    me = client_for(seat_users(game)[0])
    url = f"/api/games/{game.pk}/moves/"
    statuses = [me.post(url, {"expected_seq": -1, "move": {}}, format="json") for _ in range(5)]
    assert [r.status_code for r in statuses] == [400, 400, 400, 429, 429]
    assert error_of(statuses[-1])["code"] == "throttled"
    assert int(statuses[-1]["Retry-After"]) >= 1
    # Another user, and another scope of the same user, have their own counters.
    assert client_for(seat_users(game)[1]).post(url, {}, format="json").status_code == 400
    assert me.get(f"/api/games/{game.pk}/").status_code == 200


@pytest.mark.django_db
def test_an_unreachable_rate_limit_cache_does_not_fail_requests(settings: Any) -> None:
    """Production's cache settings with a Redis that is down: the API, the pages (IP
    sightings use the cache) and the rate limits all keep serving."""
    settings.CACHES = {
        "default": {
            "BACKEND": "django_redis.cache.RedisCache",
            "LOCATION": "redis://127.0.0.1:1/0",  # nothing listens there
            "OPTIONS": {"IGNORE_EXCEPTIONS": True, "SOCKET_CONNECT_TIMEOUT": 1},
        }
    }
    settings.API_RATE_LIMITS = {"api": "2/m", "moves": "2/m"}
    user = make_user()
    api = client_for(user)
    assert [api.get("/api/game-types/").status_code for _ in range(4)] == [200] * 4
    page = Client()
    page.force_login(user)
    assert page.get("/lobby/").status_code == 200
