"""How many frames a client may send on a socket. A page sends a few (a "seen" after each
push it showed); a JSON client a move, a line of chat or a "hello" at a time. Each frame
costs the server a thread hop, and a "hello" a read and a send of the game's log after its
seq: a client flooding them would make each small frame cost a great deal, so a socket
answers at most BURST frames at once and RATE a second after that (moves and chat have
their own limits too, per user: games/services/limits.py)."""

from __future__ import annotations

import time
from collections.abc import Callable

RATE = 5.0  # frames a second, once the burst is spent
BURST = 30  # far more than a page or a playing client sends at once
CLOCK = time.monotonic


class FrameBudget:
    """A token bucket: `burst` frames, refilled at `rate` a second."""

    def __init__(
        self, rate: float = RATE, burst: int = BURST, clock: Callable[[], float] | None = None
    ) -> None:
        self.rate = rate
        self.burst = burst
        self.clock = clock or CLOCK
        self.tokens = float(burst)
        self.at = self.clock()

    def take(self) -> bool:
        """Whether the next frame may be answered (spending one token if so)."""
        now = self.clock()
        self.tokens = min(float(self.burst), self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True
