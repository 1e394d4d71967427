"""One heartbeat per event loop for every game socket it serves (R2; issue 14, B3).

A game socket re-joins its group every GAME_SOCKET_HEARTBEAT_SECONDS (Redis forgets groups
when it restarts), asks whether its game moved past what it sent (the layer drops
messages), marks its game watched if it is a spectator's, and refreshes its presence row
every PRESENCE_HEARTBEAT; a seat's page also acknowledges every push it shows ("seen").
Each socket used to run that beat in a task of its own, each read and write a hop to a
thread of its own: with 800 pages open (200 games, four seats each) that was 53 hops and
queries a second, 215-250 ms of the server's CPU a second with nobody moving, and a
play-by-web site's pages stay open for days.

Here one beat per event loop keeps each socket's own interval, and does what falls due in a
tick in one hop to a thread: the versions of the due sockets' games in one query, their
presence rows in one UPDATE, the spectated games' marks in one or two upserts, and the pages'
acknowledgements since the last tick (games.services.presence.sockets_beat). Re-joining
stays each socket's own trip to the layer, and so does what a socket does with its game's
version (GameConsumer.catch_up_to).
"""

from __future__ import annotations

import asyncio
import logging
import time
import weakref
from dataclasses import dataclass
from typing import Protocol

from django.conf import settings

from games.models import PRESENCE_HEARTBEAT
from games.services.presence import sockets_beat

from .common import db

logger = logging.getLogger("games.consumers")

# How long a socket that finds its game past what it sent waits for the push in flight
# before reading the page from the database (at most half a heartbeat).
PUSH_GRACE = 1.0

Version = tuple[int, str]


class BeatingSocket(Protocol):
    game_id: int
    table_id: int
    channel_name: str

    @property
    def spectator(self) -> bool: ...

    @property
    def page(self) -> bool: ...

    @property
    def signed_in(self) -> bool: ...

    @property
    def sent(self) -> Version: ...

    async def rejoin(self) -> bool: ...

    async def catch_up_to(self, current: Version, grace: float) -> None: ...


@dataclass(slots=True)
class _Beat:
    due: float  # time.monotonic() of the socket's next beat
    touched: float  # of its last presence refresh
    catching_up: asyncio.Future[None] | None = None


def intervals() -> tuple[float, float]:
    """(a socket's beat, its presence refresh), in seconds, as the settings say now."""
    presence_every = PRESENCE_HEARTBEAT.total_seconds()
    return min(float(settings.GAME_SOCKET_HEARTBEAT_SECONDS), presence_every), presence_every


class SocketBeat:
    """The beat of one event loop's game sockets (`socket_beat()`)."""

    def __init__(self) -> None:
        self.sockets: dict[BeatingSocket, _Beat] = {}
        # What the pages acknowledged since the last hop: (table id, position) -> seq.
        self.seen: dict[tuple[int, int], int] = {}
        self.task: asyncio.Future[None] | None = None

    def add(self, socket: BeatingSocket) -> None:
        now = time.monotonic()
        self.sockets[socket] = _Beat(due=now + intervals()[0], touched=now)
        if self.task is None or self.task.done():
            self.task = asyncio.ensure_future(self._run())

    def seen_later(self, socket: BeatingSocket, position: int, seq: int) -> bool:
        """The socket's page showed its player (at `position`) the game up to `seq`:
        written at the next tick; False if the socket is not in the beat (write it now)."""
        if socket not in self.sockets:
            return False
        key = (socket.table_id, position)
        self.seen[key] = max(seq, self.seen.get(key, seq))
        return True

    def remove(self, socket: BeatingSocket, position: int | None) -> int | None:
        """Take the socket out; returns its seat's acknowledgement not yet written (the
        socket writes it as it closes: the beat may stop with its last socket)."""
        beat = self.sockets.pop(socket, None)
        if beat is not None and beat.catching_up is not None:
            beat.catching_up.cancel()
        if not self.sockets and self.task is not None:
            self.task.cancel()  # the loop may close with its last socket (a test's)
            self.task = None
        return None if position is None else self.seen.pop((socket.table_id, position), None)

    async def _run(self) -> None:
        while self.sockets:
            interval, _ = intervals()
            await asyncio.sleep(min(1.0, interval / 4))
            now = time.monotonic()
            due = [socket for socket, beat in self.sockets.items() if beat.due <= now]
            for socket in due:
                self.sockets[socket].due = now + interval
            seen, self.seen = self.seen, {}
            if due or seen:
                try:
                    await self._beat(due, seen, now)
                except Exception as exc:  # the database away: the next beat tries again
                    logger.warning("game sockets: heartbeat of %d failed: %r", len(due), exc)
                    for key, seq in seen.items():
                        self.seen[key] = max(seq, self.seen.get(key, seq))

    async def _beat(
        self, due: list[BeatingSocket], seen: dict[tuple[int, int], int], now: float
    ) -> None:
        interval, presence_every = intervals()
        await asyncio.gather(*(socket.rejoin() for socket in due))
        due = [socket for socket in due if socket in self.sockets]  # closed meanwhile
        touch = [
            socket
            for socket in due
            if socket.signed_in and now - self.sockets[socket].touched >= presence_every
        ]
        versions = await db(sockets_beat)(
            game_ids={socket.game_id for socket in due},
            spectated={socket.game_id for socket in due if socket.spectator},
            spectated_pages={socket.game_id for socket in due if socket.spectator and socket.page},
            channel_names=[socket.channel_name for socket in touch],
            seen=[(table, position, seq) for (table, position), seq in seen.items()],
        )
        grace = min(PUSH_GRACE, interval / 2)
        for socket in due:
            beat = self.sockets.get(socket)
            if socket in touch and beat is not None:
                beat.touched = now
            current = versions.get(socket.game_id)
            if beat is None or current is None or current == socket.sent:
                continue
            if beat.catching_up is None or beat.catching_up.done():
                beat.catching_up = asyncio.ensure_future(socket.catch_up_to(current, grace))


_beats: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, SocketBeat] = (
    weakref.WeakKeyDictionary()
)


def socket_beat() -> SocketBeat:
    """The running event loop's beat (a server process has one loop; tests, one each)."""
    loop = asyncio.get_running_loop()
    beat = _beats.get(loop)
    if beat is None:
        beat = _beats[loop] = SocketBeat()
    return beat
