"""The game page's websocket (ws/games/<id>/): joins the viewer's own group (its seat, or
the spectators'), records presence, and pushes each update as that viewer may see it.

Two formats on one route:
- HTML (default, for htmx's ws extension): re-rendered partials as out-of-band swaps; on
  every (re)connect the whole page state is sent, so a reconnect always catches up.
- JSON (`?format=json`, for scripts): {"type": "update", "game": feed, "events": [...]}. A
  client sends {"type": "hello", "seq": N} to receive what it missed after N, and may play
  {"type": "move", "expected_seq", "move", "idempotency_key"?} and chat {"type": "chat"}.
Moves and chat go through the same services as every other interface.

The channel layer is at-most-once and forgets its groups when Redis restarts, so a socket
keeps itself in step from the database (R2): it remembers the seq it has sent, drops what
it already sent, and a heartbeat (settings.GAME_SOCKET_HEARTBEAT_SECONDS) re-joins its group
and, when the game moved past what it sent, sends what it missed (JSON: the events after
its seq; HTML: the whole page). While the layer is unreachable the socket stays open and
retries, rather than dropping every player at once.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any, ParamSpec, TypeVar, cast
from urllib.parse import parse_qs

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.db import DatabaseError

from accounts.models import User
from accounts.verification import user_is_verified
from games import client_json
from games.engine.core import EngineError, MalformedMove
from games.models import PRESENCE_HEARTBEAT, Game
from games.panels import render_live_panels
from games.rendering import (
    game_context,
    render_chat_append,
    render_chat_hidden,
    render_log_append,
    render_partials,
    render_table_live,
)
from games.selectors import (
    chat_for,
    events_after,
    game_for_watcher,
    game_get,
    game_version,
    game_view_for_user,
    players_of,
    seats_in_play_count,
    table_audience,
    table_get,
)
from games.services import broadcast
from games.services.chat import chat_post
from games.services.errors import UNAVAILABLE_ERRORS, ServiceError, domain_error, error_body
from games.services.moves import move_submit
from games.services.presence import presence_join, presence_leave, presence_touch

P = ParamSpec("P")
R = TypeVar("R")

logger = logging.getLogger(__name__)

# How soon a socket tries the channel layer again after it failed (Redis down).
LAYER_RETRY_SECONDS = 1.0


def db(fn: Callable[P, R]) -> Callable[P, Awaitable[R]]:
    """database_sync_to_async with its type kept (channels ships no type hints)."""
    return cast(Callable[P, Awaitable[R]], database_sync_to_async(fn))


def _error(status: int, code: str, message: str, field: str | None = None) -> dict[str, Any]:
    return {"type": "error", "status": status, **error_body(code, message, field)}


def _user_of(scope: dict[str, Any]) -> User | None:
    """The logged-in user of a socket (AuthMiddlewareStack sets an AnonymousUser otherwise)."""
    user = scope.get("user")
    return user if isinstance(user, User) else None


class GameConsumer(AsyncWebsocketConsumer):  # type: ignore[misc]
    game: Game
    seat: int | None
    group: str
    json_mode: bool
    feed: dict[str, Any]
    heartbeat: asyncio.Future[None] | None = None
    # What this socket has sent: the game's (seq, status). Pushes at or below it are dropped,
    # the heartbeat sends what lies past it.
    sent: tuple[int, str] = (-1, "")
    # The layer failed this socket and has not worked since: logged once per outage (with
    # many sockets open, one line per retry would flood the log).
    layer_down = False
    _layer_receive: Callable[[], Awaitable[dict[str, Any]]]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # One send at a time: a heartbeat catch-up and a pushed update must not interleave.
        self.sending = asyncio.Lock()

    # Channels sets `channel_receive` (the layer's receive for this socket) in __call__ and
    # waits on it beside the client's messages; an error there (Redis down) would end the
    # consumer and drop the socket. Wrapped, it waits for the layer to come back instead.
    @property
    def channel_receive(self) -> Callable[[], Awaitable[dict[str, Any]]]:
        return self._receive_from_layer

    @channel_receive.setter
    def channel_receive(self, receive: Callable[[], Awaitable[dict[str, Any]]]) -> None:
        self._layer_receive = receive

    async def _receive_from_layer(self) -> dict[str, Any]:
        while True:
            try:
                return await self._layer_receive()
            except Exception as exc:
                self._layer_failed("receive", exc)
                await asyncio.sleep(LAYER_RETRY_SECONDS)

    def _layer_failed(self, doing: str, exc: Exception) -> None:
        if not self.layer_down:
            group = getattr(self, "group", "(connecting)")
            logger.warning("game socket %s: channel layer unavailable (%s): %r", group, doing, exc)
        self.layer_down = True

    async def connect(self) -> None:
        self.game_id = int(self.scope["url_route"]["kwargs"]["game_id"])
        self.user = _user_of(self.scope)
        query = parse_qs(self.scope.get("query_string", b"").decode())
        self.json_mode = query.get("format", [""])[0] == "json"
        self.csrf = self.scope.get("cookies", {}).get("csrftoken", "")
        if not await self._load():
            await self.close(code=4404)
            return
        # Joined before the state is read below, so no update falls between the two (one
        # in both is dropped as already sent). The layer being down is no reason to refuse
        # the page its state: the heartbeat joins once it is back.
        await self._join()
        await self.accept()
        await self._presence(True)
        self.heartbeat = asyncio.ensure_future(self._heartbeat())
        last = query.get("last_seq", [""])[0]
        if self.json_mode and last.isdigit():
            await self._catch_up(int(last))
        else:
            await self._send_full()

    async def disconnect(self, code: int) -> None:
        if self.heartbeat is not None:
            self.heartbeat.cancel()
        if hasattr(self, "group"):
            try:
                await self.channel_layer.group_discard(self.group, self.channel_name)
            except Exception as exc:  # the layer is down; its group is gone with it anyway
                logger.warning("game socket: could not leave %s: %r", self.group, exc)
            await self._presence(False)

    async def _join(self) -> bool:
        """(Re-)join this socket's group; False while the channel layer is unreachable.
        Joining again is harmless and restores a membership Redis lost (restart) or expired
        (channels-redis group_expiry)."""
        try:
            await self.channel_layer.group_add(self.group, self.channel_name)
        except Exception as exc:
            self._layer_failed("join", exc)
            return False
        if self.layer_down:
            logger.info("game socket %s: channel layer back, group joined again", self.group)
            self.layer_down = False
        return True

    @db
    def _load(self) -> bool:
        game = game_for_watcher(self.game_id, self.user)
        if game is None:
            return False
        self.game = game
        self.feed = game_view_for_user(game, self.user)
        self.seat = self.feed["my_seat"]
        self.seats = seats_in_play_count(game)
        self.group = (
            broadcast.spectator_group(game.pk)
            if self.seat is None
            else broadcast.seat_group(game.pk, self.seat)
        )
        return True

    @db
    def _presence(self, online: bool) -> None:
        if self.user is None:
            return
        if online:
            presence_join(
                channel_name=self.channel_name, game=self.game, user=self.user, seats=self.seats
            )
        else:
            presence_leave(channel_name=self.channel_name, game=self.game, seats=self.seats)

    async def _heartbeat(self) -> None:
        """Every GAME_SOCKET_HEARTBEAT_SECONDS: re-join the group and send what the game did
        past what this socket sent (pushes lost while the layer was down or its groups were
        forgotten). Every PRESENCE_HEARTBEAT: keep the presence row fresh, since a row nobody
        refreshes (the process died) stops counting after PRESENCE_STALE_AFTER."""
        presence_every = PRESENCE_HEARTBEAT.total_seconds()
        interval = min(float(settings.GAME_SOCKET_HEARTBEAT_SECONDS), presence_every)
        touched = time.monotonic()
        while True:
            await asyncio.sleep(interval)
            try:
                await self._join()
                await self._resync_if_behind()
                if self.user is not None and time.monotonic() - touched >= presence_every:
                    touched = time.monotonic()
                    await db(presence_touch)(channel_name=self.channel_name)
            except DatabaseError as exc:  # the database is away: try again next beat
                logger.warning("game socket: heartbeat of game %s failed: %r", self.game_id, exc)

    async def _resync_if_behind(self) -> None:
        current = await db(game_version)(self.game_id)
        if current is None or current == self.sent:
            return
        async with self.sending:
            if current[0] < self.sent[0]:
                return  # a push got here first, with even newer news
            await self._send_missed()

    async def _send_missed(self) -> None:
        """Everything past what this socket sent, read from the database (hold `sending`)."""
        if self.json_mode:
            await self._send_json(await self._catch_up_payload(self.sent[0]))
        else:
            await self.send(text_data=await self._full_html() + await self._live_panels())

    # --- outgoing ---------------------------------------------------------------------

    def _refresh(self) -> dict[str, Any]:
        """Read the game and this viewer's feed afresh; what follows sends it (sync)."""
        self.game = game_get(self.game_id)
        self.feed = game_view_for_user(self.game, self.user)
        self.sent = (self.game.state_seq, self.game.status)
        return self.feed

    @db
    def _full_html(self) -> str:
        self._refresh()
        context = game_context(
            self.feed,
            csrf_token=self.csrf,
            log=self._events_after(0),
            chat=list(chat_for(self.game.table, self.seat)),
        )
        names = ("phase", "board", "secret", "actions", "players", "log", "chat_list")
        return render_partials(context, names=names)

    def _events_after(self, seq: int) -> list[dict[str, Any]]:
        """The log after `seq` up to the state just read: a move committed between the two
        reads arrives as its own push, and must not be sent twice."""
        upto = self.game.state_seq
        return [e for e in events_after(self.game, seq, self.seat) if int(e["seq"]) <= upto]

    @db
    def _live_panels(self) -> str:
        """Panels other apps own (the clock): read afresh for this viewer."""
        return render_live_panels(self.game_id, self.user, self.csrf)

    async def _send_full(self) -> None:
        async with self.sending:
            if self.json_mode:
                feed = await db(self._refresh)()
                await self._send_json({"type": "update", "game": feed, "events": []})
            else:
                await self.send(text_data=await self._full_html())

    @db
    def _catch_up_payload(self, seq: int) -> dict[str, Any]:
        return {"type": "update", "game": self._refresh(), "events": self._events_after(seq)}

    async def _catch_up(self, seq: int) -> None:
        async with self.sending:
            await self._send_json(await self._catch_up_payload(seq))

    async def _send_json(self, data: dict[str, Any]) -> None:
        await self.send(text_data=json.dumps(data))

    async def game_update(self, message: dict[str, Any]) -> None:
        payload = dict(message["payload"])
        pushed = payload.pop("events", [])
        async with self.sending:
            seq, status = int(payload["seq"]), str(payload["status"])
            # Already sent by a catch-up (or older, arriving late): never twice, never back.
            events = [e for e in pushed if int(e["seq"]) > self.sent[0]]
            if seq < self.sent[0] or (pushed and not events):
                return
            if int(message.get("after_seq", seq)) > self.sent[0] >= 0:
                # A push before this one never came (the layer drops, and loses messages
                # when Redis restarts): send everything past what this socket sent instead.
                await self._send_missed()
                return
            self.sent = (seq, status)
            self.feed = payload
            if self.json_mode:
                await self._send_json({"type": "update", "game": payload, "events": events})
                return
            context = game_context(payload, csrf_token=self.csrf, log=events)
            html = render_partials(context) + render_log_append(context)
            await self.send(text_data=html + await self._live_panels())

    async def chat_message(self, message: dict[str, Any]) -> None:
        if self.json_mode:
            await self._send_json({"type": "chat", "message": message["message"]})
        else:
            zone = self.user.zone if self.user is not None else None
            await self.send(text_data=render_chat_append(message["message"], zone))

    async def chat_hidden(self, message: dict[str, Any]) -> None:
        """A moderator hid a message: it reads "removed by a moderator" (issue 5)."""
        if self.json_mode:
            await self._send_json({"type": "chat_hidden", "message": message["message"]})
        else:
            await self.send(text_data=render_chat_hidden(message["message"]))

    async def moderation_disconnect(self, message: dict[str, Any]) -> None:
        """Moderation closes this socket (the user was suspended, or their seat was handed
        on); a reconnect is checked again from scratch."""
        await self.close(code=4403)

    @db
    def _players_html(self) -> str:
        self.feed["players"] = players_of(self.game)
        return render_partials(game_context(self.feed, csrf_token=self.csrf), names=("players",))

    async def presence_changed(self, message: dict[str, Any]) -> None:
        if not self.json_mode:
            await self.send(text_data=await self._players_html())

    # --- incoming (JSON clients) --------------------------------------------------------

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        if not self.json_mode:
            return  # the HTML page plays through plain form POSTs
        try:
            data = client_json.loads(text_data or "")
        except ValueError:
            data = None
        if not isinstance(data, dict):
            await self._send_json(_error(400, "malformed_json", "Send a JSON object.", "body"))
            return
        kind = data.get("type")
        if kind == "hello":
            seq = data.get("seq", 0)
            await self._catch_up(seq if isinstance(seq, int) else 0)
        elif kind in ("move", "chat"):
            await self._send_json(await self._act(kind, data))
        else:
            await self._send_json(_error(400, "malformed_json", "Unknown message type.", "type"))

    @db
    def _act(self, kind: str, data: dict[str, Any]) -> dict[str, Any]:
        if self.user is None or not user_is_verified(self.user):
            return _error(403, "not_verified", "Log in with a verified email to play.")
        try:
            if kind == "chat":
                chat_post(table=self.game.table, user=self.user, body=str(data.get("body", "")))
                return {"type": "chat_posted"}
            expected = data.get("expected_seq")
            if not isinstance(expected, int) or isinstance(expected, bool):
                raise MalformedMove("expected_seq must be a whole number", field="expected_seq")
            result = move_submit(
                game=self.game,
                user=self.user,
                move_json=data.get("move"),
                expected_seq=expected,
                idempotency_key=data.get("idempotency_key") or None,
            )
            return {"type": "move_result", **result}
        except (ServiceError, EngineError, *UNAVAILABLE_ERRORS) as exc:
            mapped = domain_error(exc)
            assert mapped is not None
            return {"type": "error", "status": mapped[0], **mapped[1]}


class TableConsumer(AsyncWebsocketConsumer):  # type: ignore[misc]
    """The table page's websocket: seat changes re-render the seats; the start sends the
    players on to the game page; table talk arrives as its reader may read it.

    A private table's socket is refused (before the handshake completes) to all but those
    seated there and holders of its invite code (`?invite=<code>`), as its page is."""

    audience: str | None = None

    async def connect(self) -> None:
        self.table_id = int(self.scope["url_route"]["kwargs"]["table_id"])
        self.user = _user_of(self.scope)
        query = parse_qs(self.scope.get("query_string", b"").decode())
        self.invite = query.get("invite", [""])[0] or None
        audience = await db(self._audience)()
        if audience is None:
            await self.close(code=4404)
            return
        await self.channel_layer.group_add(broadcast.table_group(self.table_id), self.channel_name)
        await self._listen_as(audience)
        await self.accept()

    async def disconnect(self, code: int) -> None:
        if self.audience is None:
            return
        await self.channel_layer.group_discard(
            broadcast.table_group(self.table_id), self.channel_name
        )
        await self.channel_layer.group_discard(
            broadcast.table_chat_group(self.table_id, self.audience), self.channel_name
        )

    def _audience(self) -> str | None:
        table = table_get(self.table_id)
        return None if table is None else table_audience(table, self.user, self.invite)

    async def _listen_as(self, audience: str) -> None:
        """Read the chat as `audience`, leaving the group of the one read before."""
        if self.audience is not None:
            await self.channel_layer.group_discard(
                broadcast.table_chat_group(self.table_id, self.audience), self.channel_name
            )
        self.audience = audience
        await self.channel_layer.group_add(
            broadcast.table_chat_group(self.table_id, audience), self.channel_name
        )

    async def table_changed(self, message: dict[str, Any]) -> None:
        # Seats changed: this reader may have taken or left a seat, or been removed.
        audience = await db(self._audience)()
        if audience is None:
            await self.close(code=4403)
            return
        if audience != self.audience:
            await self._listen_as(audience)
        game_id = message.get("game_id")
        await self.send(
            text_data=render_table_live(self.table_id, int(game_id) if game_id else None)
        )

    async def chat_message(self, message: dict[str, Any]) -> None:
        """Table talk before the start (players and visitors of the table page)."""
        zone = self.user.zone if self.user is not None else None
        await self.send(text_data=render_chat_append(message["message"], zone))

    async def chat_hidden(self, message: dict[str, Any]) -> None:
        await self.send(text_data=render_chat_hidden(message["message"]))
