"""The viewer's action forms, built only from `legal_moves`, and the way back: a move
rebuilt from a composed form's POST.

A game's presenter may build all its forms (`forms`) or one move type's (`special_form`);
any other move type becomes one button per move or, past MAX_BUTTONS alternatives (or when
the presenter lists it in `composed`), one composed form of checkboxes and radios.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext as _

from games import client_json
from games.engine.core import JSON, MalformedMove

from .base import ActionForm, Button, Choice, ComposedField, Presenter, move_text
from .registry import presenter_for
from .rules import feed_rules

# A group of legal moves with more alternatives than this becomes one composed form
# (checkboxes/radios), e.g. choosing a team; fewer become one button each.
MAX_BUTTONS = 12


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
            rules=feed_rules(feed, *presenter.move_rules(move_type, feed)),
        )
        if len(moves) <= MAX_BUTTONS and move_type not in presenter.composed:
            for move in moves:
                label, tone = presenter.button(move, names)
                form.buttons.append(Button(label, move_text(move), tone))
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


def move_from_post(post: Any) -> JSON:
    """The move a page form posted (a QueryDict): a button's JSON `move`, or a composed
    form's fields. MalformedMove when there is none or it cannot be read."""
    try:
        if post.get("move"):
            return client_json.loads(post["move"])
        move_type = post.get("move_type", "")
        if not move_type:
            raise MalformedMove(_("Choose a move."), field="move")
        return composed_move(move_type, post)
    except ValueError:
        raise MalformedMove(_("That move could not be read."), field="move") from None


def composed_move(move_type: str, post: Any) -> dict[str, JSON]:
    """Rebuild a move from a composed form's POST (a QueryDict; the engine validates it).
    Raises ValueError on values that are not JSON."""
    move: dict[str, JSON] = {"type": move_type}
    for key in post.getlist("list_field"):  # unchecked boxes send nothing: an empty list
        _put(move, key, [])
    for key in post:
        if key.startswith(("c_", "r_")):
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
