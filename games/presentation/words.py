"""What every game's wording shares: seat names, the reader of a log line, and a table of
event wordings looked up by the event's type name (one small function per event type).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.engine.core import Event


def name_of(names: Sequence[str], seat: Any, stranger: str = "Seat {seat}") -> str:
    """The name at `seat`; `stranger` (formatted with the seat) when there is none."""
    if isinstance(seat, int) and 0 <= seat < len(names):
        return names[seat]
    return stranger.format(seat=seat)


@dataclass(frozen=True)
class Reader:
    """Who reads a log line: the seats' names and the reader's own seat (None: a spectator
    or the full reveal). `stranger` words a seat without a name."""

    names: Sequence[str]
    me: int | None = None
    stranger: str = "Seat {seat}"

    def name(self, seat: Any) -> str:
        return name_of(self.names, seat, self.stranger)

    def who(self, seat: Any) -> str:
        """ "You" for the reader's own seat, else the seat's name."""
        return "You" if self.me is not None and seat == self.me else self.name(seat)

    def names_of(self, seats: Any, sep: str = ", ") -> str:
        return sep.join(self.name(s) for s in seats or [])


def plural(count: Any, word: str) -> str:
    """ "1 fail", "2 fails": a count and its noun."""
    return f"{count} {word}{'' if count == 1 else 's'}"


def verb(who: str, base: str) -> str:
    """ "You take" / "Ann takes": the verb agrees with the reader's "You"."""
    return f"{who} {base}" if who == "You" else f"{who} {base}s"


Wording = Callable[[Mapping[str, Any], Reader], str]


class EventWords:
    """One game's log wording: a function per event type, registered with `on` against the
    engine's event classes and looked up by the type name a redacted event carries."""

    def __init__(self) -> None:
        self._by_type: dict[str, Wording] = {}

    @classmethod
    def joined(cls, *tables: EventWords) -> EventWords:
        """One table of several (a game's wordings split by concept); no type twice."""
        out = cls()
        for table in tables:
            for name, wording in table._by_type.items():
                if name in out._by_type:
                    raise ValueError(f"{name} is worded twice")
                out._by_type[name] = wording
        return out

    def on(self, *events: type[Event]) -> Callable[[Wording], Wording]:
        def register(wording: Wording) -> Wording:
            for event in events:
                if event.TYPE in self._by_type:
                    raise ValueError(f"{event.TYPE} is worded twice")
                self._by_type[event.TYPE] = wording
            return wording

        return register

    def describe(self, event: Mapping[str, Any], reader: Reader) -> str:
        """The event's line; "" when this table has no wording for its type."""
        wording = self._by_type.get(str(event.get("type", "")))
        return wording(event, reader) if wording else ""

    def types(self) -> frozenset[str]:
        return frozenset(self._by_type)
