"""Tournament at Camelot / Avalon on the page: the face of a weapon card (suit emblem,
value, Poisoned mark, TT-1..TT-4) and of a character, Godsend or Location card with its
source mark [TH-7], as the templates draw them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

from games.services.errors import say

from .wire import (
    DEFAULT_POISONED,
    HOUSE,
    INFERRED,
    OPPONENT,
    CardData,
    card_data,
    injury,
    is_poisoned,
    is_weapon,
    weapon,
    weapon_name,
)

# Lazy: each is worded in the language active where it is shown.
SUIT_NAMES = {
    "swords": gettext_lazy("Swords"),
    "arrows": gettext_lazy("Arrows"),
    "sorcery": gettext_lazy("Sorcery"),
    "deception": gettext_lazy("Deception"),
    "alchemy": gettext_lazy("Alchemy"),
}
# Short marks in a card's corner for the cards without a printed value.
RANKS = {
    "merlin": "M",
    "avalon-merlin": "M",
    "apprentice": "A",
    "sorceress": "S",
    "morgan": "MF",
    "mists": "MA",
}
SHORT = {  # the word under a card's emblem (the full name is its tooltip)
    "merlin": gettext_lazy("Merlin"),
    "avalon-merlin": gettext_lazy("Merlin"),
    "apprentice": gettext_lazy("Apprentice"),
    "sorceress": gettext_lazy("Sorceress"),
    "morgan": gettext_lazy("Morgan"),
    "mists": gettext_lazy("Mists"),
}
SOURCE_NOTES = {
    INFERRED: gettext_lazy("Inferred: the rulebook's text was completed by reading its examples."),
    HOUSE: gettext_lazy(
        "House text: the rulebook names this card without its text; this is the site's reading."
    ),
}


def poisoned_values(view: Mapping[str, Any]) -> tuple[int, ...]:
    """TH-1: the table's Poisoned values, as far as the cards the viewer sees show them
    (the view has no option list; a basic card's `poisoned` flag tells its value's)."""
    values = set(DEFAULT_POISONED)
    for hand in view.get("hands", []):
        for c in hand.get("cards", []):
            if c.get("kind") == "basic":
                (values.add if c.get("poisoned") else values.discard)(int(c["value"]))
    return tuple(sorted(values))


def _title(name: Any, injury_points: Any, poisoned: bool, special: bool) -> str:
    """A card's tooltip: its name, Injury and Poisoned mark; a wild or special card is
    given its value when played [TC-1]."""
    title = _("%(name)s: %(injury)s Injury") % {"name": name, "injury": injury_points}
    if poisoned:
        title += _(", Poisoned")
    if special:
        title += _("; you give it a value 1–15 when you play it")
    return title


def face(card: str, poisoned: Sequence[int] = DEFAULT_POISONED) -> dict[str, Any]:
    """Everything a card face shows. Unknown ids (never expected) get a plain face. A
    face is a function of the card, the Poisoned values and the language: made once in
    the process (a watched move shows each card in every view), a fresh copy each call."""
    return dict(_face(card, tuple(poisoned), get_language()))


@lru_cache(maxsize=4096)
def _face(card: str, poisoned: tuple[int, ...], language: str | None) -> dict[str, Any]:
    if not card or not is_weapon(card):
        name = card or _("a card")
        return {
            "id": card,
            "name": name,
            "short": "",
            "kind": "unknown",
            "rank": "?",
            "title": _("%(name)s: %(injury)s Injury") % {"name": name, "injury": ""},
        }
    w = weapon(card)
    name = say(weapon_name(card))
    emblem = w.suit or ("alchemy" if w.kind == "alchemy" else w.family)
    poison = tuple(poisoned)
    special = w.kind in ("wild", "special")
    points = injury(card, poison)
    return {
        "id": card,
        "name": name,
        "kind": w.kind,
        "family": w.family,
        "suit": w.suit,
        "suit_name": SUIT_NAMES.get(emblem, name),
        "short": SUIT_NAMES.get(emblem) or SHORT.get(w.family, name),
        "emblem": emblem,
        "rank": str(w.value) if w.value is not None else RANKS.get(w.family, "?"),
        "value": w.value,
        "injury": points,
        "poisoned": is_poisoned(card, poison),
        "special": special,
        "chaos": card.endswith("-c"),
        "title": _title(name, points, is_poisoned(card, poison), special),
    }


ORDER = ("swords", "arrows", "sorcery", "deception", "alchemy")


def sorted_hand(cards: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A hand as a player holds it: by suit, then value; special weapons last."""

    def key(c: dict[str, Any]) -> tuple[int, int, str]:
        emblem = str(c.get("emblem", ""))
        rank = ORDER.index(emblem) if emblem in ORDER else len(ORDER)
        return rank, int(c.get("value") or 0), str(c["id"])

    return sorted(cards, key=key)


def power(data: Mapping[str, Any] | None, *, marked: bool = True) -> dict[str, Any] | None:
    """A character, Godsend or Location card with its source note [TH-7]; `marked` shows
    a house or inferred text's mark beside its name."""
    if not data:
        return None
    out = dict(data)
    if data.get("name"):  # the engine's English name (a msgid: names.py), in the reader's words
        out["name"] = _(str(data["name"]))
    if data.get("text"):  # the engine's English text, marked N_ in its card data
        out["text"] = _(str(data["text"]))
    source = str(data.get("source"))
    out["note"] = SOURCE_NOTES.get(source, "")
    out["mark"] = (
        {
            "source": source,
            "note": out["note"],
            "label": _("house") if source == HOUSE else _("inferred"),
        }
        if marked and out["note"]
        else None
    )
    out["target_note"] = _("(placed on an opponent)") if data.get("target") == OPPONENT else ""
    return out


def power_by_id(card_id: str | None) -> dict[str, Any] | None:
    if not card_id:
        return None
    try:
        c: CardData = card_data(card_id)
    except KeyError:
        return None
    return power(
        {
            "id": c.id,
            "name": c.name,
            "text": c.text,
            "source": c.source,
            "threshold": c.threshold,
            "target": c.target,
        }
    )


def card_words(card: Any) -> str:
    """A card in a sentence: "the 5 of Swords" ("no card" for none)."""
    if not card:
        return _("no card")
    return _("the %(card)s") % {"card": face(str(card))["name"]}


def cards_words(cards: Sequence[Any]) -> str:
    return ", ".join(card_words(c) for c in cards) or _("nothing")


def power_name(pid: Any) -> str:
    """A character, Godsend or Location card's name from its id (names.py: the msgids)."""
    data = power_by_id(str(pid)) if pid else None
    return str(data["name"]) if data else str(pid).replace("-", " ").capitalize()


def suit_words(suit: Any) -> str:
    return str(SUIT_NAMES.get(suit, suit))
