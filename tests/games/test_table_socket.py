"""The table page's websocket (/ws/tables/<id>/): who may connect, and what table talk each
reader receives (issue 15, high: it accepted anyone and sent every message to everyone).

- A private table's socket is refused to anonymous visitors, to users not seated there and
  to wrong invite codes; its seated players and holders of the invite code connect.
- Before the start everyone at the table reads both chat channels; once the game is on, the
  seated players never receive the spectators' talk (on this socket or any other).
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser
from django.test import Client

from accounts.models import User
from games.models import ChatMessage, Table
from games.routing import websocket_urlpatterns
from games.services.chat import chat_post
from games.services.lobby import table_join, table_leave, table_start
from moderation.services.chat import chat_hide

from .conftest import make_user, open_table

pytestmark = pytest.mark.django_db(transaction=True)

APP = URLRouter(websocket_urlpatterns)
OPENED: list[WebsocketCommunicator] = []  # by `accepted`: close_sockets closes them


@pytest.fixture(autouse=True)
async def close_sockets() -> AsyncIterator[None]:
    """Every socket a test opened is closed after it, whatever the test asserted."""
    yield
    while OPENED:
        await OPENED.pop().disconnect()


def socket(table_id: int, user: Any, query: str = "") -> WebsocketCommunicator:
    comm = WebsocketCommunicator(APP, f"/ws/tables/{table_id}/{query}")
    comm.scope["user"] = user if user is not None else AnonymousUser()
    return comm


async def accepted(table_id: int, user: Any, query: str = "") -> WebsocketCommunicator:
    comm = socket(table_id, user, query)
    connected, _ = await comm.connect(timeout=10)
    assert connected
    OPENED.append(comm)
    return comm


async def refused(table_id: int, user: Any, query: str = "") -> bool:
    comm = socket(table_id, user, query)
    connected, code = await comm.connect(timeout=10)
    await comm.disconnect()
    return not connected and code == 4404


async def received(comm: WebsocketCommunicator) -> str:
    """Everything the socket received until it falls quiet."""
    frames = []
    while not await comm.receive_nothing(timeout=0.3):
        frames.append(await comm.receive_from())
    return "\n".join(frames)


@sync_to_async
def private_table(players: int = 2) -> tuple[Table, list[User]]:
    users = [make_user() for _ in range(players)]
    return open_table(users, visibility=Table.Visibility.PRIVATE), users


@sync_to_async
def public_table(players: int = 2) -> tuple[Table, list[User]]:
    users = [make_user() for _ in range(players)]
    return open_table(users), users


@sync_to_async
def say(table: Table, user: User, body: str) -> ChatMessage:
    return chat_post(table=table, user=user, body=body)


async def heard(table: Table, user: User, body: str, readers: list[WebsocketCommunicator]) -> bool:
    """`user` says `body` at the table: whether every one of `readers` received it."""
    await say(table, user, body)
    return all([body in await received(comm) for comm in readers])


async def test_private_table_socket_refuses_anyone_not_seated_or_invited() -> None:
    table, players = await private_table()
    stranger = await sync_to_async(make_user)()
    assert await refused(table.pk, None)
    assert await refused(table.pk, stranger)
    assert await refused(table.pk, stranger, "?invite=not-the-code")
    assert await refused(table.pk + 1000, players[0])  # no such table
    await accepted(table.pk, players[1])
    await accepted(table.pk, stranger, f"?invite={table.invite_code}")
    await accepted(table.pk, None, f"?invite={table.invite_code}")


async def test_private_table_chat_reaches_only_its_players_and_invited() -> None:
    table, (host, guest) = await private_table()
    invited = await accepted(table.pk, None, f"?invite={table.invite_code}")
    seated = await accepted(table.pk, guest)
    assert await heard(table, host, "canary-private-words", [seated, invited])


async def test_public_table_open_to_visitors_and_both_channels_before_the_start() -> None:
    table, (host, _guest) = await public_table()
    watcher = await sync_to_async(make_user)()
    anonymous = await accepted(table.pk, None)
    seated = await accepted(table.pk, host)
    assert await heard(table, watcher, "canary-before-start", [seated, anonymous])


async def test_spectators_talk_never_reaches_seated_players_during_the_game() -> None:
    table, (host, guest) = await public_table()
    watcher = await sync_to_async(make_user)()
    await sync_to_async(table_start)(table=table, by=host)
    seated = await accepted(table.pk, guest, "?stay=1")
    visitor = await accepted(table.pk, watcher)
    await received(seated)
    await received(visitor)

    message = await say(table, watcher, "canary-coaching")
    assert message.channel == ChatMessage.Channel.SPECTATORS
    assert "canary-coaching" not in await received(seated)
    assert "canary-coaching" in await received(visitor)

    assert await heard(table, host, "canary-players-talk", [seated, visitor])

    # A moderator hiding the spectators' message tells only the spectators.
    moderator = await sync_to_async(make_user)()
    await sync_to_async(chat_hide)(messages=[message], by=moderator, reason="coaching")
    assert f'"{message.pk}"' not in await received(seated)
    assert str(message.pk) in await received(visitor)


async def test_a_player_who_leaves_a_private_table_is_cut_off() -> None:
    table, (_host, guest) = await private_table()
    comm = await accepted(table.pk, guest)
    await sync_to_async(table_leave)(table=table, user=guest)
    output = await comm.receive_output(timeout=3)
    assert output == {"type": "websocket.close", "code": 4403}


async def test_a_visitor_who_takes_a_seat_reads_as_a_player() -> None:
    table, (host, guest) = await public_table(players=2)
    await sync_to_async(table_leave)(table=table, user=guest)
    newcomer = await sync_to_async(make_user)()
    comm = await accepted(table.pk, newcomer)
    await sync_to_async(table_join)(table=table, user=newcomer)
    await received(comm)
    await sync_to_async(table_start)(table=table, by=host)
    await received(comm)
    watcher = await sync_to_async(make_user)()
    await say(table, watcher, "canary-after-seat")
    assert "canary-after-seat" not in await received(comm)


async def test_seat_changes_and_the_start_reach_the_table_page() -> None:
    """The pushed notices (games/partials/table_live.html since issue 13 took the HTML out of
    the consumer): a seat change makes the page fetch its seats again; the start sends the
    players on to the game page, by a link and a data attribute (no inline script)."""
    table, (host, guest) = await public_table(players=2)
    comm = await accepted(table.pk, host)
    await sync_to_async(table_leave)(table=table, user=guest)
    changed = await received(comm)
    assert f'hx-get="/tables/{table.pk}/?stay=1"' in changed
    assert "data-redirect-to" not in changed
    await sync_to_async(table_join)(table=table, user=guest)
    await received(comm)
    game = await sync_to_async(table_start)(table=table, by=host)
    started = await received(comm)
    assert f'data-redirect-to="/games/{game.pk}/"' in started
    assert f'<a href="/games/{game.pk}/">Go to the game</a>' in started


def test_table_page_connects_its_socket_with_the_invite(client: Any) -> None:
    users = [make_user() for _ in range(2)]
    table = open_table(users, visibility=Table.Visibility.PRIVATE)
    page = client.get(f"/invite/{table.invite_code}/").content.decode()
    assert f'ws-connect="/ws/tables/{table.pk}/?invite={table.invite_code}"' in page


async def test_an_invite_code_stops_opening_a_private_table_once_its_game_is_on() -> None:
    """The invite code invites to a seat: a holder without one (removed before the start,
    or too late) must not keep reading the private game's talk once it is on, on the table
    socket, the invite page or the API (the game page and the chat API already refused them)."""
    table, (host, guest) = await private_table()
    code = table.invite_code
    listening = await accepted(table.pk, None, f"?invite={code}")
    await sync_to_async(table_start)(table=table, by=host)
    # The start closes the holder's socket (table_changed re-checks who may listen).
    frames = []
    while (output := await listening.receive_output(timeout=3))["type"] != "websocket.close":
        frames.append(output)
    assert output["code"] == 4403
    assert frames == []
    assert await refused(table.pk, None, f"?invite={code}")
    stranger = await sync_to_async(make_user)()
    assert await refused(table.pk, stranger, f"?invite={code}")
    await accepted(table.pk, guest)  # its players still follow it

    @sync_to_async
    def pages() -> list[int]:
        chat_post(table=table, user=host, body="canary-private-game-talk")
        client = Client()
        client.force_login(stranger)
        return [
            client.get(f"/invite/{code}/?stay=1").status_code,
            client.get(f"/tables/{table.pk}/?stay=1").status_code,
            client.get(f"/api/tables/{table.pk}/?invite={code}").status_code,
        ]

    assert await pages() == [404, 404, 404]
