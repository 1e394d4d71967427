"""Consumer tests on the real database with Channels' WebsocketCommunicator: each seat's
socket receives its own view after a move, spectators the public one; a reconnect with the
last seq catches up; moves and errors over the socket; HTML partials for the page."""

from __future__ import annotations

import json
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser
from django.utils import translation
from rest_framework.authtoken.models import Token

from accounts.middleware import SocketLanguageMiddleware
from accounts.socket_auth import SocketTokenMiddleware
from games.engine.core import to_json
from games.log import definition_of, load_state
from games.models import ChatMessage, Presence
from games.rendering import game_context, render_partials
from games.routing import websocket_urlpatterns
from games.selectors import game_view_for_user
from games.services.moves import move_submit

from .conftest import good_on_a_quest, make_user, play_pending_once, seat_users, started_game

pytestmark = pytest.mark.django_db(transaction=True)

APP = URLRouter(websocket_urlpatterns)
MOVE = {"type": "toy.vote", "choice": "up"}


async def connect(game_id: int, user: Any, query: str = "format=json") -> WebsocketCommunicator:
    comm = WebsocketCommunicator(APP, f"/ws/games/{game_id}/?{query}")
    comm.scope["user"] = user
    connected, _ = await comm.connect(timeout=10)
    assert connected
    return comm


async def next_json(comm: WebsocketCommunicator, kind: str = "update") -> dict[str, Any]:
    """The next message of `kind`, skipping presence/chat notices."""
    for _ in range(20):
        data = json.loads(await comm.receive_from(timeout=5))
        if data.get("type") == kind:
            return dict(data)
    raise AssertionError(f"no {kind} message")


@sync_to_async
def setup_game(players: int = 3, slug: str = "toy-secrets") -> tuple[Any, dict[int, Any]]:
    users = [make_user() for _ in range(players)]
    game = started_game(users, slug=slug)
    return game, seat_users(game)


@sync_to_async
def play(game: Any, user: Any, move: dict[str, Any]) -> dict[str, Any]:
    game.refresh_from_db()
    return move_submit(game=game, user=user, move_json=move, expected_seq=game.state_seq)


async def test_each_seat_gets_its_own_view_and_spectators_the_public_one() -> None:
    game, seats = await setup_game()
    socks = {s: await connect(game.pk, u) for s, u in seats.items()}
    watcher = await connect(game.pk, await sync_to_async(make_user)())
    for s, sock in socks.items():
        first = await next_json(sock)
        assert first["game"]["my_seat"] == s
        assert first["game"]["view"]["you"]["seat"] == s
    await next_json(watcher)
    await play(game, seats[0], {"type": "toy.vote", "choice": "down"})
    for s, sock in socks.items():
        update = await next_json(sock)
        assert update["game"]["view"]["you"]["seat"] == s
        [event] = update["events"]
        if s == 0:
            assert event["event"] == {"type": "toy.vote_cast", "seat": 0, "vote": "down"}
        else:
            assert event["event"] == {"type": "toy.vote_cast", "seat": 0}
    spectator = await next_json(watcher)
    assert "you" not in spectator["game"]["view"]
    assert spectator["game"]["my_seat"] is None
    for sock in [*socks.values(), watcher]:
        await sock.disconnect()
    assert await sync_to_async(Presence.objects.count)() == 0


async def test_reconnect_with_last_seq_catches_up() -> None:
    game, seats = await setup_game()
    seq = game.state_seq
    await play(game, seats[1], {"type": "toy.vote", "choice": "up"})
    await play(game, seats[2], {"type": "toy.vote", "choice": "up"})
    sock = await connect(game.pk, seats[1], f"format=json&last_seq={seq}")
    caught = await next_json(sock)
    assert [e["seq"] for e in caught["events"]] == [seq + 1, seq + 2]
    assert caught["events"][0]["event"]["vote"] == "up"  # its own vote, in full
    assert "vote" not in caught["events"][1]["event"]  # another seat's: only that it acted
    await sock.send_to(text_data=json.dumps({"type": "hello", "seq": seq + 1}))
    again = await next_json(sock)
    assert [e["seq"] for e in again["events"]] == [seq + 2]
    await sock.disconnect()


async def test_moves_and_errors_over_the_socket() -> None:
    game, seats = await setup_game()
    sock = await connect(game.pk, seats[0])
    feed = (await next_json(sock))["game"]
    await sock.send_to(
        text_data=json.dumps(
            {
                "type": "move",
                "expected_seq": feed["seq"] - 1,
                "move": {"type": "toy.vote", "choice": "up"},
            }
        )
    )
    error = await next_json(sock, "error")
    assert error["status"] == 409
    assert error["error"]["current_seq"] == feed["seq"]
    await sock.send_to(
        text_data=json.dumps(
            {"type": "move", "expected_seq": feed["seq"], "move": {"type": "nope"}}
        )
    )
    error = await next_json(sock, "error")
    assert error["status"] == 400
    assert error["error"]["field"] == "type"
    await sock.send_to(text_data="{not json")
    error = await next_json(sock, "error")
    assert error["status"] == 400
    assert error["error"]["field"] == "body"
    await sock.send_to(
        text_data=json.dumps(
            {
                "type": "move",
                "expected_seq": feed["seq"],
                "move": {"type": "toy.vote", "choice": "up"},
            }
        )
    )
    result = await next_json(sock, "move_result")
    assert result["seq"] == feed["seq"] + 1
    await sock.disconnect()


@sync_to_async
def resistance_on_a_quest() -> tuple[Any, Any, int]:
    users = [make_user() for _ in range(5)]
    game = started_game(users, slug="resistance-avalon")
    seat, _ = good_on_a_quest(game)
    return game, seat_users(game)[seat], seat


async def test_ra16_a_refusal_over_the_socket_says_the_rule_and_links_it() -> None:
    """RA-16: a Good player's Fail sent over the socket is refused in words, with the rule
    as data ({"id", "url"}), as the API and the page do."""
    game, user, _ = await resistance_on_a_quest()
    sock = await connect(game.pk, user)
    feed = (await next_json(sock))["game"]
    move = {"type": "ra.play_quest_card", "success": False}
    await sock.send_to(
        text_data=json.dumps({"type": "move", "expected_seq": feed["seq"], "move": move})
    )
    error = await next_json(sock, "error")
    assert error["status"] == 422
    assert error["error"]["message"] == "Loyal servants of Arthur can only play Success."
    assert error["error"]["rule"] == {"id": "RA-16", "url": "/rules/resistance-avalon/#RA-16"}
    await sock.disconnect()


async def test_html_mode_pushes_rerendered_partials() -> None:
    game, seats = await setup_game(5, "resistance-avalon")
    sock = await connect(game.pk, seats[0], "")
    first = await sock.receive_from(timeout=5)
    for part in (
        'id="phase"',
        'id="board"',
        'id="secret"',
        'id="actions"',
        'id="players"',
        'id="log-list"',
    ):
        assert part in first
    assert 'hx-swap-oob="true"' in first
    definition = await sync_to_async(definition_of)(game)
    state = await sync_to_async(load_state)(game, definition)
    leader = min(definition.pending_seats(state))
    move = to_json(definition.legal_moves(state, leader)[0])
    await play(game, seats[leader], move)
    for _ in range(10):
        html = await sock.receive_from(timeout=5)
        if 'id="board"' in html:
            break
    assert "Proposed team" in html
    assert "afterbegin:#log-list" in html
    await sock.disconnect()


async def test_a_presence_change_pushes_the_players_panel_of_a_fresh_render() -> None:
    """A seat's socket opening tells the others: each re-renders its players panel from the
    pushed players alone, the very bytes the whole page's render gives that view."""
    game, seats = await setup_game(5, "resistance-avalon")
    sock = await connect(game.pk, seats[0], "")
    await sock.receive_from(timeout=5)  # the page
    other = await connect(game.pk, seats[1], "")
    for _ in range(10):  # its own join's notice may come first: the one with both online
        pushed = await sock.receive_from(timeout=5)
        if pushed.count("player__dot--on") == 2 and 'id="phase"' not in pushed:
            break

    @sync_to_async
    def fresh() -> str:
        game.refresh_from_db()
        feed = game_view_for_user(game, seats[0])
        return render_partials(game_context(feed), names=("players",))

    expected = await fresh()
    assert pushed == expected
    await other.disconnect()
    await sock.disconnect()


async def test_private_game_refuses_strangers() -> None:
    @sync_to_async
    def private_game() -> Any:
        users = [make_user() for _ in range(2)]
        return started_game(users, visibility="private")

    game = await private_game()
    comm = WebsocketCommunicator(APP, f"/ws/games/{game.pk}/")
    comm.scope["user"] = await sync_to_async(make_user)()
    connected, _ = await comm.connect(timeout=10)
    assert not connected


@sync_to_async
def finished_game_of(user: Any) -> Any:
    """A Resistance game `user` played to its end (every seat's first legal move)."""
    game = started_game([user, *(make_user() for _ in range(4))], slug="resistance-avalon")
    while play_pending_once(game):
        pass
    game.refresh_from_db()
    return game


async def test_the_json_feeds_ending_speaks_the_sockets_language() -> None:
    """As the API's: `outcome.summary` is the ending in the socket's language (here the
    player's profile), while the log keeps the engine's English."""
    user = await sync_to_async(make_user)()
    user.language = "fr"
    await sync_to_async(user.save)(update_fields=["language"])
    game = await finished_game_of(user)
    english = str(game.outcome["summary"])
    with translation.override("fr"):
        french = translation.gettext(english)
    assert french != english
    comm = WebsocketCommunicator(SocketLanguageMiddleware(APP), f"/ws/games/{game.pk}/?format=json")
    comm.scope["user"] = user
    connected, _ = await comm.connect(timeout=10)
    assert connected
    first = await next_json(comm)
    assert first["game"]["outcome"]["summary"] == french
    assert first["game"]["outcome"]["winners"] == game.outcome["winners"]
    await comm.disconnect()


async def test_a_chat_frame_whose_body_is_not_text_is_refused() -> None:
    # str() of the object was posted as the message: "{'a': 1}" in the table's chat.
    game, seats = await setup_game()
    sock = await connect(game.pk, seats[0])
    await next_json(sock)
    for body in ({"a": 1}, ["hi"], 42, None):
        await sock.send_to(text_data=json.dumps({"type": "chat", "body": body}))
        answer = await next_json(sock, "error")
        assert (answer["status"], answer["error"]["field"]) == (400, "body"), answer
    count = sync_to_async(lambda: ChatMessage.objects.filter(table_id=game.table_id).count())
    assert await count() == 0
    await sock.disconnect()


async def test_a_program_signs_in_to_the_socket_with_its_api_token() -> None:
    # Only the session cookie signed a socket in: a bot holding its token watched as a
    # spectator and could not play over the socket.
    game, seats = await setup_game()
    key = await sync_to_async(lambda: Token.objects.get_or_create(user=seats[1])[0].key)()

    async def socket_with(authorization: bytes) -> WebsocketCommunicator:
        comm = WebsocketCommunicator(
            SocketTokenMiddleware(APP),
            f"/ws/games/{game.pk}/?format=json",
            headers=[(b"authorization", authorization)],
        )
        comm.scope["user"] = AnonymousUser()
        assert (await comm.connect(timeout=10))[0]
        return comm

    mine = await socket_with(f"Token {key}".encode())
    feed = (await next_json(mine))["game"]
    assert feed["my_seat"] == 1
    assert feed["view"]["you"]["seat"] == 1
    await mine.send_to(
        text_data=json.dumps({"type": "move", "expected_seq": feed["seq"], "move": MOVE})
    )
    assert (await next_json(mine, "move_result"))["seq"] == feed["seq"] + 1
    await mine.disconnect()
    for wrong in (b"Token nope", b"Token " + b"k" * 500, b"Bearer " + key.encode(), b"Token \x00"):
        stranger = await socket_with(wrong)
        assert (await next_json(stranger))["game"]["my_seat"] is None  # a spectator
        await stranger.disconnect()


async def test_a_token_speaks_for_the_socket_whatever_session_came_along() -> None:
    # As for the API, whose token scheme comes first: a handshake with a token is the
    # token's user's, or anonymous when the token is unknown, never the cookie's.
    game, seats = await setup_game()
    key = await sync_to_async(lambda: Token.objects.get_or_create(user=seats[1])[0].key)()
    for authorization, seat in ((f"Token {key}".encode(), 1), (b"Token nope", None)):
        comm = WebsocketCommunicator(
            SocketTokenMiddleware(APP),
            f"/ws/games/{game.pk}/?format=json",
            headers=[(b"authorization", authorization)],
        )
        comm.scope["user"] = seats[0]  # the session's user
        assert (await comm.connect(timeout=10))[0]
        assert (await next_json(comm))["game"]["my_seat"] == seat
        await comm.disconnect()


async def test_the_origin_check_spares_a_token_handshake_without_origin_only() -> None:
    # A program's websocket library sends no Origin: the origin check refused every one.
    # Browsers always send Origin and cannot set Authorization, so only such a handshake
    # skips the check; a token with a foreign Origin, or no token, is still refused.
    from avalon_site.asgi import application

    game, seats = await setup_game()
    key = await sync_to_async(lambda: Token.objects.get_or_create(user=seats[2])[0].key)()
    token = (b"authorization", f"Token {key}".encode())

    async def handshake(headers: list[tuple[bytes, bytes]]) -> WebsocketCommunicator | None:
        comm = WebsocketCommunicator(application, f"/ws/games/{game.pk}/?format=json", headers)
        if (await comm.connect(timeout=10))[0]:
            return comm
        await comm.wait()
        return None

    assert await handshake([]) is None
    assert await handshake([token, (b"origin", b"https://evil.example")]) is None
    sock = await handshake([token])
    assert sock is not None
    assert (await next_json(sock))["game"]["my_seat"] == 2
    await sock.disconnect()
    sock = await handshake([token, (b"origin", b"http://localhost")])
    assert sock is not None
    await sock.disconnect()


async def test_a_csrf_cookie_that_is_no_token_never_reaches_the_page() -> None:
    """Each socket writes its CSRF cookie into the forms of the HTML pushed to it, as sent,
    by a string replace: a cookie planted for the socket's path (`"><b id=...>`) was
    markup on the page. Only a token of Django's form (32 or 64 letters and digits) is
    written; anything else, nothing."""
    game, seats = await setup_game()
    hostile = '"><b id="planted">x</b><input value="'

    async def page_of(seat: int, cookie: str) -> WebsocketCommunicator:
        comm = WebsocketCommunicator(APP, f"/ws/games/{game.pk}/")
        comm.scope["user"] = seats[seat]
        comm.scope["cookies"] = {"csrftoken": cookie}
        assert (await comm.connect(timeout=10))[0]
        await comm.receive_from(timeout=5)  # the whole page (rendered by the template)
        return comm

    planted = await page_of(1, hostile)
    good = await page_of(2, "A1" * 16)
    await play(game, seats[0], MOVE)

    async def pushed_forms(comm: WebsocketCommunicator) -> str:
        for _ in range(10):
            html = str(await comm.receive_from(timeout=5))
            if "csrfmiddlewaretoken" in html:
                return html
        raise AssertionError("no update with forms")

    html = await pushed_forms(planted)
    assert 'id="planted"' not in html
    assert 'name="csrfmiddlewaretoken" value=""' in html
    assert 'name="csrfmiddlewaretoken" value="' + "A1" * 16 + '"' in await pushed_forms(good)
    await planted.disconnect()
    await good.disconnect()
