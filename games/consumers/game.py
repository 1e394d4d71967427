"""The game page's websocket (ws/games/<id>/): joins the viewer's own group (its seat, or
the spectators'), records presence, and pushes each update as that viewer may see it.

Two formats on one route:
- HTML (default, for htmx's ws extension): re-rendered partials as out-of-band swaps; on
  every (re)connect the whole page state is sent, so a reconnect always catches up.
- JSON (`?format=json`, for scripts): {"type": "update", "game": feed, "events": [...]}. A
  client sends {"type": "hello", "seq": N} to receive what it missed after N, and may play
  {"type": "move", "expected_seq", "move", "idempotency_key"?} and chat {"type": "chat"}.
Moves and chat go through the same services as every other interface. Either format may
send {"type": "seen", "seq": N} when its page showed the player the game up to N (the seat's
last seen seq: "since your last visit"); the socket also counts every full send and catch-up.

The channel layer is at-most-once and forgets its groups when Redis restarts, so a socket
keeps itself in step from the database (R2): it remembers the seq it has sent, drops what
it already sent, and a heartbeat (settings.GAME_SOCKET_HEARTBEAT_SECONDS; one per process
for all its sockets, games.consumers.beat) re-joins its group and, when the game moved past
what it sent, sends what it missed (JSON: the events after its seq; HTML: the whole page).
While the layer is unreachable the socket stays open and retries, rather than dropping
every player at once.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
from typing import Any
from urllib.parse import parse_qs

from django.conf import settings
from django.contrib.auth import SESSION_KEY
from django.db import DatabaseError
from django.utils import translation
from django.utils.translation import gettext as _

from accounts.middleware import socket_language
from games import client_json
from games.models import Game
from games.panels import render_live_panels
from games.presentation import feed_in_words
from games.rendering import (
    game_context,
    render_chat_append,
    render_chat_hidden,
    render_partials,
    render_players,
    with_csrf,
)
from games.selectors import (
    chat_for,
    events_after,
    game_get,
    game_view_for_seat,
    game_watch,
    players_of,
)
from games.services import broadcast
from games.services.presence import (
    CLOSE_FOR_GOOD,
    CLOSE_TO_RECONNECT,
    presence_join,
    presence_leave,
    session_digest,
    spectators_touch,
)
from games.services.seen import seat_seen_mark

from .beat import socket_beat
from .budget import FrameBudget
from .common import db, socket_error, user_of
from .inbound import socket_act
from .layer import LayerResilientConsumer

logger = logging.getLogger("games.consumers")

# The longest frame a client may send: a move, a line of chat (1,000 characters, each up to
# 12 as a JSON escape) or a "seen" is far shorter. The servers refuse frames past
# avalon_site.websocket.WS_MAX_SIZE bytes before they reach here; this holds for any server.
MAX_FRAME_CHARS = 32_768


def _whole(text: str) -> int | None:
    """A query's whole number, or None: ASCII digits only, as int() takes them ("²" passes
    isdigit() and 4,300+ digits exceed int()'s limit: the handshake failed on either)."""
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 18 else None


# Django's CSRF token forms: the secret (32 letters and digits) or a masked token (64).
_CSRF_TOKEN = re.compile(r"[A-Za-z0-9]{32}|[A-Za-z0-9]{64}")


def _csrf_token(cookie: object) -> str:
    """The socket's CSRF cookie if it is a token, else "": it is written into the pushed
    HTML's forms by a string replace (rendering.with_csrf), so a cookie planted for the
    socket's path (`"><b ...>`; the pages' own requests would have replaced it) was markup
    on the page."""
    return cookie if isinstance(cookie, str) and _CSRF_TOKEN.fullmatch(cookie) else ""


class GameConsumer(LayerResilientConsumer):
    game: Game
    seat: int | None
    group: str
    json_mode: bool
    feed: dict[str, Any]
    # What this socket has sent: the game's (seq, status). Pushes at or below it are dropped,
    # the heartbeat sends what lies past it.
    sent: tuple[int, str] = (-1, "")
    # The last seq this socket recorded as seen by its player (games/services/seen.py).
    marked = -1
    # The login session that signed this socket in (its digest), None for a token or nobody:
    # logging out of it closes the socket (session_ended).
    session: str | None = None
    # This socket brings its seat online (_load): the game's readers are told on connect.
    brings_online = False

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # One send at a time: a heartbeat catch-up and a pushed update must not interleave.
        self.sending = asyncio.Lock()
        self.frames = FrameBudget()

    async def connect(self) -> None:
        self.game_id = int(self.scope["url_route"]["kwargs"]["game_id"])
        self.user = user_of(self.scope)
        query = parse_qs(self.scope.get("query_string", b"").decode())
        self.json_mode = query.get("format", [""])[0] == "json"
        self.csrf = _csrf_token(self.scope.get("cookies", {}).get(settings.CSRF_COOKIE_NAME, ""))
        # Where the page's last visit ended (it shows the marker there): the page's own
        # number, only ever used to draw this reader's log.
        self.seen_before = _whole(query.get("seen", [""])[0])
        if not await self._load():
            await self.close(code=4404)
            return
        # Joined before the state is read below, so no update falls between the two (one
        # in both is dropped as already sent). The layer being down is no reason to refuse
        # the page its state: the heartbeat joins once it is back.
        await self._join()
        await self.accept()
        await self._presence(True)
        last = _whole(query.get("last_seq", [""])[0])
        if self.json_mode and last is not None:
            await self._catch_up(last)
        else:
            await self._send_full()
        # Last: a connect that failed on the way leaves nothing in the beat.
        socket_beat().add(self)

    async def disconnect(self, code: int) -> None:
        unwritten = socket_beat().remove(self, getattr(self, "seat", None))
        if unwritten is not None:
            await db(self._seen_write)(unwritten)
        if hasattr(self, "group"):
            await self._leave()
            await self._presence(False)

    @db
    def _load(self) -> bool:
        """Whom this socket serves: the game, the seat and its group, in two queries. The
        feed is read once, after the group join (_send_full): each socket of a reconnect
        storm after a deploy built it twice."""
        watch = game_watch(self.game_id, self.user)
        if watch is None:
            return False
        self.game, self.seat, self.seats = watch.game, watch.seat, watch.seats
        # This socket brings its seat online (no other tab of the player's is open): the
        # game's readers are told. Read before this socket's row is written, so two tabs
        # opening together both tell rather than neither.
        self.brings_online = watch.seat is not None and not watch.online
        self.session = self._session_of()
        self.group = (
            broadcast.spectator_group(self.game.pk)
            if self.seat is None
            else broadcast.seat_group(self.game.pk, self.seat)
        )
        return True

    def _session_of(self) -> str | None:
        """The digest of the session that signed the user in (sync: reads the session)."""
        session = self.scope.get("session")
        key = getattr(session, "session_key", None)
        if self.user is None or not key or session is None:
            return None
        return session_digest(key) if session.get(SESSION_KEY) == str(self.user.pk) else None

    @db
    def _presence(self, online: bool) -> None:
        if self.seat is None and online:
            # The broadcast sends the spectators' view (and renders it for a page).
            spectators_touch(self.game_id, page=self.page)
        if self.user is None:
            return
        if online:
            presence_join(
                channel_name=self.channel_name,
                game=self.game,
                user=self.user,
                seats=self.seats,
                brings_online=self.brings_online,
                page=self.page,
            )
        else:
            presence_leave(
                channel_name=self.channel_name,
                game=self.game,
                user=self.user,
                seats=self.seats,
                seated=self.seat is not None,
            )

    # --- the heartbeat (games.consumers.beat) ------------------------------------------

    @property
    def spectator(self) -> bool:
        return self.seat is None

    @property
    def page(self) -> bool:
        return not self.json_mode

    @property
    def table_id(self) -> int:
        return self.game.table_id

    @property
    def signed_in(self) -> bool:
        return self.user is not None

    async def rejoin(self) -> bool:
        """Join the group again: restores a membership Redis lost (restart) or expired."""
        return await self._join()

    async def catch_up_to(self, current: tuple[int, str], grace: float) -> None:
        """The beat read the game at `current`, past what this socket sent: pushes were
        lost while the layer was down or its groups were forgotten. Send what it missed."""
        try:
            if current[0] > self.sent[0]:
                # The push of a move just committed is usually on its way (it is rendered
                # after the commit): wait for it a moment rather than render the page here.
                await asyncio.sleep(grace)
            async with self.sending:
                if current[0] < self.sent[0] or current == self.sent:
                    return  # a push got here first, with the same or newer news
                await self._send_missed()
        except DatabaseError as exc:  # the database is away: the next beat tries again
            logger.warning("game socket: catching up game %s failed: %r", self.game_id, exc)

    async def _send_missed(self) -> None:
        """Everything past what this socket sent, read from the database (hold `sending`)."""
        if self.json_mode:
            await self._send_json(await self._catch_up_payload(self.sent[0]))
        else:
            await self.send(text_data=await self._full_html() + await self._live_panels())

    # --- outgoing ---------------------------------------------------------------------

    def _refresh(self) -> dict[str, Any]:
        """Read the game and this viewer's feed afresh; what follows sends it, so the
        player has seen the game up to here (sync)."""
        self.game = game_get(self.game_id)
        # The seat is the socket's for its life: a seat handed on closes it (moderation).
        self.feed = game_view_for_seat(self.game, self.seat)
        self.feed["players"] = players_of(self.game)
        self.sent = (self.game.state_seq, self.game.status)
        self._seen(self.game.state_seq)
        return self.feed

    def _seen(self, seq: int) -> None:
        """This socket showed its player the game up to `seq` (never past what it sent);
        written once per new seq (a resync of what was already counted writes nothing)."""
        if self._seen_new(seq):
            self._seen_write(self.marked)

    def _seen_new(self, seq: int) -> bool:
        """Whether `seq` (capped at what was sent) moves this seat's mark on: it is kept."""
        seq = min(seq, self.sent[0])
        if self.seat is None or seq <= self.marked:
            return False
        self.marked = seq
        return True

    def _seen_later(self, seq: int) -> bool:
        """_seen, left to the beat; True when it moved the mark and must be written now
        (the socket is not in the beat)."""
        seat = self.seat
        if seat is None or not self._seen_new(seq):
            return False
        return not socket_beat().seen_later(self, seat, self.marked)

    def _seen_write(self, seq: int) -> None:
        if self.seat is not None:
            seat_seen_mark(self.game, self.seat, seq)

    @db
    def _full_html(self) -> str:
        self._refresh()
        context = game_context(
            self.feed,
            csrf_token=self.csrf,
            log=self._events_after(0),
            chat=list(chat_for(self.game.table, self.seat)),
            seen=self.seen_before,
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
        if data.get("type") == "update":  # its ending in this socket's language, as the API's
            data = {**data, "game": feed_in_words(data["game"])}
        await self.send(text_data=json.dumps(data))

    async def game_update(self, message: dict[str, Any]) -> None:
        """Forward a pushed update: its JSON, or the HTML the committing process rendered
        for this socket's view (broadcast.game_updated), with this socket's CSRF token."""
        payload = dict(message["payload"])
        pushed = payload.pop("events", [])
        html = message.get("html")
        async with self.sending:
            seq, status = int(payload["seq"]), str(payload["status"])
            # Already sent by a catch-up (or older, arriving late): never twice, never back.
            events = [e for e in pushed if int(e["seq"]) > self.sent[0]]
            if seq < self.sent[0] or (pushed and not events):
                return
            missed = int(message.get("after_seq", seq)) > self.sent[0] >= 0
            # The HTML shows every pushed event: one already sent, or none rendered (the
            # view was not known to be watched), is read from the database instead.
            unrendered = not self.json_mode and (
                html is None
                or len(events) != len(pushed)
                or message.get("lang") != (translation.get_language() or settings.LANGUAGE_CODE)
            )
            if missed or unrendered:
                # A push before this one never came (the layer drops, and loses messages
                # when Redis restarts): send everything past what this socket sent instead.
                await self._send_missed()
                return
            self.sent = (seq, status)
            self.feed = payload
            if self.json_mode:
                await self._send_json({"type": "update", "game": payload, "events": events})
                return
            await self.send(text_data=with_csrf(str(html), self.csrf))

    async def chat_message(self, message: dict[str, Any]) -> None:
        if self.json_mode:
            await self._send_json({"type": "chat", "message": message["message"]})
        else:
            zone = self.user.zone if self.user is not None else None
            html = render_chat_append(message["message"], zone, into_log=True)
            await self.send(text_data=html)

    async def chat_hidden(self, message: dict[str, Any]) -> None:
        """A moderator hid a message: it reads "removed by a moderator" (issue 5)."""
        if self.json_mode:
            await self._send_json({"type": "chat_hidden", "message": message["message"]})
        else:
            await self.send(text_data=render_chat_hidden(message["message"], into_log=True))

    async def moderation_disconnect(self, message: dict[str, Any]) -> None:
        """Moderation closes this socket with the code it sends: for good (4403, the user
        was suspended) or to reconnect (1012, their seat was handed on: the page's socket
        retries, and a reconnect is checked again from scratch)."""
        code = message.get("code")
        await self.close(code=code if isinstance(code, int) else CLOSE_FOR_GOOD)

    async def session_ended(self, message: dict[str, Any]) -> None:
        """The user logged out of the session this socket was opened with: it closes, so
        the browser left behind receives no more of the seat's view (a reconnect is anonymous)."""
        if self.session is not None and message.get("session") == self.session:
            await self.close(code=CLOSE_FOR_GOOD)

    async def session_recheck(self, message: dict[str, Any]) -> None:
        """The user's password changed, which signs out their other sessions: a socket
        signed in by a session closes as a restart (1012), so the page reconnects at once
        and is signed in again only if its session still holds (channels' AuthMiddleware
        checks the session's password hash)."""
        if self.session is not None:
            await self.close(code=CLOSE_TO_RECONNECT)

    async def token_recheck(self, message: dict[str, Any]) -> None:
        """The user replaced or revoked their API token: a socket signed in by a token (a
        user, and no session of theirs) closes as a restart (1012); a program reconnecting
        with the old key is nobody (accounts.socket_auth)."""
        if self.user is not None and self.session is None:
            await self.close(code=CLOSE_TO_RECONNECT)

    async def presence_changed(self, message: dict[str, Any]) -> None:
        """Someone came or went: the players panel from the pushed players (no read)."""
        if self.json_mode or "players" not in message:
            return
        self.feed["players"] = message["players"]
        # Rendered in this socket's language explicitly: a French page's panel once came
        # back with its "bot" badges in English here.
        with translation.override(socket_language(self.scope)):
            html = render_players(self.feed)
        await self.send(text_data=html)

    async def rematch_changed(self, message: dict[str, Any]) -> None:
        """Who accepted a rematch changed, or it started: the page's panels are re-read
        (the rematch panel among them, games.rematch_panel)."""
        if self.json_mode:
            await self._send_json({"type": "rematch"})
        else:
            await self.send(text_data=await self._live_panels())

    # --- incoming (JSON clients) --------------------------------------------------------

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        if not self.frames.take():  # a flood: answered in words, never with work
            if self.json_mode:
                await self._send_json(
                    socket_error(
                        429,
                        "rate_limited",
                        _("Too many messages at once: wait a moment before sending more."),
                    )
                )
            return
        if len(text_data or bytes_data or "") > MAX_FRAME_CHARS:
            # Read before any parsing: JSON of 16 MiB (the server's limit) took seconds to
            # parse on the event loop, every socket of the process waiting meanwhile.
            if self.json_mode:
                await self._send_json(
                    socket_error(
                        413,
                        "too_large",
                        _("This message is too long: send at most %(n)d characters.")
                        % {"n": MAX_FRAME_CHARS},
                    )
                )
            return
        try:
            data = client_json.loads(text_data or "")
        except ValueError:
            data = None
        if isinstance(data, dict) and data.get("type") == "seen":
            # The page showed a push to its player (site.js): they have seen it. Pages
            # acknowledge every push they show: written at the process's next beat (within
            # a second), with every other page's.
            seq = data.get("seq")
            if isinstance(seq, int) and not isinstance(seq, bool) and self._seen_later(seq):
                await db(self._seen_write)(self.marked)
            return
        if not self.json_mode:
            return  # the HTML page plays through plain form POSTs
        if not isinstance(data, dict):
            await self._send_json(
                socket_error(400, "malformed_json", _("Send a JSON object."), "body")
            )
            return
        kind = data.get("type")
        if kind == "hello":
            seq = data.get("seq", 0)
            await self._catch_up(seq if isinstance(seq, int) else 0)
        elif kind in ("move", "chat"):
            await self._send_json(await db(socket_act)(self.game, self.user, kind, data))
        else:
            await self._send_json(
                socket_error(400, "malformed_json", _("Unknown message type."), "type")
            )
