"""Turning a game feed (games.selectors.game_view_for_user) into what templates show:
names per seat, action forms built from `legal_moves`, and log lines.

Game-specific wording lives in one presenter module per game (resistance.py); any other
game falls back to the generic presenter here, so a new engine is playable at once.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from games import client_json
from games.engine.core import JSON

# A group of legal moves with more alternatives than this becomes one composed form
# (checkboxes/radios), e.g. choosing a team; fewer become one button each.
MAX_BUTTONS = 12


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


class Presenter:
    """Generic wording: type names and field values."""

    glyphs: Mapping[str, str] = {}  # role -> symbol id in static/games/icons.svg
    composed: frozenset[str] = frozenset()  # move types always shown as one composed form
    order: tuple[str, ...] = ()  # move types whose forms come first, in this order

    def forms(self, feed: Mapping[str, Any], names: Sequence[str]) -> list[ActionForm] | None:
        """A game's own forms for the viewer's legal moves; None builds the generic ones."""
        return None

    def move_title(self, move_type: str, feed: Mapping[str, Any], names: Sequence[str]) -> str:
        return move_type.split(".")[-1].replace("_", " ").capitalize()

    def move_help(self, move_type: str, feed: Mapping[str, Any], names: Sequence[str]) -> str:
        return ""

    def board(self, feed: Mapping[str, Any], names: Sequence[str]) -> dict[str, Any]:
        """Facts a game's board and secret templates read as `board` (e.g. sides per seat)."""
        return {}

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
        """One log line; `me` is the reader's seat (None: a spectator or the full reveal)."""
        event = dict(entry["event"])
        kind = str(event.pop("type", entry["type"])).split(".")[-1].replace("_", " ")
        details = ", ".join(f"{k} {v}" for k, v in event.items())
        return f"{kind.capitalize()}{': ' + details if details else ''}"

    def phase_line(self, feed: Mapping[str, Any], names: Sequence[str]) -> str:
        pending = [names[s] for s in feed.get("pending_seats", []) if s < len(names)]
        if feed.get("status") != "playing":
            return str((feed.get("outcome") or {}).get("summary", "The game is over."))
        return f"Waiting for {', '.join(pending)}." if pending else "Resolving..."


GENERIC = Presenter()


def presenter_for(slug: str) -> Presenter:
    if slug == "resistance-avalon":
        from .resistance import RESISTANCE

        return RESISTANCE
    if slug == "colovini-avalon":
        from .colovini import COLOVINI

        return COLOVINI
    if slug == "jousting-avalon":
        from .jousting import JOUSTING

        return JOUSTING
    if slug in ("tournament-camelot", "tournament-avalon"):
        from .tournament import TOURNAMENT

        return TOURNAMENT
    return GENERIC


def seat_names(feed: Mapping[str, Any]) -> list[str]:
    players = sorted(feed.get("players", []), key=lambda p: p["seat"])
    return [str(p["name"]) for p in players]


def action_forms(feed: Mapping[str, Any], names: Sequence[str]) -> list[ActionForm]:
    """One form per move type the viewer may play now, built only from `legal_moves`."""
    presenter = presenter_for(str(feed.get("game", "")))
    own = presenter.forms(feed, names)
    if own is not None:
        return own
    groups: dict[str, list[Mapping[str, JSON]]] = {}
    for move in feed.get("legal_moves", []):
        groups.setdefault(str(move["type"]), []).append(move)
    forms = []
    for move_type, moves in groups.items():
        special = presenter.special_form(move_type, moves, feed, names)
        if special is not None:
            forms.append(special)
            continue
        form = ActionForm(
            move_type=move_type,
            title=presenter.move_title(move_type, feed, names),
            help=presenter.move_help(move_type, feed, names),
        )
        if len(moves) <= MAX_BUTTONS and move_type not in presenter.composed:
            for move in moves:
                label, tone = presenter.button(move, names)
                form.buttons.append(Button(label, json.dumps(move, sort_keys=True), tone))
        else:
            _compose(form, moves, presenter, names)
        forms.append(form)
    if presenter.order:
        rank = {t: i for i, t in enumerate(presenter.order)}
        forms.sort(key=lambda f: rank.get(f.move_type, len(rank)))  # stable: others keep theirs
    return forms


def _compose(
    form: ActionForm,
    moves: Sequence[Mapping[str, JSON]],
    presenter: Presenter,
    names: Sequence[str],
) -> None:
    keys = [k for k in moves[0] if k != "type"]
    for key in keys:
        values = [m.get(key) for m in moves]
        if all(isinstance(v, list) for v in values):
            union = sorted({item for v in values for item in v}, key=repr)  # type: ignore[union-attr]
            kind = "checkbox"
        else:
            union = sorted({json.dumps(v) for v in values})
            union = [json.loads(v) for v in union]
            if len(union) == 1:
                form.constants[key] = json.dumps(union[0])
                continue
            kind = "radio"
        form.fields.append(
            ComposedField(
                name=key,
                kind=kind,
                label=presenter.field_label(form.move_type, key),
                choices=[
                    Choice(json.dumps(v), presenter.choice_label(form.move_type, key, v, names))
                    for v in union
                ],
            )
        )


def composed_move(move_type: str, post: Any) -> dict[str, JSON]:
    """Rebuild a move from a composed form's POST (a QueryDict; the engine validates it).
    Raises ValueError on values that are not JSON."""
    move: dict[str, JSON] = {"type": move_type}
    for key in post.getlist("list_field"):  # unchecked boxes send nothing: an empty list
        _put(move, key, [])
    for key in post:
        if key.startswith("c_") or key.startswith("r_"):
            _put(move, key[2:], client_json.loads(post[key]))
        elif key.startswith("l_"):
            _put(move, key[2:], [client_json.loads(v) for v in post.getlist(key)])
    return move


def _put(move: dict[str, JSON], key: str, value: JSON) -> None:
    """A dotted field name ("give.coins") fills a nested object of the move."""
    *outer, last = key.split(".")
    target = move
    for part in outer:
        inner = target.setdefault(part, {})
        if not isinstance(inner, dict):
            raise ValueError(key)
        target = inner
    target[last] = value
