"""Websocket clients of the game page as the reliability tests run them, one thread each.

- `JsonClient` speaks `?format=json` (games/consumers/game.py) like a script would: it keeps the
  last seq it saw and, when its socket closes, reconnects with `?last_seq=` to catch up.
- `HtmlClient` stands for the browser page: like htmx's ws extension it reconnects after
  a close with code 1006/1011/1012/1013 and applies what it receives as the page would
  (a full `#log-list` replaces the log, a log append adds lines, `#phase` carries seq).

Neither sends `hello` by itself: whatever brings an open socket back in step after a
Redis restart must come from the server. Each records what it received, so a test can
check it got every event exactly once.
"""

from __future__ import annotations

import json
import re
import threading
import time
from typing import Any

from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus
from websockets.sync.client import ClientConnection, connect
from websockets.typing import Origin

# htmx-ext-ws 2.0.4 reconnects after these close codes (static/vendor/htmx).
RECONNECT_CODES = (1006, 1011, 1012, 1013)
# htmx waits a random full-jitter delay of up to 2^n seconds; the test keeps it short.
RECONNECT_DELAY = 0.3


class _Client:
    def __init__(self, port: int, game_id: int, session: str, name: str) -> None:
        self.port = port
        self.game_id = game_id
        self.session = session
        self.name = name
        self.seq = -1  # the seq of the newest state this client holds
        self.connects = 0
        self.closes: list[int | None] = []
        self.messages = 0
        self.lock = threading.Lock()
        self.stopped = threading.Event()
        self.ws: ClientConnection | None = None
        self.error: BaseException | None = None
        self.thread = threading.Thread(target=self._run, name=name, daemon=True)

    def path(self) -> str:
        raise NotImplementedError

    def on_message(self, text: str) -> None:
        raise NotImplementedError

    def should_reconnect(self, code: int | None) -> bool:
        return True

    def start(self) -> None:
        self.thread.start()

    def _open(self) -> ClientConnection:
        return connect(
            f"ws://127.0.0.1:{self.port}{self.path()}",
            origin=Origin(f"http://127.0.0.1:{self.port}"),
            additional_headers={"Cookie": f"sessionid={self.session}"},
            open_timeout=10,
            ping_interval=None,
            proxy=None,
            legacy=None,
        )

    def _session(self) -> int | None:
        """One connection until it closes: its close code (1006 when none was received), or
        None when it could not be opened."""
        try:
            ws = self._open()
        except (OSError, InvalidHandshake, InvalidStatus, TimeoutError):
            return None
        with ws:
            self.ws = ws
            self.connects += 1
            try:
                for text in ws:
                    with self.lock:
                        self.messages += 1
                        self.on_message(str(text))
            except ConnectionClosed:
                pass
            rcvd = ws.protocol.close_rcvd
            return rcvd.code if rcvd is not None else 1006

    def _run(self) -> None:
        try:
            while not self.stopped.is_set():
                code = self._session()
                if self.stopped.is_set():
                    return
                if code is not None:
                    self.closes.append(code)
                    if not self.should_reconnect(code):
                        return
                time.sleep(RECONNECT_DELAY)  # the server (or its Redis) may not be back yet
        except BaseException as exc:  # surfaced by stop(): a client must not fail silently
            self.error = exc

    def stop(self) -> None:
        self.stopped.set()
        if self.ws is not None:
            self.ws.close()
        self.thread.join(15)
        if self.error is not None:
            raise self.error

    def send(self, data: dict[str, Any]) -> None:
        assert self.ws is not None
        self.ws.send(json.dumps(data))


class JsonClient(_Client):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.event_seqs: list[int] = []  # every event received, in order (duplicates kept)
        self.full_updates = 0  # updates that carried the state without the events before it
        self.replies: list[dict[str, Any]] = []

    def path(self) -> str:
        query = "format=json" + (f"&last_seq={self.seq}" if self.seq >= 0 else "")
        return f"/ws/games/{self.game_id}/?{query}"

    def on_message(self, text: str) -> None:
        data = json.loads(text)
        if data.get("type") != "update":
            self.replies.append(data)
            return
        self.event_seqs += [int(e["seq"]) for e in data["events"]]
        seq = int(data["game"]["seq"])
        if not data["events"] and seq != self.seq:
            self.full_updates += 1
        self.seq = max(self.seq, seq)


LOG_LINE = re.compile(r'<li class="log__line[^"]*" value="(\d+)"')
PHASE_SEQ = re.compile(r'<div id="phase"[^>]*data-seq="(\d+)"')
FULL_LOG = 'id="log-list"'


class HtmlClient(_Client):
    """The page: `log` is the log list as shown (newest first, like the page)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.log: list[int] = []
        self.full_pages = 0

    def path(self) -> str:
        # The page's own URL (templates/games/game.html); the server sends the full page.
        return f"/ws/games/{self.game_id}/?last_seq={max(self.seq, 0)}"

    def should_reconnect(self, code: int | None) -> bool:
        return code in RECONNECT_CODES

    def on_message(self, text: str) -> None:
        # Log lines come only in the whole log (the page's) or in appended lines (a push).
        lines = [int(s) for s in LOG_LINE.findall(text)]
        if FULL_LOG in text:
            self.full_pages += 1
            self.log = lines
        else:
            self.log = lines + self.log
        phase = PHASE_SEQ.search(text)
        if phase:
            self.seq = int(phase.group(1))
