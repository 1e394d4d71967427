"""Logging out closes the game sockets that browser opened while logged in: they went on
pushing the seat's own view (role, hand) to the page left open after the logout. The same
player's sockets of another session (another device) stay open. A new password (which
signs out the player's other sessions) makes every socket signed in by a session
reconnect, to be signed in again only if its session still holds; a new or revoked API
token, every socket signed in by a token."""

from __future__ import annotations

from typing import Any

import pytest
from asgiref.sync import sync_to_async
from channels.auth import get_user
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser
from django.contrib.sessions.backends.db import SessionStore
from django.test import Client
from django.urls import reverse
from rest_framework.authtoken.models import Token

from accounts.socket_auth import SocketTokenMiddleware
from games.routing import websocket_urlpatterns

from .test_consumers import MOVE, next_json, play, setup_game

pytestmark = pytest.mark.django_db(transaction=True)

APP = URLRouter(websocket_urlpatterns)


@sync_to_async
def logged_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


async def connect_as(game_id: int, user: Any, client: Client) -> WebsocketCommunicator:
    """The socket a page opens: signed in by the browser's session."""
    comm = WebsocketCommunicator(APP, f"/ws/games/{game_id}/?format=json")
    comm.scope["user"] = user
    comm.scope["session"] = SessionStore(session_key=client.session.session_key)
    connected, _ = await comm.connect(timeout=10)
    assert connected
    await next_json(comm)
    return comm


async def closed(comm: WebsocketCommunicator) -> int | None:
    """The close code the socket received next (skipping other frames), None if none."""
    for _ in range(20):
        output = await comm.receive_output(timeout=5)
        if output["type"] == "websocket.close":
            return int(output["code"])
    return None


async def test_logging_out_closes_that_browsers_sockets_and_no_other() -> None:
    game, seats = await setup_game()
    browser, phone = await logged_in(seats[0]), await logged_in(seats[0])
    left = await connect_as(game.pk, seats[0], browser)
    stays = await connect_as(game.pk, seats[0], phone)
    response = await sync_to_async(browser.post)(reverse("account_logout"))
    assert response.status_code == 302
    assert await closed(left) == 4403
    await play(game, seats[1], MOVE)
    update = await next_json(stays)
    assert update["game"]["my_seat"] == 0
    await stays.disconnect()


async def test_a_token_socket_is_not_closed_by_a_logout() -> None:
    game, seats = await setup_game()
    browser = await logged_in(seats[0])
    sock = WebsocketCommunicator(APP, f"/ws/games/{game.pk}/?format=json")
    sock.scope["user"] = seats[0]  # signed in otherwise (a token): no session of theirs
    assert (await sock.connect(timeout=10))[0]
    await next_json(sock)
    await sync_to_async(browser.post)(reverse("account_logout"))
    await play(game, seats[1], MOVE)
    assert (await next_json(sock))["game"]["my_seat"] == 0
    await sock.disconnect()


async def test_a_new_password_makes_session_sockets_reconnect() -> None:
    game, seats = await setup_game()
    owner, intruder = await logged_in(seats[0]), await logged_in(seats[0])
    stolen = await connect_as(game.pk, seats[0], intruder)
    token = WebsocketCommunicator(APP, f"/ws/games/{game.pk}/?format=json")
    token.scope["user"] = seats[0]  # a program's token: the password does not sign it in
    assert (await token.connect(timeout=10))[0]
    await next_json(token)
    new = "pw-Grail-Quest-77"
    response = await sync_to_async(owner.post)(
        reverse("account_change_password"),
        {"oldpassword": "pw-Excalibur-42", "password1": new, "password2": new},
    )
    assert response.status_code == 302
    assert await closed(stolen) == 1012  # a restart: the page reconnects and is checked again
    # ... as channels' AuthMiddleware does: the intruder's session signs nobody in now.
    again = await get_user({"session": SessionStore(session_key=intruder.session.session_key)})
    assert not again.is_authenticated
    mine = await get_user({"session": SessionStore(session_key=owner.session.session_key)})
    assert mine.pk == seats[0].pk
    await play(game, seats[1], MOVE)
    assert (await next_json(token))["game"]["my_seat"] == 0
    await token.disconnect()


@pytest.mark.parametrize("change", ["api_token_create", "api_token_revoke"])
async def test_a_replaced_or_revoked_token_makes_its_sockets_reconnect(change: str) -> None:
    game, seats = await setup_game()
    key = await sync_to_async(lambda: Token.objects.get_or_create(user=seats[0])[0].key)()
    program = WebsocketCommunicator(
        SocketTokenMiddleware(APP),
        f"/ws/games/{game.pk}/?format=json",
        headers=[(b"authorization", f"Token {key}".encode())],
    )
    program.scope["user"] = AnonymousUser()
    assert (await program.connect(timeout=10))[0]
    assert (await next_json(program))["game"]["my_seat"] == 0
    browser = await logged_in(seats[0])
    page = await connect_as(game.pk, seats[0], browser)
    response = await sync_to_async(browser.post)(reverse(change))
    assert response.status_code == 302
    assert await closed(program) == 1012  # reconnecting with the old key: nobody
    await play(game, seats[1], MOVE)
    assert (await next_json(page))["game"]["my_seat"] == 0  # the page's socket stays
    await page.disconnect()
