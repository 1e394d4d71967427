"""Plain words for Avalon, the jousting game: card and chip names, hands grouped by kind,
and the two sides of an offer. Rule IDs name the rule each sentence reflects.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from games.engine.core import JSON
from games.services.errors import say

from .. import counts
from ..words import name_of
from .wire import JOKER, KINDS, card_name

KIND_ORDER = (*KINDS, JOKER)  # the rulebook's order, jokers last
# Lazy: each is worded in the language active where it is shown.
KIND_NAMES = {
    "sword": gettext_lazy("Swords"),
    "shield": gettext_lazy("Shields"),
    "lance": gettext_lazy("Lances"),
    "armour": gettext_lazy("Armour"),
    "joker": gettext_lazy("Jokers"),
}
KIND_ONE = {  # one card's kind: the place it fills in a laid set
    "sword": pgettext_lazy("jousting place", "Sword"),
    "shield": pgettext_lazy("jousting place", "Shield"),
    "lance": pgettext_lazy("jousting place", "Lance"),
    "armour": pgettext_lazy("jousting place", "Armour"),
}
CHIPS = {
    "crown": gettext_lazy("Crown"),
    "cup": gettext_lazy("Cup"),
    "sceptre": gettext_lazy("Sceptre"),
    "all_three": gettext_lazy("All three"),
    "chance": gettext_lazy("Leave it to the lot"),
}
HOW = {
    "places": gettext_lazy("on places"),
    "chip": gettext_lazy("by the right chip"),
    "wrong_chip": gettext_lazy("because the other touched a wrong chip"),
    "lot": gettext_lazy("by lot"),
    "withdrew": gettext_lazy("because the other withdrew"),  # JA-7
}


def card_label(card: Any) -> str:
    """ "sword-7" -> "Sword 7": the engine's card name, capitalised; a joker is just "Joker"
    (worth 0, JA-1)."""
    kind = str(card).partition("-")[0]
    if kind == JOKER:
        return _("Joker")
    if kind in KINDS:
        return capfirst(say(card_name(str(card))))
    return str(card)


def chip_label(chip: str) -> str:
    return str(CHIPS.get(chip, chip.replace("_", " ").capitalize()))


def _value(card: str) -> int:
    tail = card.split("-", 1)[-1]
    known = tail.isascii() and tail.isdigit() and len(tail) <= 3  # what int() takes
    return int(tail) if known and not card.startswith(JOKER) else 0


def grouped(cards: Iterable[str]) -> list[dict[str, Any]]:
    """Cards grouped by kind in rulebook order, each with its label and form value."""
    groups: dict[str, list[dict[str, Any]]] = {k: [] for k in KIND_ORDER}
    for c in cards:
        kind = c.split("-", 1)[0]
        groups.setdefault(kind, []).append(
            {
                "card": c,
                # Jokers are alike but distinct cards: number them so a choice is clear.
                "label": _("Joker %(number)s") % {"number": c.split("-", 1)[1]}
                if kind == JOKER
                else card_label(c),
                "value": json.dumps(c),
                "kind": kind,
            }
        )
    return [
        {
            "kind": k,
            "name": KIND_NAMES.get(k, k),
            "cards": sorted(v, key=lambda x: _value(x["card"])),
        }
        for k, v in groups.items()
        if v
    ]


def lot_words(lot: Mapping[str, Any]) -> str:
    parts = [card_label(c) for c in lot.get("cards") or []]
    if lot.get("coins"):
        parts.append(counts.coins(lot["coins"]))
    return " + ".join(parts) or _("nothing")


def offer_text(o: Mapping[str, Any], names: Sequence[str], me: Any) -> str:
    to = _("everyone") if o.get("to") is None else name_of(names, o.get("to"))
    if o.get("to") == me:
        to = _("you")
    params = {
        "id": o.get("id"),
        "give": lot_words(o.get("give") or {}),
        "want": lot_words(o.get("want") or {}),
        "to": to,
    }
    if o.get("seat") == me:
        return _("#%(id)s: you offer %(give)s for %(want)s, to %(to)s") % params
    name = name_of(names, o.get("seat"))
    return _("#%(id)s: %(name)s offers %(give)s for %(want)s, to %(to)s") % {**params, "name": name}


def lay_values(move: Mapping[str, JSON]) -> int:
    """The worth of a duel set (jokers count 0): the strongest is offered first."""
    return sum(_value(str(move.get(kind, ""))) for kind in KINDS)
