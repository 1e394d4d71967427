"""The two audiences most private events share, written once: the event's own seat, and
nobody (each viewer is then shown its own part by the game's `redact`). Other audiences
(a pair of seats, an open offer) stay with their events."""

from __future__ import annotations

from .definition import Event, Seat


class SeatPrivate(Event):
    """Seen as is only by the seat it names; the game's `redact` tells the others what
    they may know (that the seat voted, how many cards it drew)."""

    seat: int

    def audience(self) -> frozenset[Seat] | None:
        return frozenset({self.seat})


class Undisclosed(Event):
    """Seen as is by nobody: a deal whose every part is somebody's secret."""

    def audience(self) -> frozenset[Seat] | None:
        return frozenset()
