"""What each seat's player has seen of their game: `Seat.last_seen_seq`, the last seq shown
to them (the game page, the API's state read, the websocket's connect and catch-up, and the
page's acknowledgement of a push it showed). "Since your last visit" starts after it.

Written cheaply, away from the move path: one UPDATE that only matches while the seq grows,
so a repeated read writes nothing.
"""

from __future__ import annotations

from collections.abc import Iterable

from accounts.models import User
from games.models import Game, Seat


def seat_seen_get(game: Game, user: User | None) -> tuple[int, int] | None:
    """(position, last seen seq) of `user`'s seat in `game`; None for a spectator."""
    if user is None or not user.is_authenticated:
        return None
    row = (
        Seat.objects.filter(table_id=game.table_id, user=user, position__isnull=False)
        .values_list("position", "last_seen_seq")
        .first()
    )
    if row is None or row[0] is None:
        return None
    return row[0], row[1]


def seat_seen_mark(game: Game, position: int, seq: int) -> bool:
    """The player at `position` has now seen `game` up to `seq` (the seq of what was shown
    to them); True when that moved their mark forward."""
    return bool(seats_seen_mark([(game.table_id, position, seq)]))


def seats_seen_mark(marks: Iterable[tuple[int, int, int]]) -> int:
    """seat_seen_mark for each (table id, position, seq): the pages' acknowledgements a
    server process gathered in one beat (games.consumers.beat); returns how many moved."""
    return sum(
        Seat.objects.filter(table_id=table, position=position, last_seen_seq__lt=seq).update(
            last_seen_seq=seq
        )
        for table, position, seq in marks
    )
