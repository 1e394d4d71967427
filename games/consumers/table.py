"""The table page's websocket (ws/tables/<id>/) before the start: seat changes re-render
the seats, the start sends the players on to the game page, and table talk arrives as its
reader may read it."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs

from games.rendering import render_chat_append, render_chat_hidden, render_table_live
from games.selectors import table_audience, table_get
from games.services import broadcast

from .common import DirectDispatch, db, user_of


class TableConsumer(DirectDispatch):
    """A private table's socket is refused (before the handshake completes) to all but
    those seated there and holders of its invite code (`?invite=<code>`), as its page is."""

    audience: str | None = None

    async def connect(self) -> None:
        self.table_id = int(self.scope["url_route"]["kwargs"]["table_id"])
        self.user = user_of(self.scope)
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
