"""Game-page websockets for the benchmarks, as browsers and scripts hold them: logged in with
a session cookie (seats) or anonymous (spectators), each with a CSRF cookie of its own (the
pushed forms carry it), in HTML (the page) or JSON mode. Every socket runs in one asyncio
loop on a thread of its own, reads everything pushed to it and notes when each update
arrived, by the seq it brings (JSON: the feed's seq; HTML: the phase partial's data-seq)."""

from __future__ import annotations

import asyncio
import json
import re
import secrets
import threading
import time
from collections.abc import Coroutine
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

SEQ_IN_HTML = re.compile(r'id="phase"[^>]*data-seq="(\d+)"')


def session_for(user: Any) -> str:
    """A logged-in session of `user` (the cookie a browser would send), made directly."""
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.db import SessionStore

    session = SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.create()
    return str(session.session_key)


@dataclass
class Watcher:
    """One open socket and what it received: seq -> monotonic time of arrival, and for JSON
    sockets the latest feed and the created_at of each event received."""

    game_id: int
    json_mode: bool
    conn: ClientConnection | None = None
    arrivals: dict[int, float] = field(default_factory=dict)
    wall_arrivals: dict[int, float] = field(default_factory=dict)
    feed: dict[str, Any] = field(default_factory=dict)
    created: dict[int, str] = field(default_factory=dict)
    messages: int = 0
    seat: bool = False  # logged in (a seat's page in the benchmarks), not a spectator
    opened_in: float = 0.0  # seconds from the connect to the page's first message


class SocketPool:
    """Many sockets held open by one asyncio loop in a background thread. With `acks`, each
    seat's HTML page acknowledges every update it receives ({"type": "seen"}), as the
    site's page does when it shows one (static/js/site.js)."""

    def __init__(self, acks: bool = False) -> None:
        self.acks = acks
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.watchers: list[Watcher] = []
        self._readers: list[asyncio.Future[None]] = []

    def run(self, coro: Coroutine[Any, Any, Any]) -> Any:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result()

    def open(
        self, port: int, game_id: int, session: str | None = None, json_mode: bool = False
    ) -> Watcher:
        watcher = Watcher(game_id, json_mode)
        self.run(self._open(port, watcher, session))
        self.watchers.append(watcher)
        return watcher

    def open_many(
        self, port: int, specs: list[tuple[int, str | None, bool]], batch: int = 50
    ) -> list[Watcher]:
        """Open sockets for (game id, session or None, json?) `batch` at a time."""
        out = []
        for start in range(0, len(specs), batch):
            chunk = [Watcher(g, j) for g, _, j in specs[start : start + batch]]
            sessions = [s for _, s, _ in specs[start : start + batch]]

            async def opening(chunk: list[Watcher] = chunk, sessions: list[Any] = sessions) -> None:
                await asyncio.gather(
                    *(self._open(port, w, s) for w, s in zip(chunk, sessions, strict=True))
                )

            self.run(opening())
            out.extend(chunk)
        self.watchers.extend(out)
        return out

    async def _open(self, port: int, watcher: Watcher, session: str | None) -> None:
        query = "?format=json" if watcher.json_mode else ""
        # Each browser has a CSRF cookie of its own, which the pushed forms carry.
        cookies = [f"csrftoken={secrets.token_hex(16)}"]
        if session:
            cookies.append(f"sessionid={session}")
        headers = {"Origin": f"http://127.0.0.1:{port}", "Cookie": "; ".join(cookies)}
        watcher.seat = session is not None
        started = time.monotonic()
        watcher.conn = await connect(
            f"ws://127.0.0.1:{port}/ws/games/{watcher.game_id}/{query}",
            additional_headers=headers,
            max_size=None,
            open_timeout=60,
        )
        first = await watcher.conn.recv()
        watcher.opened_in = time.monotonic() - started
        self._note(watcher, first)
        self._readers.append(asyncio.ensure_future(self._read(watcher)))

    async def _read(self, watcher: Watcher) -> None:
        assert watcher.conn is not None
        try:
            async for message in watcher.conn:
                seq = self._note(watcher, message)
                if seq is not None and self.acks and watcher.seat and not watcher.json_mode:
                    await watcher.conn.send(json.dumps({"type": "seen", "seq": seq}))
        except Exception:  # closed at the end of the run
            return

    def _note(self, watcher: Watcher, message: str | bytes) -> int | None:
        """Record a message; the seq of an update not received before, else None."""
        now, wall = time.monotonic(), time.time()
        watcher.messages += 1
        text = message.decode() if isinstance(message, bytes) else message
        if watcher.json_mode:
            data = json.loads(text)
            if data.get("type") != "update":
                return None
            seq = int(data["game"]["seq"])
            watcher.feed = data["game"]
            for event in data.get("events", []):
                watcher.created[int(event["seq"])] = str(event["created_at"])
        else:
            found = SEQ_IN_HTML.search(text)
            if found is None:
                return None  # presence: the players panel only
            seq = int(found.group(1))
        if seq in watcher.arrivals:
            return None
        watcher.arrivals[seq] = now
        watcher.wall_arrivals[seq] = wall
        return seq

    async def send(self, watcher: Watcher, data: dict[str, Any]) -> None:
        assert watcher.conn is not None
        await watcher.conn.send(json.dumps(data))

    def close(self) -> None:
        async def closing() -> None:
            for reader in self._readers:
                reader.cancel()
            await asyncio.gather(
                *(w.conn.close() for w in self.watchers if w.conn is not None),
                return_exceptions=True,
            )

        self.run(closing())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout=10)
