"""The game page's websocket (ws/games/<id>/): joins the viewer's own group (its seat, or
the spectators'), records presence, and pushes each update as that viewer may see it.

Two formats on one route:
- HTML (default, for htmx's ws extension): re-rendered partials as out-of-band swaps; on
  every (re)connect the whole page state is sent, so a reconnect always catches up.
- JSON (`?format=json`, for scripts): {"type": "update", "game": feed, "events": [...]}. A
  client sends {"type": "hello", "seq": N} to receive what it missed after N, and may play
  {"type": "move", "expected_seq", "move", "idempotency_key"?} and chat {"type": "chat"}.
Moves and chat go through the same services as every other interface.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from typing import Any, ParamSpec, TypeVar, cast
from urllib.parse import parse_qs

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.template.loader import render_to_string

from accounts.models import User
from accounts.permissions import user_is_verified
from games.api.errors import domain_error, error_body
from games.engine.core import EngineError, MalformedMove
from games.models import PRESENCE_HEARTBEAT, Game, Presence, Seat
from games.panels import render_live_panels
from games.rendering import (
    game_context,
    render_chat_append,
    render_log_append,
    render_partials,
)
from games.selectors import can_watch, chat_for, events_after, game_view_for_user, players_of
from games.services import broadcast
from games.services.chat import chat_post
from games.services.errors import ServiceError
from games.services.moves import move_submit
from games.services.presence import presence_touch

P = ParamSpec("P")
R = TypeVar("R")


def db(fn: Callable[P, R]) -> Callable[P, Awaitable[R]]:
    """database_sync_to_async with its type kept (channels ships no type hints)."""
    return cast(Callable[P, Awaitable[R]], database_sync_to_async(fn))


def _error(status: int, code: str, message: str, field: str | None = None) -> dict[str, Any]:
    return {"type": "error", "status": status, **error_body(code, message, field)}


class GameConsumer(AsyncWebsocketConsumer):  # type: ignore[misc]
    game: Game
    seat: int | None
    group: str
    json_mode: bool
    feed: dict[str, Any]
    heartbeat: asyncio.Future[None] | None = None

    async def connect(self) -> None:
        self.game_id = int(self.scope["url_route"]["kwargs"]["game_id"])
        user = self.scope.get("user")
        self.user = user if isinstance(user, User) else None
        query = parse_qs(self.scope.get("query_string", b"").decode())
        self.json_mode = query.get("format", [""])[0] == "json"
        self.csrf = self.scope.get("cookies", {}).get("csrftoken", "")
        if not await self._load():
            await self.close(code=4404)
            return
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await self._presence(True)
        if self.user is not None:
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
            await self.channel_layer.group_discard(self.group, self.channel_name)
            await self._presence(False)

    @db
    def _load(self) -> bool:
        game = Game.objects.select_related("table").filter(pk=self.game_id).first()
        if game is None or not can_watch(game, self.user):
            return False
        self.game = game
        self.feed = game_view_for_user(game, self.user)
        self.seat = self.feed["my_seat"]
        self.seats = Seat.objects.filter(table=game.table, position__isnull=False).count()
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
            Presence.objects.get_or_create(
                channel_name=self.channel_name, defaults={"game": self.game, "user": self.user}
            )
        else:
            Presence.objects.filter(channel_name=self.channel_name).delete()
        broadcast.presence_changed(self.game.pk, self.seats)

    async def _heartbeat(self) -> None:
        """Keep this socket's presence row fresh: a row nobody refreshes (the process died)
        stops counting as online after PRESENCE_STALE_AFTER (games.models)."""
        interval = PRESENCE_HEARTBEAT.total_seconds()
        while True:
            await asyncio.sleep(interval)
            await db(presence_touch)(channel_name=self.channel_name)

    # --- outgoing ---------------------------------------------------------------------

    @db
    def _full_html(self) -> str:
        self.game.refresh_from_db()
        self.feed = game_view_for_user(self.game, self.user)
        context = game_context(
            self.feed,
            csrf_token=self.csrf,
            log=events_after(self.game, 0, self.seat),
            chat=list(chat_for(self.game.table, self.seat)),
        )
        names = ("phase", "board", "secret", "actions", "players", "log", "chat_list")
        return render_partials(context, names=names)

    @db
    def _live_panels(self) -> str:
        """Panels other apps own (the clock): read afresh for this viewer."""
        return render_live_panels(self.game_id, self.user, self.csrf)

    async def _send_full(self) -> None:
        if self.json_mode:
            await self._send_json({"type": "update", "game": self.feed, "events": []})
        else:
            await self.send(text_data=await self._full_html())

    @db
    def _catch_up_payload(self, seq: int) -> dict[str, Any]:
        self.game.refresh_from_db()
        self.feed = game_view_for_user(self.game, self.user)
        return {
            "type": "update",
            "game": self.feed,
            "events": events_after(self.game, seq, self.seat),
        }

    async def _catch_up(self, seq: int) -> None:
        await self._send_json(await self._catch_up_payload(seq))

    async def _send_json(self, data: dict[str, Any]) -> None:
        await self.send(text_data=json.dumps(data))

    async def game_update(self, message: dict[str, Any]) -> None:
        payload = dict(message["payload"])
        events = payload.pop("events", [])
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
            html = render_to_string("games/partials/chat_hidden.html", {"m": message["message"]})
            await self.send(text_data=html)

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
            data = json.loads(text_data or "")
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
        except (ServiceError, EngineError) as exc:
            mapped = domain_error(exc)
            assert mapped is not None
            return {"type": "error", "status": mapped[0], **mapped[1]}


class TableConsumer(AsyncWebsocketConsumer):  # type: ignore[misc]
    """The table page's websocket: seat changes re-render the seats; the start sends the
    players on to the game page."""

    async def connect(self) -> None:
        self.table_id = int(self.scope["url_route"]["kwargs"]["table_id"])
        self.group = broadcast.table_group(self.table_id)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(self.group, self.channel_name)

    async def table_changed(self, message: dict[str, Any]) -> None:
        game_id = message.get("game_id")
        if game_id:
            url = f"/games/{int(game_id)}/"
            html = (
                f'<div id="table-live" hx-swap-oob="true"><p class="notice">The game has '
                f'started. <a href="{url}">Go to the game</a></p>'
                f"<script>window.location.assign({json.dumps(url)})</script></div>"
            )
        else:
            # Each page fetches its own seats section again (with its own buttons and CSRF).
            url = f"/tables/{self.table_id}/?stay=1"
            html = (
                '<div id="table-live" hx-swap-oob="true">'
                f'<div hx-get="{url}" hx-trigger="load" hx-select="#table-body" '
                'hx-target="#table-body" hx-swap="outerHTML"></div></div>'
            )
        await self.send(text_data=html)

    async def chat_message(self, message: dict[str, Any]) -> None:
        """Table talk before the start (players and visitors of the table page)."""
        user = self.scope.get("user")
        zone = user.zone if isinstance(user, User) else None
        await self.send(text_data=render_chat_append(message["message"], zone))

    async def chat_hidden(self, message: dict[str, Any]) -> None:
        html = render_to_string("games/partials/chat_hidden.html", {"m": message["message"]})
        await self.send(text_data=html)
