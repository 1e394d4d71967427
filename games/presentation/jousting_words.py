"""Plain words for Avalon, the jousting game: card and chip names, hands grouped by kind,
the two sides of an offer, and one log line per event (as the reader's seat sees it).

Rule IDs name the rule each sentence reflects.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from games.engine.core import JSON

KIND_ORDER = ("sword", "shield", "lance", "armour", "joker")
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


def name_of(names: Sequence[str], seat: Any) -> str:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else f"Seat {seat}"


def card_label(card: Any) -> str:
    """ "sword-7" -> "Sword 7"; a joker is just "Joker" (worth 0, JA-1)."""
    kind, _, value = str(card).partition("-")
    return "Joker" if kind == "joker" else f"{kind.capitalize()} {value}".strip()


def chip_label(chip: str) -> str:
    return CHIPS.get(chip, chip.replace("_", " ").capitalize())


def _value(card: str) -> int:
    tail = card.split("-", 1)[-1]
    return 0 if card.startswith("joker") or not tail.isdigit() else int(tail)


def grouped(cards: Iterable[str]) -> list[dict[str, Any]]:
    """Cards grouped by kind in rulebook order, each with its label and form value."""
    groups: dict[str, list[dict[str, Any]]] = {k: [] for k in KIND_ORDER}
    for c in cards:
        kind = c.split("-", 1)[0]
        groups.setdefault(kind, []).append(
            {
                "card": c,
                # Jokers are alike but distinct cards: number them so a choice is clear.
                "label": f"Joker {c.split('-', 1)[1]}" if kind == "joker" else card_label(c),
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


def _verb(who: str, verb: str) -> str:
    return f"{who} {verb}" if who == "You" else f"{who} {verb}s"


def describe_event(e: Mapping[str, Any], names: Sequence[str], me: int | None) -> str:
    """One log line; "" when the event has no wording here (the generic one is used)."""
    kind = str(e.get("type", ""))
    seat = e.get("seat")
    who = "You" if seat is not None and seat == me else name_of(names, seat)
    n = name_of
    if kind == "ja.game_set_up":
        line = "The cards are dealt and the coats of arms drawn."
        if e.get("hand"):
            line += " Your hand: " + ", ".join(card_label(c) for c in e["hand"]) + "."
        return line
    if kind == "ja.card_drafted":
        return f"{_verb(who, 'take')} {card_label(e['card'])} from the face-up cards."
    if kind == "ja.round_began":
        return f"Round {e['round']} begins: the barter is open (JA-5)."
    if kind == "ja.offer_made":
        to = "everyone" if e.get("to") is None else n(names, e["to"])
        if "give" in e:
            return (
                f"{_verb(who, 'offer')} {lot_words(e['give'])} for {lot_words(e['want'])} "
                f"to {to} (offer #{e['offer']})."
            )
        return f"{who} made an offer to {to} (#{e['offer']})."
    if kind == "ja.offer_closed":
        how = "declined" if e.get("how") == "declined" else "taken back"
        return f"Offer #{e['offer']} was {how}."
    if kind == "ja.trade_made":
        by = "you" if e.get("by") == me else n(names, e.get("by"))
        if "give" in e:
            return (
                f"Trade: {n(names, seat)} gave {lot_words(e['give'])} and {by} gave "
                f"{lot_words(e['want'])} (offer #{e['offer']})."
            )
        coins = e.get("coins") or [0, 0]
        cards = e.get("cards") or [0, 0]
        return (
            f"Trade: {n(names, seat)} gave {cards[0]} card(s) and {coins[0]} coin(s); {by} gave "
            f"{cards[1]} card(s) and {coins[1]} coin(s) (offer #{e['offer']})."
        )
    if kind == "ja.cards_shown":
        to = ", ".join(n(names, s) for s in e.get("to") or [])
        if "cards" in e:
            shown = ", ".join(card_label(c) for c in e["cards"])
            return f"{_verb(who, 'show')} {shown} to {to}."
        return f"{_verb(who, 'show')} {e.get('count', 'some')} card(s) to {to}."
    if kind == "ja.said_done":
        return f"{who} {'are' if who == 'You' else 'is'} done bartering."
    if kind == "ja.withdrew":
        return f"{who} withdr{'aw' if who == 'You' else 'aws'} from the tournament (JA-7)."
    if kind == "ja.barter_ended":
        return f"The barter of round {e['round']} is over."
    if kind == "ja.disqualified":
        seats = ", ".join(n(names, s) for s in e.get("seats") or [])
        return f"Disqualified for want of a full set (JA-7): {seats}."
    if kind == "ja.course_changed":
        return "The coats of arms are handed out again among the fit knights (JA-8)."
    if kind == "ja.duels_called":
        pairs = "; ".join(f"{n(names, a)} against {n(names, b)}" for a, b in e.get("pairs") or [])
        byes = e.get("byes") or []
        rest = f" Sitting out: {', '.join(n(names, s) for s in byes)}." if byes else ""
        return f"Duels of round {e['round']}: {pairs or 'none'}.{rest}"
    if kind == "ja.cards_laid":
        if "cards" in e:
            return f"{who} laid " + ", ".join(card_label(c) for c in e["cards"]) + "."
        return f"{who} laid four cards face down."
    if kind == "ja.duel_abandoned":
        a, b = e["pair"]
        return f"The duel {n(names, a)} against {n(names, b)} is off: a knight withdrew."
    if kind == "ja.duel_revealed":
        a, b = e["pair"]
        won = "a draw" if e.get("winner") is None else f"{n(names, e['winner'])} wins"
        sets = "; ".join(
            f"{card_label(x)} vs {card_label(y)}" for x, y in zip(*e["laid"], strict=False)
        )
        return f"{n(names, a)} against {n(names, b)}: {sets} — {won}."
    if kind == "ja.judgement_thrown":
        showing = ", ".join(chip_label(s) for s in e.get("showing") or []) or "none"
        return f"God's judgement: the chips show {showing} with {e['dots']} dot(s)."
    if kind == "ja.judgement_decided":
        return f"God's judgement gives the duel to {n(names, e['winner'])} {HOW.get(e['how'], '')}."
    if kind == "ja.junk_bought":
        if "card" in e:
            return f"{_verb(who, 'buy')} {card_label(e['card'])} from the junk pile."
        return f"{_verb(who, 'buy')} a blind card from the junk pile."
    if kind == "ja.junk_passed":
        return f"{who} {'do' if who == 'You' else 'does'} not buy from the junk pile."
    if kind == "ja.game_ended":
        won = " and ".join(n(names, s) for s in e.get("winners") or [])
        bonus = e.get("bonus_to")
        extra = f" {n(names, bonus)} was the last fit knight (JA-14)." if bonus is not None else ""
        return f"The tournament is over: {won} won with the most money.{extra}"
    return ""


def offer_text(o: Mapping[str, Any], names: Sequence[str], me: Any) -> str:
    who = "You" if o.get("seat") == me else name_of(names, o.get("seat"))
    to = "everyone" if o.get("to") is None else name_of(names, o.get("to"))
    if o.get("to") == me:
        to = "you"
    give, want = lot_words(o.get("give") or {}), lot_words(o.get("want") or {})
    return f"#{o.get('id')}: {who} offer{'' if who == 'You' else 's'} {give} for {want}, to {to}"


def lay_values(move: Mapping[str, JSON]) -> int:
    total = 0
    for kind in KIND_ORDER[:4]:
        card = str(move.get(kind, ""))
        tail = card.split("-", 1)[-1]
        total += 0 if card.startswith("joker") or not tail.isdigit() else int(tail)
    return total
