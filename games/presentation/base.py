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
from typing import Any

from django.utils.translation import gettext as _

from games.engine.core import JSON
from games.models import Game

from .words import EventWords, Reader


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


@dataclass
class ActionForm:
    move_type: str
    title: str
    help: str = ""
    buttons: list[Button] = field(default_factory=list)
    fields: list[ComposedField] = field(default_factory=list)
    constants: dict[str, str] = field(default_factory=dict)  # JSON text per field
    submit: str = "Confirm"
    template: str = ""  # a game's own form template (partials/actions.html includes it)
    extra: dict[str, Any] = field(default_factory=dict)  # what that template needs


def move_text(move: Mapping[str, JSON]) -> str:
    """A move as the JSON text a form posts (keys sorted, so equal moves read equal)."""
    return json.dumps(move, sort_keys=True)


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
    stranger = "Seat {seat}"  # how a log line names a seat without a name

    def forms(self, feed: Mapping[str, Any], names: Sequence[str]) -> list[ActionForm] | None:
        """A game's own forms for the viewer's legal moves; None builds the generic ones."""
        return None

    def move_title(self, move_type: str, feed: Mapping[str, Any], names: Sequence[str]) -> str:
        return move_type.split(".")[-1].replace("_", " ").capitalize()

    def move_help(self, move_type: str, feed: Mapping[str, Any], names: Sequence[str]) -> str:
        return ""

    def board(self, feed: Mapping[str, Any], names: Sequence[str]) -> dict[str, Any]:
        """The board panel's view model (the template shows `board`)."""
        return {"json": json.dumps(feed.get("view", {}), indent=2, sort_keys=True)}

    def secret(
        self,
        feed: Mapping[str, Any],
        names: Sequence[str],
        revealed: Mapping[str, Any] | None = None,
    ) -> dict[str, Any]:
        """The secret panel's view model (`secret`): what only the viewer knows. `revealed`
        is the final view of a finished game, for the replay's "everything revealed"."""
        you = (feed.get("view") or {}).get("you")
        return {
            "json": json.dumps(you, indent=2, sort_keys=True) if you else "",
            "watching": _("You are watching: only public information is shown."),
        }

    def special_form(
        self,
        move_type: str,
        moves: Sequence[Mapping[str, JSON]],
        feed: Mapping[str, Any],
        names: Sequence[str],
    ) -> ActionForm | None:
        """A game's own form for this move type (None: buttons or a composed form)."""
        return None

    def button(self, move: Mapping[str, JSON], names: Sequence[str]) -> tuple[str, str]:
        parts = [f"{k}: {v}" for k, v in move.items() if k != "type"]
        return (", ".join(parts) or self.move_title(str(move["type"]), {}, names)), ""

    def field_label(self, move_type: str, name: str) -> str:
        return name.replace("_", " ").capitalize()

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

    def phase_line(self, feed: Mapping[str, Any], names: Sequence[str]) -> str:
        pending = [names[s] for s in feed.get("pending_seats", []) if s < len(names)]
        if feed.get("status") != Game.Status.PLAYING:
            return str((feed.get("outcome") or {}).get("summary", "The game is over."))
        return f"Waiting for {', '.join(pending)}." if pending else "Resolving..."


GENERIC = Presenter()
