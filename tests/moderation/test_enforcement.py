"""A suspended or banned player cannot play or chat through the pages, the API or the
websocket, nor join, open or host tables (one check in the games services, issue 5); they read
the suspension notice with its reason and end date when they log in; their open game
socket is closed when the sanction lands."""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.contrib.messages import get_messages
from django.test import Client
from django.utils import timezone, translation
from django.utils.formats import date_format
from rest_framework.authtoken.models import Token

from accounts.models import User
from games.models import ChatMessage, Game, GameEvent, Seat, Table
from games.routing import websocket_urlpatterns
from games.services.lobby import lobby_create, table_add_bot, table_join, table_leave
from moderation.models import Sanction
from tests.games.page_play import logged_in

from .conftest import action, make_moderator, make_user, seat_users, started_game

APP = URLRouter(websocket_urlpatterns)
VOTE = {"type": "toy.vote", "choice": "up"}


def suspend(user: User, days: int = 3, reason: str = "Abusive chat") -> None:
    """Suspend through the admin, logged in as a moderator."""
    client = Client()
    client.force_login(make_moderator(f"mod-{user.username}"))
    action(client, "/admin/accounts/user/", "suspend_users", [user.pk], reason=reason, days=days)
    assert Sanction.objects.active().filter(user=user).exists()


@pytest.mark.django_db
def test_pages_refuse_moves_and_chat(game: Game, players: list[User]) -> None:
    player = players[0]
    suspend(player)
    client = logged_in(player)  # they may log in again and read
    page = client.get(f"/games/{game.pk}/")
    assert page.status_code == 200
    assert "suspended until" in page.content.decode()
    before = GameEvent.objects.filter(game=game).count()
    move = client.post(
        f"/games/{game.pk}/move/",
        {"move": json.dumps(VOTE), "expected_seq": game.state_seq},
        follow=True,
    )
    assert "suspended until" in move.content.decode()
    chat = client.post(f"/games/{game.pk}/chat/", {"body": "hello"}, follow=True)
    assert "suspended until" in chat.content.decode()
    assert GameEvent.objects.filter(game=game).count() == before
    assert not ChatMessage.objects.exists()


@pytest.mark.django_db
def test_api_refuses_moves_chat_join_and_new_tables(game: Game, players: list[User]) -> None:
    player = players[1]
    suspend(player, reason="Cheating")
    token = Token.objects.create(user=player)  # even a token made after the sanction
    client = Client(HTTP_AUTHORIZATION=f"Token {token.key}")
    move = client.post(
        f"/api/games/{game.pk}/moves/",
        {"move": VOTE, "expected_seq": game.state_seq},
        "application/json",
    )
    assert move.status_code == 403
    assert move.json()["error"]["code"] == "suspended"
    assert "Cheating" in move.json()["error"]["message"]
    chat = client.post(
        f"/api/tables/{game.table_id}/chat/post/", {"body": "hi"}, "application/json"
    )
    assert chat.status_code == 403
    assert chat.json()["error"]["code"] == "suspended"
    table = lobby_create(host=make_user(), game_slug="toy-secrets", seat_count=3)
    join = client.post(f"/api/tables/{table.pk}/join/", {}, "application/json")
    assert join.status_code == 403
    create = client.post(
        "/api/tables/create/", {"game": "toy-secrets", "seat_count": 3}, "application/json"
    )
    assert create.status_code == 403
    # Reading stays open.
    assert client.get(f"/api/games/{game.pk}/").status_code == 200


@pytest.mark.django_db
def test_ban_refuses_too_and_lifting_restores_play(game: Game, players: list[User]) -> None:
    player = players[2]
    moderator = logged_in(make_moderator("gaheris"))
    action(moderator, "/admin/accounts/user/", "ban_users", [player.pk], reason="Bots")
    client = logged_in(player)
    url = f"/api/games/{game.pk}/moves/"
    body = {"move": VOTE, "expected_seq": game.state_seq}
    refused = client.post(url, body, "application/json")
    assert refused.status_code == 403
    assert "banned" in refused.json()["error"]["message"]
    action(moderator, "/admin/accounts/user/", "lift_sanctions", [player.pk], reason="Appeal")
    assert client.post(url, body, "application/json").status_code == 200


@pytest.mark.django_db
def test_a_suspended_host_cannot_run_their_open_table() -> None:
    """Hosting is acting too: a suspended host could still start their table (dealing the
    others into a game with a seat its player may not play), seat or remove bots and remove
    players, through the pages and the API. Each is refused in words; nothing changes.
    Leaving stays open (a suspended player may step away from a table)."""
    host, guest, other = make_user(), make_user(), make_user()
    table = lobby_create(host=host, game_slug="toy-secrets", seat_count=5)
    for user in (guest, other):
        table_join(table=table, user=user)
    bot = table_add_bot(table=table, by=host)
    suspend(host, reason="Harassment")
    page = logged_in(host)
    token = Token.objects.create(user=host)
    api = Client(HTTP_AUTHORIZATION=f"Token {token.key}")
    seats = sorted(Seat.objects.filter(table=table).values_list("pk", flat=True))
    posts: list[tuple[str, dict[str, int]]] = [
        (f"/tables/{table.pk}/bots/add/", {}),
        (f"/tables/{table.pk}/bots/remove/", {"seat_id": bot.pk}),
        (f"/tables/{table.pk}/remove/", {"user_id": other.pk}),
        (f"/tables/{table.pk}/start/", {}),
    ]
    for n, (url, form) in enumerate(posts, start=1):
        # The messages queue up (nobody reads a page in between): one more per refusal.
        said = [str(m) for m in get_messages(page.post(url, form).wsgi_request)]
        assert len(said) == n, (url, said)
        assert "suspended until" in said[-1], (url, said)
        assert "Harassment" in said[-1], (url, said)
    for url, body in [
        (f"/api/tables/{table.pk}/remove/", {"user_id": other.pk}),
        (f"/api/tables/{table.pk}/start/", None),
    ]:
        refused = api.post(url, body, "application/json")
        assert refused.status_code == 403, (url, refused.content)
        assert refused.json()["error"]["code"] == "suspended"
    table.refresh_from_db()
    assert table.status == Table.Status.OPEN
    assert not Game.objects.filter(table=table).exists()
    assert sorted(Seat.objects.filter(table=table).values_list("pk", flat=True)) == seats
    table_leave(table=table, user=other)  # the others may still leave; so may a suspended guest
    suspend(guest)
    table_leave(table=table, user=guest)


@pytest.mark.django_db
def test_notice_with_reason_and_end_date_at_login(players: list[User]) -> None:
    player = players[0]
    suspend(player, days=2, reason="Spoiling roles")
    until = Sanction.objects.get(user=player).until
    assert until is not None
    client = Client()
    response = client.post(
        "/accounts/login/",
        {"login": player.username, "password": "pw-Excalibur-42"},
        follow=True,
    )
    html = response.content.decode()
    assert "suspended until" in html
    assert "Spoiling roles" in html
    # the end date as the reader's language writes it, in their zone (UTC for this one)
    with translation.override("en"):
        end = date_format(timezone.localtime(until, dt.UTC), "DATETIME_FORMAT")
    assert f"{end} (UTC)" in html


# --- websocket ---------------------------------------------------------------------------


async def connect(game_id: int, user: Any) -> WebsocketCommunicator:
    comm = WebsocketCommunicator(APP, f"/ws/games/{game_id}/?format=json")
    comm.scope["user"] = user
    connected, _ = await comm.connect(timeout=10)
    assert connected
    return comm


async def next_of(comm: WebsocketCommunicator, kind: str) -> dict[str, Any]:
    for _ in range(20):
        data = json.loads(await comm.receive_from(timeout=5))
        if data.get("type") == kind:
            return dict(data)
    raise AssertionError(f"no {kind} message")


async def refused_as_suspended(comm: WebsocketCommunicator, message: dict[str, Any]) -> None:
    """The socket answers `message` with the suspended player's 403."""
    await comm.send_to(text_data=json.dumps(message))
    error = await next_of(comm, "error")
    assert error["status"] == 403
    assert error["error"]["code"] == "suspended"


@database_sync_to_async  # type: ignore[untyped-decorator]
def setup() -> tuple[Game, dict[int, User]]:
    game = started_game([make_user() for _ in range(3)])
    return game, seat_users(game)


async def watching(seat: int) -> tuple[Game, dict[int, User], WebsocketCommunicator]:
    """A started game, its players by seat, and seat `seat`'s socket past its first update."""
    game, seats = await setup()
    sock = await connect(game.pk, seats[seat])
    await next_of(sock, "update")
    return game, seats, sock


@pytest.mark.django_db(transaction=True)
async def test_websocket_refuses_moves_and_chat() -> None:
    game, seats = await setup()
    await database_sync_to_async(suspend)(seats[0])
    sock = await connect(game.pk, seats[0])
    feed = (await next_of(sock, "update"))["game"]
    await refused_as_suspended(sock, {"type": "move", "expected_seq": feed["seq"], "move": VOTE})
    await refused_as_suspended(sock, {"type": "chat", "body": "let me talk"})
    count = await database_sync_to_async(GameEvent.objects.filter(game=game).count)()
    assert count == feed["seq"]
    await sock.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_open_socket_is_closed_when_the_sanction_lands() -> None:
    _, seats, sock = await watching(1)
    await database_sync_to_async(suspend)(seats[1])
    for _ in range(20):
        output = await sock.receive_output(timeout=5)
        if output["type"] == "websocket.close":
            assert output["code"] == 4403
            break
    else:
        raise AssertionError("the socket was not closed")
    await sock.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_hidden_message_is_replaced_on_open_sockets() -> None:
    from games.services.chat import chat_post

    game, seats, sock = await watching(2)
    page = WebsocketCommunicator(APP, f"/ws/games/{game.pk}/")  # the HTML page's socket
    page.scope["user"] = seats[1]
    assert (await page.connect(timeout=10))[0]
    message = await database_sync_to_async(chat_post)(
        table=game.table, user=seats[0], body="spoiler!"
    )
    assert (await next_of(sock, "chat"))["message"]["body"] == "spoiler!"

    def hide() -> None:
        client = Client()
        client.force_login(make_moderator("lucan"))
        action(client, "/admin/games/chatmessage/", "hide_messages", [message.pk], reason="r")

    await database_sync_to_async(hide)()
    hidden = await next_of(sock, "chat_hidden")
    for _ in range(20):
        html = await page.receive_from(timeout=5)
        if f'id="chat-msg-{message.pk}" hx-swap-oob="true"' in html:
            assert "removed by a moderator" in html
            assert "spoiler" not in html
            break
    else:
        raise AssertionError("the page was not told")
    await page.disconnect()
    assert hidden["message"] == {
        "id": message.pk,
        "body": "removed by a moderator",
        "channel": "players",
    }
    await sock.disconnect()


@pytest.mark.django_db
def test_suspended_seat_is_settled_by_the_tables_timeout_policy(
    game: Game, players: list[User], django_capture_on_commit_callbacks: Any
) -> None:
    from clock.services import extension_spend
    from clock.sweeper import sweep
    from games.services.errors import ServiceError

    position = next(s for s, u in seat_users(game).items() if u == players[0])
    suspend(players[0])
    with pytest.raises(ServiceError, match="suspended"):
        extension_spend(game=game, user=players[0])
    with django_capture_on_commit_callbacks(execute=True):
        sweep()
    acted = GameEvent.objects.filter(game=game, actor_seat=position).last()
    assert acted is not None
    assert acted.actor_kind == GameEvent.ActorKind.TIMEOUT


@pytest.mark.django_db(transaction=True)
async def test_handing_a_seat_on_closes_the_old_players_socket() -> None:
    game, seats, sock = await watching(1)

    def hand_over() -> None:
        client = Client()
        client.force_login(make_moderator("dagonet"))
        make_user("galahad")
        action(
            client,
            "/admin/games/game/",
            "hand_seat_to_substitute",
            [game.pk],
            seat=1,
            substitute="galahad",
            reason="Gone for a month",
        )

    await database_sync_to_async(hand_over)()
    for _ in range(20):
        output = await sock.receive_output(timeout=5)
        if output["type"] == "websocket.close":
            break
    else:
        raise AssertionError("the old player's socket stayed open")
    await sock.disconnect()
    # Reconnecting, the old player is a spectator now.
    again = await connect(game.pk, seats[1])
    assert (await next_of(again, "update"))["game"]["my_seat"] is None
    await again.disconnect()


async def closed_with(comm: WebsocketCommunicator) -> int | None:
    for _ in range(20):
        output = await comm.receive_output(timeout=5)
        if output["type"] == "websocket.close":
            return int(output["code"])
    return None


@pytest.mark.django_db(transaction=True)
async def test_a_hand_over_closes_both_sockets_to_reconnect() -> None:
    """The old player's socket and the substitute's (a spectator's until now) close as a
    restart, 1012, which the page's socket retries, reconnecting as who each now is. They
    closed with 4403, which a page does not retry: the substitute's page went dead."""
    from moderation.services.games import seat_hand_to_substitute

    game, _, old = await watching(1)
    substitute = await database_sync_to_async(make_user)("substitute")
    watcher = await connect(game.pk, substitute)
    assert (await next_of(watcher, "update"))["game"]["my_seat"] is None
    moderator = await database_sync_to_async(make_moderator)("mod-handover")
    await database_sync_to_async(seat_hand_to_substitute)(
        game=game, seat=1, substitute=substitute, by=moderator, reason="Vanished"
    )
    assert await closed_with(old) == 1012
    assert await closed_with(watcher) == 1012
    again = await connect(game.pk, substitute)
    assert (await next_of(again, "update"))["game"]["my_seat"] == 1
    await again.disconnect()


@pytest.mark.django_db
def test_the_sanction_in_force_is_read_by_a_query_compiled_once() -> None:
    """Every action of a player logged in by session asks for their sanction; the query is
    compiled once per process (games.prepared, issue 14) and answers as the queryset did:
    not lifted, a ban or a suspension not yet ended, a ban before the longest suspension,
    at the `now` asked for."""
    from moderation import selectors

    player, moderator = make_user("pellinore"), make_moderator("bors")
    now = timezone.now()

    def sanction(kind: str, until: dt.datetime | None, lifted: bool = False) -> Sanction:
        return Sanction.objects.create(
            user=player,
            kind=kind,
            until=until,
            reason="Spam",
            created_by=moderator,
            lifted_at=now if lifted else None,
        )

    assert selectors.sanction_active_for(player) is None
    sanction(Sanction.Kind.SUSPENSION, now - dt.timedelta(days=1))  # ended
    sanction(Sanction.Kind.BAN, None, lifted=True)
    assert selectors.sanction_active_for(player) is None
    short = sanction(Sanction.Kind.SUSPENSION, now + dt.timedelta(days=2))
    long = sanction(Sanction.Kind.SUSPENSION, now + dt.timedelta(days=9))
    assert selectors.sanction_active_for(player) == long
    assert selectors.sanction_active_for(player, now + dt.timedelta(days=5)) == long
    assert selectors.sanction_active_for(player, now + dt.timedelta(days=10)) is None
    ban = sanction(Sanction.Kind.BAN, None)
    assert selectors.sanction_active_for(player) == ban
    assert short.pk < ban.pk
    compiled = selectors._ACTIVE._compiled
    assert compiled is not None
    selectors.sanction_active_for(make_user("dinadan"))
    assert selectors._ACTIVE._compiled is compiled
