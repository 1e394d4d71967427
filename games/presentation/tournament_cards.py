"""Tournament at Camelot / Avalon on the page: card faces and the board's data.

Turns the engine's JSON view (games/engine/games/tournament/views.py) into what the
templates draw: a face per weapon card (suit emblem, value, Poisoned mark, TT-1..TT-4),
the Melee with its Feints (TT-12..TT-14), each player's Health against their Companion's
threshold (TT-5) and their Weapon Hits (TT-16). Reads only what the viewer's view holds.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.engine.games.tournament.carddata import CardData
from games.engine.games.tournament.config import DEFAULT_POISONED
from games.engine.games.tournament.hooks import card as card_data
from games.engine.games.tournament.weapons import injury, is_poisoned, is_weapon, weapon

SUIT_NAMES = {
    "swords": "Swords",
    "arrows": "Arrows",
    "sorcery": "Sorcery",
    "deception": "Deception",
    "alchemy": "Alchemy",
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
    "merlin": "Merlin",
    "avalon-merlin": "Merlin",
    "apprentice": "Apprentice",
    "sorceress": "Sorceress",
    "morgan": "Morgan",
    "mists": "Mists",
}
SOURCE_NOTES = {
    "rulebook": "",
    "inferred": "Inferred: the rulebook's text was completed by reading its examples.",
    "house": "House text (TH-7): the rulebook names this card without its text; "
    "this is the site's reading.",
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


def face(card: str, poisoned: Sequence[int] = DEFAULT_POISONED) -> dict[str, Any]:
    """Everything a card face shows. Unknown ids (never expected) get a plain face."""
    if not card or not is_weapon(card):
        return {"id": card, "name": card or "a card", "short": "", "kind": "unknown", "rank": "?"}
    w = weapon(card)
    emblem = w.suit or ("alchemy" if w.kind == "alchemy" else w.family)
    poison = tuple(poisoned)
    return {
        "id": card,
        "name": w.name,
        "kind": w.kind,
        "family": w.family,
        "suit": w.suit,
        "suit_name": SUIT_NAMES.get(emblem, w.name),
        "short": SUIT_NAMES.get(emblem) or SHORT.get(w.family, w.name),
        "emblem": emblem,
        "rank": str(w.value) if w.value is not None else RANKS.get(w.family, "?"),
        "value": w.value,
        "injury": injury(card, poison),
        "poisoned": is_poisoned(card, poison),
        "special": w.kind in ("wild", "special"),
        "chaos": card.endswith("-c"),
    }


ORDER = ("swords", "arrows", "sorcery", "deception", "alchemy")


def sorted_hand(cards: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A hand as a player holds it: by suit, then value; special weapons last."""

    def key(c: dict[str, Any]) -> tuple[int, int, str]:
        emblem = str(c.get("emblem", ""))
        rank = ORDER.index(emblem) if emblem in ORDER else len(ORDER)
        return rank, int(c.get("value") or 0), str(c["id"])

    return sorted(cards, key=key)


def power(data: Mapping[str, Any] | None) -> dict[str, Any] | None:
    """A character, Godsend or Location card with its source note (TH-7)."""
    if not data:
        return None
    out = dict(data)
    out["note"] = SOURCE_NOTES.get(str(data.get("source")), "")
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


def _threshold_label(threshold: Any) -> str:
    if threshold is None:
        return ""
    return "always active" if threshold >= 10_000 else f"unlocks at {threshold} Health"


def board(view: Mapping[str, Any], names: Sequence[str], me: int | None) -> dict[str, Any]:
    """The board partial's data: players around the table, the Melee, Godsends, Location."""
    poison = poisoned_values(view)
    top = max([p["health"] for p in view.get("players", [])] or [1])
    start = max(top, 300 if top <= 300 else 400)
    players = []
    for p in view.get("players", []):
        seat = p["seat"]
        comp = power(p.get("companion"))
        threshold = (comp or {}).get("threshold")
        players.append(
            {
                "seat": seat,
                "name": names[seat] if seat < len(names) else f"Seat {seat + 1}",
                "is_me": seat == me,
                "health": p["health"],
                "health_pct": max(0, min(100, round(100 * p["health"] / start))),
                "threshold": threshold if threshold is not None and threshold < 10_000 else None,
                # Clamped: the page draws it with the .pct-0 ... .pct-100 classes.
                "threshold_pct": max(0, min(100, round(100 * threshold / start)))
                if threshold is not None and threshold < 10_000
                else None,
                "threshold_label": _threshold_label(threshold),
                "protagonist": power(p.get("protagonist")),
                "companion": comp,
                "unlocked": p.get("unlocked"),
                "hand_size": p.get("hand_size", 0),
                "hits": [face(c, poison) for c in p.get("hits", [])],
                "hits_injury": p.get("hits_injury", 0),
                "godsends": [power(g) for g in p.get("godsends", [])],
                "tokens": p.get("tokens", 0),
                "passed": p.get("passed"),
                "dealer": seat == view.get("dealer"),
                "lead": seat == view.get("lead") and view.get("phase") == "play",
                "acting": seat in view.get("pending", []),
                "host": seat == view.get("host"),
                "winner": seat in (view.get("winners") or []),
            }
        )
    melee = []
    for x in view.get("melee", []):
        entry: dict[str, Any] = {
            "seat": x["seat"],
            "name": names[x["seat"]] if x["seat"] < len(names) else "",
            "face_down": x.get("face_down") and "card" not in x,
            "feinted": x.get("feinted", False),
            "hidden_to_others": x.get("face_down") and "card" in x,
            "commanded": x.get("slot") != x["seat"],
        }
        if "card" in x:
            f = face(x["card"], poison)
            entry["card"] = f
            entry["value"] = x.get("value")
            entry["counts_as"] = SUIT_NAMES.get(x.get("suit") or "", "any suit")
            entry["changed"] = x.get("value") != f.get("value") or (
                f.get("special") and bool(x.get("suit"))
            )
        melee.append(entry)
    location = power_by_id(view.get("location"))
    if location:
        location["host"] = view.get("host")
    return {
        "players": players,
        "melee": melee,
        "lead_suit": SUIT_NAMES.get(view.get("lead_suit") or "", ""),
        "lead_emblem": view.get("lead_suit") or "",
        "alchemy_led": view.get("alchemy_led"),
        "carried": [face(c, poison) for c in view.get("carried", [])],
        "discard": [face(c, poison) for c in view.get("discard", [])],
        "godsend_up": [power(g) for g in view.get("godsend_up", [])],
        "placing": power(view.get("placing")),
        "location": location,
        "hosted": [
            {"seat": h["seat"], "location": power_by_id(h["location"])}
            for h in view.get("hosted", [])
        ],
        "feints": sum(1 for e in melee if e["feinted"]),
    }
