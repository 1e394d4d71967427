"""What every game's wording shares: seat names, the reader of a log line, and a table of
event wordings looked up by the event's type name: a line about one seat in its two forms
(`said`), a line the same to every reader (`says`), one of two lines by the event
(`either`), or a small function where the wording needs more.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, pgettext

from games.engine.core import Event

# How a seat without a name is worded: a msgid, translated when it is used.
SEAT_STRANGER = gettext_noop("Seat {seat}")
PLACEHOLDER = re.compile(r"%\((\w+)\)")  # "%(card)s" in a msgid


def name_of(names: Sequence[str], seat: Any, stranger: str = SEAT_STRANGER) -> str:
    """The name at `seat`; `stranger` (a msgid or an already translated text, formatted
    with the seat) in the reader's language when there is none."""
    if isinstance(seat, int) and 0 <= seat < len(names):
        return names[seat]
    return (_(stranger) if stranger else "").format(seat=seat)


@dataclass(frozen=True)
class Reader:
    """Who reads a log line: the seats' names and the reader's own seat (None: a spectator
    or the full reveal). `stranger` words a seat without a name."""

    names: Sequence[str]
    me: int | None = None
    stranger: str = SEAT_STRANGER

    def name(self, seat: Any) -> str:
        return name_of(self.names, seat, self.stranger)

    def who(self, seat: Any) -> str:
        """ "You" (translated) for the reader's own seat, else the seat's name."""
        return self.who_subject(seat)

    def mine(self, seat: Any) -> bool:
        return self.me is not None and seat == self.me

    def who_object(self, seat: Any) -> str:
        """ "you" (translated) for the reader's own seat, else the seat's name."""
        return _("you") if self.mine(seat) else self.name(seat)

    def who_subject(self, seat: Any) -> str:
        """ "You" (translated) for the reader's own seat, else the seat's name."""
        return _("You") if self.mine(seat) else self.name(seat)

    def names_of(self, seats: Any, sep: str = ", ") -> str:
        return sep.join(self.name(s) for s in seats or [])


def about(r: Reader, seat: Any, mine: str, theirs: str, **params: Any) -> str:
    """A log line about `seat` addressed to its reader: `mine` ("You play %(card)s.") when
    the reader sits there, else `theirs` ("%(name)s plays %(card)s.") with the seat's name.
    Both come translated (each its own msgid: the verb agrees with its subject in every
    language), and are formatted here with `params`."""
    if r.me is not None and seat == r.me:
        return mine % params
    return theirs % {"name": r.name(seat), **params}


def won(r: Reader, seats: Sequence[Any], you: str, one: str, many: str) -> str:
    """A game's end by its winners, to its reader: `you` ("…: you win.") when the reader
    is the lone winner, else `one` or `many` ("…: %(winners)s wins." / "… win.": the verb
    agrees) with their names, "you" among them for the reader. All come translated."""
    if len(seats) == 1 and r.mine(seats[0]):
        return you
    winners = names_list([r.who_object(s) for s in seats])
    return (many if len(seats) > 1 else one) % {"winners": winners}


def names_list(names: Sequence[str]) -> str:
    """ "Ann", "Ann and Bo", "Ann, Bo and Cy"."""
    if len(names) <= 1:
        return "".join(names)
    return _("%(some)s and %(last)s") % {"some": ", ".join(names[:-1]), "last": names[-1]}


def clauses(parts: Sequence[str]) -> str:
    """Clauses joined by semicolons, as the reader's language sets them (French puts a
    space before: "Ann est Merlin ; Bo est Morgane")."""
    out = ""
    for part in parts:
        out = (
            pgettext("two clauses", "%(first)s; %(then)s") % {"first": out, "then": part}
            if out
            else part
        )
    return out


def waiting_for(pending: Sequence[int], names: Sequence[str], me: int | None) -> str:
    """ "Waiting for you, Tristan and Percival." (the reader first, as "you")."""
    others = [name_of(names, s) for s in pending if s != me]
    who = ([_("you")] if me is not None and me in pending else []) + others
    return _("Waiting for %(who)s.") % {"who": names_list(who)} if who else ""


@dataclass(frozen=True)
class Said:
    """A log line about one seat, in its two msgids marked with `N_` and translated
    when read: `mine` ("You play %(card)s.") for the seat's own reader, `theirs` ("%(name)s
    plays %(card)s.") for the others (see `about`)."""

    mine: str
    theirs: str

    def __call__(self, r: Reader, seat: Any, **params: Any) -> str:
        return about(r, seat, _(self.mine), _(self.theirs), **params)

    def names(self) -> set[str]:
        """The parameters the line names (besides the seat's %(name)s)."""
        return set(PLACEHOLDER.findall(self.mine + self.theirs)) - {"name"}


@dataclass(frozen=True)
class Plain:
    """A log line the same to every reader: its msgid marked with `N_`, translated when
    read and formatted with the params it names."""

    text: str

    def __call__(self, r: Reader, seat: Any, **params: Any) -> str:
        return _(self.text) % params if params else _(self.text)

    def names(self) -> set[str]:
        """The parameters the line names."""
        return set(PLACEHOLDER.findall(self.text))


# A line of one event: about a seat (`Said`) or the same to every reader (`Plain`).
Line = Said | Plain
Wording = Callable[[Mapping[str, Any], Reader], str]


@dataclass(frozen=True)
class ForReader:
    """A parameter of a line worded for its reader from the event: a seat named "you" to
    its own reader (`Reader.who_object`)."""

    word: Callable[[Mapping[str, Any], Reader], Any]


# A parameter of a line, read from the event ("card": the card's name in the reader's
# language), or worded for the reader.
Param = Callable[[Mapping[str, Any]], Any] | ForReader


class EventWords:
    """One game's log wording: a function per event type, registered with `on` against the
    engine's event classes and looked up by the type name a redacted event carries.
    `common` reads the parameters every line of the game means alike ("card": the card of
    the event), for each declared line that names them and does not read them itself."""

    def __init__(self, **common: Param) -> None:
        self._by_type: dict[str, Wording] = {}
        self._common = common
        # The types that tell the story: "Since your last visit", the emails and the log's
        # "Decisions" filter show these; the log's "Everything" shows every line.
        self.headline: frozenset[str] = frozenset()

    @classmethod
    def joined(cls, *tables: EventWords) -> EventWords:
        """One table of several (a game's wordings split by concept); no type twice."""
        out = cls()
        for table in tables:
            for name, wording in table._by_type.items():
                if name in out._by_type:
                    raise ValueError(f"{name} is worded twice")
                out._by_type[name] = wording
            out.headline |= table.headline
        return out

    def on(self, *events: type[Event], headline: bool = False) -> Callable[[Wording], Wording]:
        """Registers a wording of `events`; `headline`: their lines tell the story."""

        def register(wording: Wording) -> Wording:
            for event in events:
                if event.TYPE in self._by_type:
                    raise ValueError(f"{event.TYPE} is worded twice")
                self._by_type[event.TYPE] = wording
            if headline:
                self.headline |= {event.TYPE for event in events}
            return wording

        return register

    def said(
        self,
        event: type[Event],
        mine: str,
        theirs: str,
        seat: str = "seat",
        headline: bool = False,
        **params: Param,
    ) -> None:
        """Words `event` as the line `Said(mine, theirs)` about the seat in its field
        `seat`, with `params` read from the event: the wording of most events, which say
        what one seat did."""
        line = Said(mine, theirs)
        self._say(event, (line,), lambda e: line, seat, params, headline)

    def says(self, event: type[Event], text: str, headline: bool = False, **params: Param) -> None:
        """Words `event` as the line `Plain(text)`, the same to every reader, with `params`
        read from the event."""
        line = Plain(text)
        self._say(event, (line,), lambda e: line, "seat", params, headline)

    def either(
        self,
        event: type[Event],
        test: Callable[[Mapping[str, Any]], bool],
        yes: Line,
        no: Line,
        seat: str = "seat",
        headline: bool = False,
        **params: Param,
    ) -> None:
        """Words `event` as the line `yes` when `test(event)`, else `no` (a card named or
        unseen, Health gained or lost), about the seat in its field `seat` when the line is
        `Said`, with `params` read from the event (each line uses those it names)."""
        self._say(event, (yes, no), lambda e: yes if test(e) else no, seat, params, headline)

    def _say(
        self,
        event: type[Event],
        lines: Sequence[Line],
        line: Callable[[Mapping[str, Any]], Line],
        seat: str,
        params: Mapping[str, Param],
        headline: bool,
    ) -> None:
        """Registers the wording of `event`: the line `line` picks from `lines`, with
        `params` and the table's common readers of the parameters those lines name."""
        named = set().union(*(each.names() for each in lines))
        readers = {key: self._common[key] for key in sorted(named & set(self._common))}
        readers.update(params)

        def wording(e: Mapping[str, Any], r: Reader) -> str:
            values = {
                key: param.word(e, r) if isinstance(param, ForReader) else param(e)
                for key, param in readers.items()
            }
            return line(e)(r, e.get(seat), **values)

        self.on(event, headline=headline)(wording)

    def describe(self, event: Mapping[str, Any], reader: Reader) -> str:
        """The event's line; "" when this table has no wording for its type."""
        wording = self._by_type.get(str(event.get("type", "")))
        return wording(event, reader) if wording else ""

    def types(self) -> frozenset[str]:
        return frozenset(self._by_type)
