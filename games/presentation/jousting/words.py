"""Plain words for Avalon, the jousting game: card and chip names, hands grouped by kind,
and the two sides of an offer. Rule IDs name the rule each sentence reflects.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from games.engine.core import JSON

from ..words import name_of
from .wire import JOKER, KINDS

KIND_ORDER = (*KINDS, JOKER)  # the rulebook's order, jokers last
KIND_NAMES = {
    "sword": "Swords",
    "shield": "Shields",
    "lance": "Lances",
    "armour": "Armour",
    "joker": "Jokers",
}
CHIPS = {
    "crown": "Crown",
    "cup": "Cup",
    "sceptre": "Sceptre",
    "all_three": "All three",
    "chance": "Leave it to the lot",
}
HOW = {
    "places": "on places",
    "chip": "by the right chip",
    "wrong_chip": "because the other touched a wrong chip",
    "lot": "by lot",
    "withdrew": "because the other withdrew",  # JA-7
}


def card_label(card: Any) -> str:
    """ "sword-7" -> "Sword 7"; a joker is just "Joker" (worth 0, JA-1)."""
    kind, _, value = str(card).partition("-")
    return "Joker" if kind == JOKER else f"{kind.capitalize()} {value}".strip()


def chip_label(chip: str) -> str:
    return CHIPS.get(chip, chip.replace("_", " ").capitalize())


def _value(card: str) -> int:
    tail = card.split("-", 1)[-1]
    return 0 if card.startswith(JOKER) or not tail.isdigit() else int(tail)


def grouped(cards: Iterable[str]) -> list[dict[str, Any]]:
    """Cards grouped by kind in rulebook order, each with its label and form value."""
    groups: dict[str, list[dict[str, Any]]] = {k: [] for k in KIND_ORDER}
    for c in cards:
        kind = c.split("-", 1)[0]
        groups.setdefault(kind, []).append(
            {
                "card": c,
                # Jokers are alike but distinct cards: number them so a choice is clear.
                "label": f"Joker {c.split('-', 1)[1]}" if kind == JOKER else card_label(c),
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
        parts.append(f"{lot['coins']} coin{'s' if lot['coins'] != 1 else ''}")
    return " + ".join(parts) or "nothing"


def offer_text(o: Mapping[str, Any], names: Sequence[str], me: Any) -> str:
    who = "You" if o.get("seat") == me else name_of(names, o.get("seat"))
    to = "everyone" if o.get("to") is None else name_of(names, o.get("to"))
    if o.get("to") == me:
        to = "you"
    give, want = lot_words(o.get("give") or {}), lot_words(o.get("want") or {})
    return f"#{o.get('id')}: {who} offer{'' if who == 'You' else 's'} {give} for {want}, to {to}"


def lay_values(move: Mapping[str, JSON]) -> int:
    """The worth of a duel set (jokers count 0): the strongest is offered first."""
    return sum(_value(str(move.get(kind, ""))) for kind in KINDS)
