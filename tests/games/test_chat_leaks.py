"""R6 for table talk: everything each kind of client receives, on every channel, recorded
and searched for canary messages.

Clients: seated players of a public table, seated players of a private table, a spectator,
an anonymous visitor, the holder of the private table's invite code, and a user seated at
another table. Channels: the table websocket, the game websocket in HTML and JSON mode
(connected before and after the messages), the table and game pages (and the invite page),
the API's chat listing, and the report page a chat line links to.

Rules checked (RA-W3, RA-W4, issue 5, issue 15):
- before the start everyone at a table reads both channels; once the game is on, no seated
  player receives the spectators' talk on any channel;
- a private table's talk reaches only its seated players, and holders of its invite code
  only before the start (the code invites to a seat; the start closes a holder's socket);
- a message a moderator hid never shows its text again, on any channel;
- the players' talk reaches everyone allowed to follow the table.
"""

from __future__ import annotations

import asyncio
from collections import defaultdict
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from channels.layers import channel_layers
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser
from django.test import Client
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from games.models import ChatMessage, Game, Seat, Table
from games.routing import websocket_urlpatterns
from games.services.chat import chat_post
from games.services.lobby import lobby_create, table_join, table_start
from moderation.services.chat import chat_hide

from .conftest import make_user

pytestmark = pytest.mark.django_db(transaction=True)

APP = URLRouter(websocket_urlpatterns)
PHASES = ("before the start", "during the game", "after the hide")


class Recorder:
    """What one person received, per phase and channel."""

    def __init__(self, name: str, user: Any) -> None:
        self.name = name
        self.user = user
        self.got: dict[str, list[tuple[str, str]]] = defaultdict(list)
        self.sockets: list[tuple[str, WebsocketCommunicator]] = []

    def add(self, phase: str, channel: str, text: str) -> None:
        self.got[phase].append((channel, text))

    def channels_with(self, canary: str, phases: tuple[str, ...] = PHASES) -> set[str]:
        return {ch for phase in phases for ch, text in self.got[phase] if canary in text}


async def open_socket(rec: Recorder, phase: str, channel: str, path: str) -> bool:
    """Connect (recording the first frames); False when the socket was refused."""
    sock = WebsocketCommunicator(APP, path)
    sock.scope["user"] = rec.user if rec.user is not None else AnonymousUser()
    connected, _ = await sock.connect(timeout=10)
    if not connected:
        rec.add(phase, channel, f"refused {path}")
        return False
    rec.sockets.append((channel, sock))
    await drain(rec, phase)
    return True


async def drain_one(rec: Recorder, phase: str, channel: str, sock: WebsocketCommunicator) -> None:
    """Record what the socket received until it falls quiet (or closed: then, once)."""
    while not await sock.receive_nothing(timeout=0.3):
        output = await sock.receive_output()
        if output["type"] == "websocket.close":
            rec.add(phase, channel, f"closed {output.get('code')}")
            rec.sockets.remove((channel, sock))
            return
        rec.add(phase, channel, output.get("text", ""))


async def drain(rec: Recorder, phase: str) -> None:
    await asyncio.gather(*(drain_one(rec, phase, ch, sock) for ch, sock in rec.sockets))


async def drain_all(people: list[Recorder], phase: str) -> None:
    await asyncio.gather(*(drain(rec, phase) for rec in people))


def api(user: Any) -> APIClient:
    client = APIClient()
    if user is not None:
        token, _ = Token.objects.get_or_create(user=user)
        client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    return client


def browser(user: Any) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


@sync_to_async
def read_pages(rec: Recorder, phase: str, tables: list[Table], invite: str | None) -> None:
    """The pages and API listings that show chat, as this person reads them (with the
    invite page when they hold the code)."""
    client, token = browser(rec.user), api(rec.user)
    for table in tables:
        table.refresh_from_db()
        game = Game.objects.filter(table=table).first()
        urls = [f"/tables/{table.pk}/?stay=1", f"/api/tables/{table.pk}/chat/"]
        if game is not None:
            urls.append(f"/games/{game.pk}/")
        for url in urls:
            reader = token if url.startswith("/api/") else client
            response = reader.get(url)
            rec.add(phase, f"GET {url}", f"{response.status_code} {response.content.decode()}")
        for message in ChatMessage.objects.filter(table=table):
            url = f"/moderation/report/?message={message.pk}"
            response = client.get(url)
            rec.add(phase, f"GET {url}", f"{response.status_code} {response.content.decode()}")
    if invite is not None:
        response = client.get(f"/invite/{invite}/?stay=1")
        rec.add(phase, "GET invite page", f"{response.status_code} {response.content.decode()}")


@pytest.fixture
def in_process_layer(settings: Any) -> None:
    """The in-process channel layer (embedded mode's): group routing is what is tested, and
    thirty-odd sockets each blocking on the shared Redis timed reads out on a loaded box."""
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    channel_layers.backends.clear()


async def test_table_talk_reaches_exactly_who_may_read_it(in_process_layer: None) -> None:
    @sync_to_async
    def setup() -> dict[str, Any]:
        a, b, c, d = (make_user() for _ in range(4))
        spectator, invited, elsewhere, other = (make_user() for _ in range(4))
        public = lobby_create(host=a, game_slug="toy-secrets", seat_count=2)
        table_join(table=public, user=b)
        private = lobby_create(host=c, game_slug="toy-secrets", seat_count=2, visibility="private")
        table_join(table=private, user=d, invite_code=private.invite_code)
        third = lobby_create(host=elsewhere, game_slug="toy-secrets", seat_count=2)
        table_join(table=third, user=other)
        table_start(table=third, by=elsewhere)
        return locals()

    w = await setup()
    public, private = w["public"], w["private"]
    code = private.invite_code
    people = {
        "seated A": Recorder("seated A", w["a"]),
        "seated B": Recorder("seated B", w["b"]),
        "private C": Recorder("private C", w["c"]),
        "private D": Recorder("private D", w["d"]),
        "spectator": Recorder("spectator", w["spectator"]),
        "anonymous": Recorder("anonymous", None),
        "invite holder": Recorder("invite holder", w["invited"]),
        "seated elsewhere": Recorder("seated elsewhere", w["elsewhere"]),
    }
    everyone = list(people.values())
    holder = people["invite holder"]
    seated_public = [people["seated A"], people["seated B"]]
    private_players = [people["private C"], people["private D"]]
    outsiders_of_private = [r for r in everyone if r not in [*private_players, holder]]
    games: dict[int, Game] = {}  # table pk -> its game, once started

    async def say(user: Any, table: Table, body: str) -> ChatMessage:
        message = await sync_to_async(chat_post)(table=table, user=user, body=body)
        await drain_all(everyone, phase)
        return message

    async def read(rec: Recorder, phase: str) -> None:
        await read_pages(rec, phase, [public, private], code if rec is holder else None)

    async def open_game_sockets(rec: Recorder, phase: str, name: str, json_query: str) -> None:
        """`rec`'s game sockets of both tables in both modes, as channels `name ... (table)`."""
        for table, label in [(public, "public"), (private, "private")]:
            for mode, query in [("JSON", json_query), ("HTML", "")]:
                path = f"/ws/games/{games[table.pk].pk}/{query}"
                await open_socket(rec, phase, f"{name} {mode} ({label})", path)

    # --- before the start: table sockets --------------------------------------------------
    phase = PHASES[0]
    for rec in everyone:
        await open_socket(rec, phase, "table ws (public)", f"/ws/tables/{public.pk}/")
        query = f"?invite={code}" if rec is people["invite holder"] else ""
        await open_socket(rec, phase, "table ws (private)", f"/ws/tables/{private.pk}/{query}")
    await say(w["a"], public, "CANARY-PUBLIC-PLAYERS-PRE")
    await say(w["spectator"], public, "CANARY-PUBLIC-SPECTATORS-PRE")
    await say(w["c"], private, "CANARY-PRIVATE-PRE")
    for rec in everyone:
        await read(rec, phase)

    # --- during the game: game sockets in both modes, then talk on every channel ----------
    phase = PHASES[1]
    for table, host in [(public, w["a"]), (private, w["c"])]:
        games[table.pk] = await sync_to_async(table_start)(table=table, by=host)
    await drain_all(everyone, phase)
    for rec in everyone:
        await open_game_sockets(rec, phase, "game ws", "?format=json")
    await say(w["b"], public, "CANARY-PUBLIC-PLAYERS-GAME")
    await say(w["spectator"], public, "CANARY-PUBLIC-SPECTATORS-GAME")
    await say(w["elsewhere"], public, "CANARY-PUBLIC-SPECTATORS-GAME-FROM-ELSEWHERE")
    await say(w["d"], private, "CANARY-PRIVATE-GAME")
    hidden_players = await say(w["a"], public, "CANARY-HIDDEN-PLAYERS")
    hidden_spectators = await say(w["spectator"], public, "CANARY-HIDDEN-SPECTATORS")
    hidden_private = await say(w["c"], private, "CANARY-HIDDEN-PRIVATE")
    for rec in everyone:
        await read(rec, phase)

    # --- after a moderator hides three messages: live notices, new sockets, pages ---------
    phase = PHASES[2]
    moderator = await sync_to_async(make_user)()
    hidden = [hidden_players, hidden_spectators, hidden_private]
    await sync_to_async(chat_hide)(messages=hidden, by=moderator, reason="test")
    await drain_all(everyone, phase)
    for rec in everyone:
        await open_game_sockets(rec, phase, "new game ws", "?format=json&last_seq=0")
        await read(rec, phase)

    # --- what each one received -----------------------------------------------------------
    during = PHASES[1:]
    for rec in seated_public:
        for canary in [
            "CANARY-PUBLIC-SPECTATORS-PRE",
            "CANARY-PUBLIC-SPECTATORS-GAME",
            "CANARY-PUBLIC-SPECTATORS-GAME-FROM-ELSEWHERE",
            "CANARY-HIDDEN-SPECTATORS",
        ]:
            leaked = rec.channels_with(canary, during)
            assert not leaked, f"{canary} reached {rec.name} during the game on {leaked}"
    for rec in outsiders_of_private:
        for canary in ["CANARY-PRIVATE-PRE", "CANARY-PRIVATE-GAME", "CANARY-HIDDEN-PRIVATE"]:
            leaked = rec.channels_with(canary)
            assert not leaked, f"private talk {canary} reached {rec.name} on {leaked}"
    for rec in everyone:
        for canary in [
            "CANARY-HIDDEN-PLAYERS",
            "CANARY-HIDDEN-SPECTATORS",
            "CANARY-HIDDEN-PRIVATE",
        ]:
            leaked = rec.channels_with(canary, PHASES[2:])
            assert not leaked, f"hidden {canary} still shown to {rec.name} on {leaked}"

    # Allowed readers do read: before the start, everyone at the public table reads both
    # channels live; the players' talk reaches every follower of the game in both modes.
    for rec in everyone:
        for canary in ["CANARY-PUBLIC-PLAYERS-PRE", "CANARY-PUBLIC-SPECTATORS-PRE"]:
            assert "table ws (public)" in rec.channels_with(canary, PHASES[:1]), (rec.name, canary)
        reached = rec.channels_with("CANARY-PUBLIC-PLAYERS-GAME", PHASES[1:2])
        assert {"game ws JSON (public)", "game ws HTML (public)"} <= reached, (rec.name, reached)
    for rec in private_players:
        assert "table ws (private)" in rec.channels_with("CANARY-PRIVATE-GAME"), rec.name
    assert "table ws (private)" in holder.channels_with("CANARY-PRIVATE-PRE", PHASES[:1])
    for canary in ["CANARY-PRIVATE-GAME", "CANARY-HIDDEN-PRIVATE"]:
        leaked = holder.channels_with(canary)
        assert not leaked, f"private game talk {canary} reached the invite holder on {leaked}"
    for rec in private_players:
        reached = rec.channels_with("CANARY-PRIVATE-GAME", PHASES[1:2])
        assert {"game ws JSON (private)", "game ws HTML (private)"} <= reached, (rec.name, reached)
    for rec in everyone:
        spectators_read = rec not in seated_public
        reached = rec.channels_with("CANARY-PUBLIC-SPECTATORS-GAME", PHASES[1:2])
        assert bool(reached) == spectators_read, (rec.name, reached)

    for rec in everyone:
        for _, sock in rec.sockets:
            await sock.disconnect()


async def test_a_substitute_stops_reading_the_spectators_once_seated(
    in_process_layer: None,
) -> None:
    """A moderator hands a seat to a substitute who has the table page open as a visitor:
    from then on that socket is a seated player's and must not carry the spectators' talk
    (the handover closed only game sockets, so it kept reading the visitors' channel)."""

    @sync_to_async
    def setup() -> tuple[Table, Any, Any, Any, Any, Any]:
        host, guest, substitute, spectator = (make_user() for _ in range(4))
        table = lobby_create(host=host, game_slug="toy-secrets", seat_count=2)
        table_join(table=table, user=guest)
        game = table_start(table=table, by=host)
        return table, game, host, guest, substitute, spectator

    table, game, host, guest, substitute, spectator = await setup()
    rec = Recorder("substitute", substitute)
    assert await open_socket(rec, PHASES[1], "table ws", f"/ws/tables/{table.pk}/")
    await say_and_drain(spectator, table, "CANARY-BEFORE-HANDOVER", [rec])
    assert rec.channels_with("CANARY-BEFORE-HANDOVER")  # a visitor reads the spectators

    @sync_to_async
    def hand_over() -> None:
        from moderation.services.games import seat_hand_to_substitute

        seat = Seat.objects.get(table=table, user=guest).position
        assert seat is not None
        seat_hand_to_substitute(
            game=game, seat=seat, substitute=substitute, by=make_user(), reason="vanished"
        )

    await hand_over()
    await drain(rec, PHASES[2])
    await say_and_drain(spectator, table, "CANARY-AFTER-HANDOVER", [rec])
    await say_and_drain(host, table, "CANARY-PLAYERS-AFTER-HANDOVER", [rec])
    assert not rec.channels_with("CANARY-AFTER-HANDOVER"), "a seated substitute read spectators"
    assert rec.channels_with("CANARY-PLAYERS-AFTER-HANDOVER")  # still reads the players
    for _, sock in rec.sockets:
        await sock.disconnect()


async def say_and_drain(user: Any, table: Table, body: str, people: list[Recorder]) -> None:
    await sync_to_async(chat_post)(table=table, user=user, body=body)
    await drain_all(people, PHASES[2])


def test_the_report_page_shows_only_messages_the_reader_may_read() -> None:
    """The report link of a chat line opens a page quoting the message by id: a seated
    player could read the spectators' talk during the game, and anyone a private table's
    talk, by trying ids (found by the recorder above)."""
    host, guest, spectator, stranger = (make_user() for _ in range(4))
    public = lobby_create(host=host, game_slug="toy-secrets", seat_count=2)
    table_join(table=public, user=guest)
    private = lobby_create(
        host=stranger, game_slug="toy-secrets", seat_count=2, visibility="private"
    )
    before = chat_post(table=public, user=spectator, body="coaching before the start")
    secret = chat_post(table=private, user=stranger, body="private words")
    table_start(table=public, by=host)
    during = chat_post(table=public, user=spectator, body="coaching during the game")
    players = chat_post(table=public, user=host, body="players talk")

    def status(user: Any, message: ChatMessage) -> int:
        return browser(user).get(f"/moderation/report/?message={message.pk}").status_code

    assert status(guest, during) == status(guest, before) == 404
    assert status(spectator, during) == status(guest, players) == 200
    assert status(host, secret) == status(spectator, secret) == 404
    assert status(stranger, secret) == 200
