"""The view models the game page's templates show (buttons, composed fields, action forms)
and `Presenter`, the base of every game's presenter: the generic wording a game starts from
(move type names and field values), so a new engine is playable before it has words.

A presenter reads only the feed (games.selectors.game_view_for_user) and the seats' names;
templates show what it returns and decide nothing.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from django.utils.translation import gettext as _

from games.engine.core import JSON
from games.models import Game

from .rules import RuleLink
from .words import SEAT_STRANGER, EventWords, Reader, waiting_for

# What a presenter's methods are given: the viewer's JSON feed, the seats' names, and the
# legal moves of one type.
Feed = Mapping[str, Any]
Names = Sequence[str]
Moves = Sequence[Mapping[str, JSON]]


@dataclass
class Button:
    label: str
    move: str  # the move as JSON text, exactly what the move endpoint accepts
    tone: str = ""


@dataclass
class Choice:
    value: str
    label: str


@dataclass
class ComposedField:
    name: str
    kind: str  # "checkbox" (a list field) or "radio" (a scalar field)
    label: str
    choices: list[Choice]
    # A radio field starts on its first choice, unless the player must choose one.
    required: bool = False
    css: str = ""  # a class of the game's own for its chips


@dataclass
class ActionForm:
    move_type: str
    title: str
    help: str = ""
    buttons: list[Button] = field(default_factory=list)
    fields: list[ComposedField] = field(default_factory=list)
    constants: dict[str, str] = field(default_factory=dict)  # JSON text per field
    # Built with the form (during the request), so it reads in the reader's language.
    submit: str = field(default_factory=lambda: _("Confirm"))
    template: str = ""  # a game's own form template (partials/actions.html includes it)
    extra: dict[str, Any] = field(default_factory=dict)  # what that template needs
    rules: list[RuleLink] = field(default_factory=list)  # the rules `help` states, linked
    # Shown apart, after the steps (a rare, serious move such as withdrawing for good).
    aside: bool = False


def move_text(move: Mapping[str, JSON]) -> str:
    """A move as the JSON text a form posts (keys sorted, so equal moves read equal)."""
    return json.dumps(move, sort_keys=True)


class Panels(Protocol):
    """A game's board.py: the view models of its board and secret panels."""

    def board(self, feed: Mapping[str, Any], names: Sequence[str]) -> dict[str, Any]: ...

    def secret(
        self, feed: Mapping[str, Any], names: Sequence[str], revealed: Mapping[str, Any] | None
    ) -> dict[str, Any]: ...


@dataclass(frozen=True)
class Story:
    """How a game's log is cut into rounds, by event type. (The types whose lines tell the
    story are marked in the game's log table: `EventWords.headline`.)"""

    # The types that open a round of the log, with its title: %(field)s of the event, and
    # %(who)s for its seat ("You" for the reader's own).
    round_openers: Mapping[str, Any] = field(default_factory=dict)
    # The types the log never shows as a line of their own (their words are a round's
    # title, or say nothing the next line does not: "Ann's turn." between two plays).
    hidden: frozenset[str] = frozenset()


class Presenter:
    """Generic wording: type names and field values. A game's presenter overrides what it
    words itself and registers under its slugs (registry.py)."""

    slugs: tuple[str, ...] = ()  # the engine slugs this presenter words
    board_template = "games/boards/generic.html"
    secret_template = "games/secrets/generic.html"
    stylesheets: tuple[str, ...] = ()  # static files the game's pages add to games/game.css
    composed: frozenset[str] = frozenset()  # move types always shown as one composed form
    order: tuple[str, ...] = ()  # move types whose forms come first, in this order
    words: EventWords | None = None  # the game's log line per event type
    panels: Panels | None = None  # the game's board and secret panels (its board.py)
    # The board's model reads only the public part of the view (not "you", not my_seat)
    # and the names: one update builds it once for all its views (games.rendering).
    public_board = False
    stranger = SEAT_STRANGER  # how a log line names a seat without a name (a msgid)
    story = Story()  # how the game's log is cut into rounds
    # Move type: (the help its form shows, the ID of the rule it states: the form links it).
    help: Mapping[str, tuple[Any, str]] = {}

    @property
    def headline(self) -> frozenset[str]:
        """The types whose lines tell the story ("Since your last visit", the emails, the
        log's "Decisions" filter), as the game's log table marks them."""
        return self.words.headline if self.words else frozenset()

    def round_title(self, event: Mapping[str, Any], reader: Reader) -> str:
        """The title of the round `event` opens ("Quest 2"), "" when it opens none."""
        title = self.story.round_openers.get(str(event.get("type", "")))
        if title is None:
            return ""
        return str(title) % {**event, "who": reader.who(event.get("seat"))}

    def line_shown(self, event: Mapping[str, Any], me: int | None) -> bool:
        """Whether the log shows this event as a line of its own."""
        return event.get("type") not in self.story.hidden

    def line_table(
        self, event: Mapping[str, Any], names: Sequence[str]
    ) -> list[tuple[str, str, str]]:
        """Rows (name, what they did, its tone) shown as a table under the line (a vote's)."""
        return []

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A game's templates are named after its first slug unless it names its own:
        games/boards/<slug>.html and games/secrets/<slug>.html."""
        super().__init_subclass__(**kwargs)
        if cls.slugs:
            if "board_template" not in vars(cls):
                cls.board_template = f"games/boards/{cls.slugs[0]}.html"
            if "secret_template" not in vars(cls):
                cls.secret_template = f"games/secrets/{cls.slugs[0]}.html"

    def forms(self, feed: Mapping[str, Any], names: Sequence[str]) -> list[ActionForm] | None:
        """A game's own forms for the viewer's legal moves; None builds the generic ones."""
        return None

    def move_title(self, move_type: str, feed: Mapping[str, Any], names: Sequence[str]) -> str:
        return move_type.split(".")[-1].replace("_", " ").capitalize()

    def move_help(self, move_type: str, feed: Mapping[str, Any], names: Sequence[str]) -> str:
        return str(self.help[move_type][0]) if move_type in self.help else ""

    def move_rules(self, move_type: str, feed: Mapping[str, Any]) -> tuple[str, ...]:
        """The IDs of the rules `move_help` states: the form links to them."""
        return (self.help[move_type][1],) if move_type in self.help else ()

    def phase_rules(self, feed: Mapping[str, Any]) -> tuple[str, ...]:
        """The IDs of the rules the phase line states: the line links to them."""
        return ()

    def board(self, feed: Mapping[str, Any], names: Sequence[str]) -> dict[str, Any]:
        """The board panel's view model (the template shows `board`)."""
        if self.panels is not None:
            return self.panels.board(feed, names)
        return {"json": json.dumps(feed.get("view", {}), indent=2, sort_keys=True)}

    def secret(
        self,
        feed: Mapping[str, Any],
        names: Sequence[str],
        revealed: Mapping[str, Any] | None = None,
    ) -> dict[str, Any]:
        """The secret panel's view model (`secret`): what only the viewer knows. `revealed`
        is the final view of a finished game, for the replay's "everything revealed"."""
        if self.panels is not None:
            return self.panels.secret(feed, names, revealed)
        you = (feed.get("view") or {}).get("you")
        return {
            "json": json.dumps(you, indent=2, sort_keys=True) if you else "",
            "watching": _("You are watching: only public information is shown."),
        }

    def special_form(
        self, move_type: str, moves: Moves, feed: Feed, names: Names
    ) -> ActionForm | None:
        """A game's own form for this move type (None: buttons or a composed form)."""
        return None

    def button(self, move: Mapping[str, JSON], names: Sequence[str]) -> tuple[str, str]:
        parts = [f"{k}: {v}" for k, v in move.items() if k != "type"]
        return (", ".join(parts) or self.move_title(str(move["type"]), {}, names)), ""

    def field_label(self, move_type: str, name: str) -> str:
        return name.replace("_", " ").capitalize()

    def option_choice(self, option: str, value: Any) -> str | None:
        """A table option's value in words on the create form (a Protagonist's name), or
        None for the form's own wording of the value."""
        return None

    def option_unset(self, option: str) -> str | None:
        """What a list option left empty means, in words ("dealt at random"), or None for
        "none"."""
        return None

    def choice_label(self, move_type: str, name: str, value: JSON, names: Sequence[str]) -> str:
        return str(value)

    def describe(
        self, entry: Mapping[str, Any], names: Sequence[str], me: int | None = None
    ) -> str:
        """One log line; `me` is the reader's seat (None: a spectator or the full reveal).
        An event the game's `words` do not word gets its type name and fields."""
        if self.words is not None:
            line = self.words.describe(entry["event"], Reader(names, me, self.stranger))
            if line:
                return line
        event = dict(entry["event"])
        kind = str(event.pop("type", entry["type"])).split(".")[-1].replace("_", " ")
        details = ", ".join(f"{k} {v}" for k, v in event.items())
        return f"{kind.capitalize()}{': ' + details if details else ''}"

    def ending(self, feed: Mapping[str, Any], names: Sequence[str]) -> str:
        """How the game ended, in the reader's language: the page's banner once it is over
        and the API's `outcome.summary` (outcome_in_words). A game whose engine's summary
        is a fixed English sentence it marked (N_) needs nothing more; one whose summary
        carries numbers or seats words its ending from the outcome itself."""
        summary = (feed.get("outcome") or {}).get("summary")
        return _(str(summary)) if summary else _("The game is over.")

    def phase_line(self, feed: Mapping[str, Any], names: Sequence[str]) -> str:
        """The line above the forms: the ending once the game is over (aborted or void:
        the site's summary), else what the table waits for (`playing_line`)."""
        if feed.get("status") != Game.Status.PLAYING or self.over(feed.get("view", {})):
            return self.ending(feed, names)
        return self.playing_line(feed, names)

    def over(self, view: Mapping[str, Any]) -> bool:
        """Whether the viewer's view says the game is over, whatever its status: a game
        whose view carries its `outcome` needs nothing more."""
        return bool(view.get("outcome"))

    def playing_line(self, feed: Mapping[str, Any], names: Sequence[str]) -> str:
        """The phase line of a game in play: whom the table waits for."""
        line = waiting_for(feed.get("pending_seats", []), names, feed.get("my_seat"))
        return line or _("Resolving…")


GENERIC = Presenter()
