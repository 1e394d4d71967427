"""Plain words for Avalon by Leo Colovini: card, region and tile names, my hand as cards,
and one log line per event as the reader's seat sees it (CA-5 .. CA-17). Regions are named
by their row position counted from 1, as the engine's messages do.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from games.engine.games.colovini.tiles import TILES

MODE_WORDS = {
    "reinforce": "as a reinforcement",
    "enchant": "as an enchantment",
    "attack": "as an attack",
}
TILE_WORDS = {
    "take-2": "Draw 2 cards now",
    "most-landscape": "1 card per region of your largest landscape, now",
    "largest-chain": "1 card per region of your longest chain, now",
    "take-4": "Dark: 4 cards next turn",
    "most-landscape-x2": "Dark: 2 per region of your largest landscape, next turn",
    "one-per-region": "Dark: 1 card per region you own, next turn",
}


def card_label(card: Any) -> str:
    """ "red-knight" -> "red knight"."""
    return str(card).replace("-", " ")


def name_of(names: Sequence[str], seat: Any) -> str:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else f"Seat {seat}"


def short_name(name: Any) -> str:
    """A region's name for the narrow row: "Castle", "Stone Circle", "Forest"."""
    text = str(name or "")
    for short in ("Castle", "Stone Circle"):
        if short in text:
            return short
    return text


def region_word(view: Mapping[str, Any], index: Any) -> str:
    """ "region 3 (Forest)" or "region 3" while it is face down."""
    if not isinstance(index, int):
        return "a region"
    regions = view.get("regions") or []
    name = regions[index].get("name") if 0 <= index < len(regions) else None
    return f"region {index + 1}" + (f" ({name})" if name else "")


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
        return TILE_WORDS.get(TILES[index].kind, TILES[index].kind)
    return "a reinforcement tile"


def describe_event(entry: Mapping[str, Any], names: Sequence[str], me: int | None) -> str:
    """One log line in plain words; "" when this module has none for the event."""
    e = entry["event"]
    kind = str(e.get("type", ""))
    seat = e.get("seat")
    who = "You" if seat is not None and seat == me else name_of(names, seat)
    at = f"region {e['region'] + 1}" if isinstance(e.get("region"), int) else ""
    if kind == "ca.game_set_up":
        line = f"The regions are laid face down. {name_of(names, e.get('first'))} begins."
        you = e.get("you")
        if you:
            line += " Your hand: " + ", ".join(card_label(c) for c in you["hand"]) + "."
        return line
    if kind == "ca.turn_started":
        return f"Turn {e['turn']}: {who} {'play' if who == 'You' else 'plays'}."
    if kind == "ca.card_played":
        return f"{who} played a {card_label(e['card'])} at {at} {MODE_WORDS.get(e['mode'], '')}."
    if kind == "ca.enchanted":
        return f"{who} enchanted the {card_label(e['card'])} at {at} onto their own pile."
    if kind == "ca.enchantment_countered":
        return (
            f"{who} countered with a {card_label(e['card'])} at {at} and took the "
            f"{card_label(e['taken'])} into hand."
        )
    if kind == "ca.attack_resisted":
        return f"{who} resisted at {at} with a {card_label(e['card'])}."
    if kind == "ca.region_conquered":
        lost = len(e.get("defender_lost", [])) + len(e.get("conqueror_lost", []))
        return (
            f"{who} conquered {at}: {str(e['region_key']).replace('-', ' ')}. "
            f"{lost} card(s) lost at once, {e['losses']} more to pay."
        )
    if kind == "ca.avalon_used":
        return f"{who} used Avalon's power: one card fewer to lose."
    if kind == "ca.loss_paid":
        src = "from hand" if e.get("region") is None else f"from the pile at {at}"
        return f"{who} paid a loss: a {card_label(e['card'])} {src}."
    if kind == "ca.losses_ended":
        return f"{who} had nothing left to pay; {e['unpaid']} loss(es) lapse."
    if kind == "ca.tile_taken":
        got = f" and drew {e['count']} card(s)" if e.get("count") is not None else ""
        return f"{who} took the tile “{tile_words(e.get('tile'))}”{got}."
    if kind == "ca.tile_cashed":
        return f"{who} cashed the dark tile “{tile_words(e.get('tile'))}”: {e['count']} card(s)."
    if kind == "ca.cards_drawn":
        if "cards" in e:
            return f"{who} drew " + ", ".join(card_label(c) for c in e["cards"]) + "."
        return f"{who} drew {e.get('count', 'some')} card(s)."
    if kind == "ca.deck_reshuffled":
        return "The discard pile was shuffled into a new deck."
    if kind == "ca.card_discarded":
        return f"{who} discarded a {card_label(e['card'])}."
    if kind == "ca.turn_ended":
        return f"{who} ended the turn with {e['crowns']} crown(s)."
    if kind == "ca.game_ended":
        won = " and ".join(name_of(names, s) for s in e.get("winners", []))
        return f"The game is over: {won} win{'s' if len(e.get('winners', [])) == 1 else ''}."
    return ""
