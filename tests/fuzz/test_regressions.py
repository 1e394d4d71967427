"""Defects the fuzz suite found (R5), each pinned by a focused test that failed before its
fix: a 500 where a refusal belongs, and nothing changed by the refused request.

- Chat text with NUL or a lone surrogate through the page forms and the websocket: the
  database refused it (500, a crashed socket); now chat_post refuses it for every door.
- An idempotency key longer than the receipts' column (or not text) through the move form
  and the websocket: the move applied, then the receipt's insert failed (500).
- The table page's forms with an invite code holding a "/" (the redirect to the invite
  page did not reverse: a 500).
- The table page's remove form with a user_id that is not a number, the report page with
  a message or game id of 4,300+ digits or a "digit" like "²": a ValueError (500).
- An API body over DATA_UPLOAD_MAX_MEMORY_SIZE: Django's HTML 400, not the error shape.
(The Tournament engine's KeyError on a card id "" is pinned in tests/engine/tournament.)
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from channels.layers import channel_layers
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator

from games.engine.core import to_json
from games.log import definition_of, load_state
from games.models import ChatMessage, MoveReceipt
from games.routing import websocket_urlpatterns
from games.services.lobby import lobby_create, table_join
from tests.games.conftest import make_user, seat_users, started_game

from .arena import api_client, page_client
from .checks import assert_api_rejection, game_snapshot

APP = URLRouter(websocket_urlpatterns)
BAD_TEXT = ["a\x00b", "\ud800", "x\udfffy"]


def _pending_move(game: Any) -> tuple[Any, dict[str, Any]]:
    definition = definition_of(game)
    state = load_state(game, definition)
    seat = sorted(definition.pending_seats(state))[0]
    return seat_users(game)[seat], to_json(definition.legal_moves(state, seat)[0])


@pytest.mark.django_db
@pytest.mark.parametrize("body", ["a\x00b", "\x00"])
def test_chat_forms_refuse_nul(body: str) -> None:
    game = started_game([make_user(), make_user()])
    player = page_client(seat_users(game)[0])
    for url in (f"/games/{game.pk}/chat/", f"/tables/{game.table_id}/chat/"):
        for headers in ({}, {"HX-Request": "true"}):
            response = player.post(url, {"body": body}, headers=headers)
            assert response.status_code in (302, 400), response.status_code
    assert ChatMessage.objects.count() == 0


@pytest.mark.django_db
def test_move_form_refuses_an_idempotency_key_it_cannot_store() -> None:
    game = started_game([make_user(), make_user()])
    user, move = _pending_move(game)
    before = game_snapshot(game.pk)
    response = page_client(user).post(
        f"/games/{game.pk}/move/",
        {"expected_seq": game.state_seq, "move": json.dumps(move), "idempotency_key": "k" * 81},
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 200
    assert "idempotency key" in response.content.decode()
    assert game_snapshot(game.pk) == before
    assert MoveReceipt.objects.count() == 0


@pytest.mark.django_db
def test_remove_form_with_a_user_id_that_is_no_number_is_a_404() -> None:
    host, player = make_user(), make_user()
    table = lobby_create(host=host, game_slug="toy-secrets", seat_count=3)
    table_join(table=table, user=player)
    for user_id in ["abc", "\u00b2", "9" * 5000, '{"a":1}']:
        response = page_client(host).post(f"/tables/{table.pk}/remove/", {"user_id": user_id})
        assert response.status_code == 404
    assert table.seats.count() == 2


@pytest.mark.django_db
def test_table_forms_with_an_invite_code_that_is_not_the_tables_go_back_to_the_table() -> None:
    host, guest = make_user(), make_user()
    table = lobby_create(host=host, game_slug="toy-secrets", seat_count=3, visibility="private")
    for code in ["a/b", "../x", "wrong"]:
        response = page_client(guest).post(f"/tables/{table.pk}/join/", {"invite_code": code})
        assert response.status_code == 302
        assert response["Location"] == f"/tables/{table.pk}/"
    response = page_client(guest).post(
        f"/tables/{table.pk}/join/", {"invite_code": table.invite_code}
    )
    assert response["Location"] == f"/invite/{table.invite_code}/"
    assert table.seats.count() == 2


@pytest.mark.django_db
def test_report_page_with_an_id_that_is_no_number_is_a_404() -> None:
    client = page_client(make_user())
    for value in ["\u00b2", "9" * 5000, "-1", "x"]:
        for name in ("message", "game"):
            assert client.get("/moderation/report/", {name: value}).status_code == 404
            assert client.post("/moderation/report/", {name: value}).status_code == 404


@pytest.mark.django_db
def test_api_body_over_the_upload_limit_is_a_413_in_the_error_shape(settings: Any) -> None:
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    game = started_game([make_user(), make_user()])
    user, move = _pending_move(game)
    body = json.dumps({"expected_seq": game.state_seq, "move": {**move, "pad": "a" * 2000}})
    response = api_client(user).generic(
        "POST", f"/api/games/{game.pk}/moves/", body, content_type="application/json"
    )
    assert response.status_code == 413
    assert assert_api_rejection(response)["code"] == "too_large"


@pytest.fixture
def in_memory_layer(settings: Any) -> Any:
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    channel_layers.backends.clear()
    yield
    channel_layers.backends.clear()


@pytest.mark.django_db(transaction=True)
async def test_socket_refuses_bad_chat_text_and_keys(in_memory_layer: Any) -> None:
    game = await sync_to_async(lambda: started_game([make_user(), make_user()]))()
    user, move = await sync_to_async(_pending_move)(game)
    sock = WebsocketCommunicator(APP, f"/ws/games/{game.pk}/?format=json")
    sock.scope["user"] = user
    assert (await sock.connect(timeout=10))[0]
    await sock.receive_from(timeout=5)
    before = await sync_to_async(game_snapshot)(game.pk)
    frames = [{"type": "chat", "body": text} for text in BAD_TEXT] + [
        {"type": "move", "expected_seq": game.state_seq, "move": move, "idempotency_key": key}
        for key in ["k" * 81, "a\x00b", 7, {"k": 1}]
    ]
    for frame in frames:
        await sock.send_to(text_data=json.dumps(frame))
        answer = json.loads(await sock.receive_from(timeout=5))
        assert (answer["type"], answer["status"]) == ("error", 400), (frame, answer)
    assert await sync_to_async(game_snapshot)(game.pk) == before
    assert await sync_to_async(ChatMessage.objects.count)() == 0
    await sock.disconnect()
