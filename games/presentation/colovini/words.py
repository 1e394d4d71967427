"""Plain words for Avalon by Leo Colovini: card, region and tile names, and my hand as
cards. Regions are named by their row position counted from 1, as the engine's messages
do; moves carry the 0-based index.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.services.errors import say

from .wire import ATTACK, ENCHANT, REINFORCE, TILES, card_name

# Lazy: each is worded in the language active where it is shown.
MODE_WORDS = {
    REINFORCE: gettext_lazy("as a reinforcement"),
    ENCHANT: gettext_lazy("as an enchantment"),
    ATTACK: gettext_lazy("as an attack"),
}
TILE_WORDS = {
    "take-2": gettext_lazy("Draw 2 cards now"),
    "most-landscape": gettext_lazy("1 card per region of your largest landscape, now"),
    "largest-chain": gettext_lazy("1 card per region of your longest chain, now"),
    "take-4": gettext_lazy("Dark: 4 cards next turn"),
    "most-landscape-x2": gettext_lazy("Dark: 2 per region of your largest landscape, next turn"),
    "one-per-region": gettext_lazy("Dark: 1 card per region you own, next turn"),
}


def card_label(card: Any) -> str:
    """ "red-knight" -> "red knight", in the reader's language ("chevalier rouge")."""
    return say(card_name(str(card)))


def short_name(name: Any) -> str:
    """A region's name for the narrow row: "Castle", "Stone Circle", "Forest"."""
    text = str(name or "")
    if "Castle" in text:
        return _("Castle")
    if "Stone Circle" in text:
        return _("Stone Circle")
    return _(text) if text else text


def position(index: Any) -> Any:
    """A 0-based region index as people count the row (from 1)."""
    return index + 1 if isinstance(index, int) else index


def region_word(view: Mapping[str, Any], index: Any) -> str:
    """ "region 3 (Forest)" or "region 3" while it is face down."""
    if not isinstance(index, int):
        return _("a region")
    regions = view.get("regions") or []
    name = regions[index].get("name") if 0 <= index < len(regions) else None
    if name:
        return _("region %(position)s (%(name)s)") % {"position": index + 1, "name": _(name)}
    return _("region %(position)s") % {"position": index + 1}


def hand_cards(view: Mapping[str, Any]) -> list[dict[str, Any]]:
    """My hand as distinct cards with counts, in colour order, for the card pickers."""
    you = view.get("you") or {}
    counts: dict[str, int] = {}
    for c in you.get("hand") or []:
        counts[c] = counts.get(c, 0) + 1
    return [
        {
            "card": c,
            "colour": c.split("-")[0],
            "kind": c.split("-")[1],
            "count": n,
            "value": json.dumps(c),
            "label": card_label(c),
        }
        for c, n in counts.items()
    ]


def tile_words(index: Any) -> str:
    """The wording of tile number `index` (the engine's fixed tile list, CH-2)."""
    if isinstance(index, int) and 0 <= index < len(TILES):
        return str(TILE_WORDS.get(TILES[index].kind, TILES[index].kind))
    return _("a reinforcement tile")
