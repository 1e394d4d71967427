"""Log lines of Tournament at Camelot / Avalon, in plain words, from redacted events.

Each line says only what the redacted event holds, so a seat reads its own passed cards
and gifts while the others read "3 cards" (TA-3), and face-down cards stay unnamed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .tournament_cards import SUIT_NAMES, face, power_by_id


def name_of(names: Sequence[str], seat: Any) -> str:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "Someone"


def _card(card: Any) -> str:
    return "the " + str(face(str(card))["name"]) if card else "no card"


def _cards(cards: Sequence[Any]) -> str:
    return ", ".join(_card(c) for c in cards) or "nothing"


def _power(pid: Any) -> str:
    data = power_by_id(str(pid)) if pid else None
    return str(data["name"]) if data else str(pid).replace("-", " ").capitalize()


def _why(why: Any) -> str:
    words = {
        "": "",
        "shame": "",
        "bonus": " (bonus)",
        "mists": " (Mists of Avalon)",
        "dusk": " (Dusk)",
    }
    return words[why] if why in words else f" ({_power(why)})"


def _played(e: Mapping[str, Any], who: str) -> str:
    if e.get("face_down") and "card" not in e:
        line = f"{who} plays a card face down"
        if e.get("lead_suit"):
            line += f" and leads {SUIT_NAMES.get(e['lead_suit'], e['lead_suit'])}"
        return line + "."
    f = face(str(e["card"]))
    line = f"{who} plays {_card(e['card'])}"
    if f.get("special"):
        line += f" as a {e.get('value')}"
        if e.get("suit"):
            line += f" of {SUIT_NAMES.get(e['suit'], e['suit'])}"
    elif f.get("value") is not None and e.get("value") != f.get("value"):
        line += f" (counts {e.get('value')})"
    if e.get("face_down"):
        line += " face down"
    if e.get("alchemy_led"):
        line += ": Alchemy leads, every card is in suit"
    elif e.get("leads") and e.get("suit"):
        line += f", leading {SUIT_NAMES.get(e['suit'], e['suit'])}"
    return line + "."


def describe_event(e: Mapping[str, Any], names: Sequence[str], me: int | None) -> str:
    kind = str(e.get("type", "")).removeprefix("tournament.")
    n = name_of
    seat = e.get("seat")
    who = "You" if seat == me and me is not None else n(names, seat)
    if kind == "game_started":
        chars = [
            f"{n(names, s)} is {_power(p)}" for s, p in enumerate(e.get("protagonists", [])) if p
        ]
        line = f"The Tournament begins at {e.get('health')} Health."
        return line + (" " + "; ".join(chars) + "." if chars else "")
    if kind == "location_asked":
        return f"{n(names, seat)} chooses a Location."
    if kind == "location_chosen":
        return f"{n(names, seat)} chooses {_power(e.get('location'))}."
    if kind == "dealt":
        line = f"Round {e.get('round')}: {n(names, e.get('dealer'))} deals the weapons."
        if e.get("hand") is not None:
            line += f" You hold {len(e['hand'])} cards."
        return line
    if kind == "merlin_granted":
        return f"{n(names, seat)} takes the special Merlin card."
    if kind == "sword_asked":
        return f"{n(names, seat)} holds The Sword and decides whether cards are passed."
    if kind == "passing_decided":
        return f"{n(names, seat)} {'allows' if e.get('allow') else 'forbids'} passing."
    if kind == "passing_started":
        return f"Everyone passes 3 cards to the {'left' if e.get('direction') == 1 else 'right'}."
    if kind == "pass_chosen":
        if e.get("cards"):
            return f"{who} chose to pass {_cards(sorted(e['cards']))}."
        return f"{who} chose 3 cards to pass."
    if kind == "cards_passed":
        rows = []
        for r in e.get("moves", []):
            if isinstance(r, list):  # the full reveal (replay): the raw (from, to, cards)
                r = {"from": r[0], "to": r[1], "cards": r[2]}
            what = _cards(r["cards"]) if "cards" in r else f"{r.get('count')} cards"
            rows.append(f"{n(names, r['from'])} passes {what} to {n(names, r['to'])}")
        return "; ".join(rows) + "."
    if kind == "melee_started":
        return f"A new Melee: {n(names, e.get('lead'))} leads."
    if kind == "commanded":
        return f"{n(names, seat)} commands {n(names, e.get('target'))} to play in their slot."
    if kind == "card_played":
        return _played(e, n(names, seat))
    if kind == "turn_moved":
        return f"{n(names, e.get('turn'))}'s turn."
    if kind == "shamed":
        if e.get("why") == "mists":
            return f"Mists of Avalon: {n(names, seat)} takes {e.get('injury')} Injury."
        what = f"discards {_card(e['card'])} and " if e.get("card") else ""
        return f"Shame: {n(names, seat)} {what}takes {e.get('injury')} Injury{_why(e.get('why'))}."
    if kind == "entries_discarded":
        count = len(e.get("orders", []))
        return f"Mists of Avalon ({n(names, e.get('by'))}) discards {count} earlier card(s)."
    if kind == "health_changed":
        delta = int(e.get("delta", 0))
        verb = f"heals {delta}" if delta > 0 else f"takes {-delta} Injury"
        return f"{n(names, seat)} {verb}{_why(e.get('why'))}."
    if kind == "companion_unlocked":
        return f"{n(names, seat)} reaches {e.get('health')} Health: their Companion joins them."
    if kind == "power_used":
        return f"{n(names, seat)} uses {_power(e.get('power'))}."
    if kind == "entry_marked":
        return "The Elf Knight marks a card: it counts as Feinted."
    if kind == "entry_moved":
        return f"Lancelot du Lac: a card goes to {n(names, e.get('to'))}'s Weapon Hits."
    if kind == "cards_revealed":
        shown = [f"{n(names, x['seat'])}: {_card(x['card'])}" for x in e.get("entries", [])]
        return "The face-down cards are turned up — " + "; ".join(shown) + "."
    if kind == "melee_ended":
        feints = f" {e['feints']} card(s) were Feinted." if e.get("feints") else ""
        if e.get("loser") is None:
            return "Nobody loses this Melee." + feints
        return (
            f"{n(names, e['loser'])} loses the Melee and takes {_cards(e.get('taken', []))} "
            f"as Weapon Hits.{feints}"
        )
    if kind == "card_given":
        gift = e.get("gift", e.get("card"))  # redacted: "gift"; the full reveal: "card"
        what = _card(gift) if gift is not None else "a card"
        giver = e.get("from", e.get("seat"))
        return f"{n(names, giver)} gives {n(names, e.get('to'))} {what}."
    if kind == "round_ended":
        why = "Swift End: one player is out of cards" if e.get("reason") == "swift_end" else ""
        return "The Tourney Round ends" + (f" ({why})." if why else ".")
    if kind == "dusk_started":
        return "Dusk: the Weapon Hits are counted."
    if kind == "hit_given":
        return (
            f"{n(names, seat)} ({_power(e.get('power'))}) gives {_card(e.get('card'))} "
            f"to {n(names, e.get('to'))}."
        )
    if kind == "dusk_done":
        return f"{n(names, seat)} is done at Dusk."
    if kind == "dusk_tallied":
        rows = [f"{n(names, s)} {i}" for s, i in enumerate(e.get("injuries", []))]
        return "Injury at Dusk: " + ", ".join(rows) + "."
    if kind == "dealer_chosen":
        return f"{n(names, e.get('dealer'))} deals the next round."
    if kind == "godsends_cleared":
        return "The Godsends in play are discarded." if e.get("cards") else "No Godsends in play."
    if kind == "godsend_deck_shuffled":
        return "The Godsend deck is shuffled."
    if kind == "godsends_revealed":
        up = ", ".join(_power(g) for g in e.get("cards", []))
        who_gets = ", ".join(n(names, s) for s in e.get("recipients", []))
        return f"Godsends for {who_gets}. Face up: {up}."
    if kind == "godsend_taken":
        src = "from the deck" if e.get("source") == "deck" else "face up"
        return f"{n(names, seat)} takes {_power(e.get('godsend'))} ({src})."
    if kind == "godsend_placed":
        if e.get("by") == seat:  # a helpful Godsend goes in front of its taker (TT-22)
            return f"{n(names, seat)} keeps {_power(e.get('godsend'))}."
        return (
            f"{n(names, e.get('by'))} places {_power(e.get('godsend'))} "
            f"in front of {n(names, seat)}."
        )
    if kind == "godsend_cancelled":
        return f"The Swan discards {_power(e.get('godsend'))} in front of {n(names, seat)}."
    if kind == "godsend_phase_ended":
        return "The Godsend phase ends."
    if kind == "game_ended":
        winners = " and ".join(n(names, s) for s in e.get("winners", []))
        why = "a player fell to 0 Health" if e.get("reason") == "zero_health" else "time is up"
        return f"The Tournament is over ({why}): {winners} wins."
    return ""
