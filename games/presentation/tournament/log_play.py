"""Log lines of Tournament at Camelot / Avalon from the deal to the end of a Melee: the
deal, Locations, passing (TA-3), plays, Shame, Health and the powers used, one small
wording per event type. Each line says only what the redacted event holds, so a seat reads
its own passed cards while the others read "3 cards", and face-down cards stay unnamed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..words import EventWords, Reader
from .cards import card_words, cards_words, face, power_name, suit_words
from .wire import (
    MISTS,
    CardGiven,
    CardPlayed,
    CardsPassed,
    CardsRevealed,
    Commanded,
    CompanionUnlocked,
    Dealt,
    EntriesDiscarded,
    EntryMarked,
    EntryMoved,
    GameStarted,
    HealthChanged,
    LocationAsked,
    LocationChosen,
    MeleeEnded,
    MeleeStarted,
    MerlinGranted,
    PassChosen,
    PassingDecided,
    PassingStarted,
    PowerUsed,
    Shamed,
    SwordAsked,
    TurnMoved,
)

PLAY_WORDS = EventWords()
WHY = {"": "", "shame": "", "bonus": " (bonus)", MISTS: " (Mists of Avalon)", "dusk": " (Dusk)"}


def _why(why: Any) -> str:
    """Why Health changed: a rule's name, or the power that did it."""
    return WHY[why] if why in WHY else f" ({power_name(why)})"


def _seat(e: Mapping[str, Any], r: Reader) -> str:
    return r.name(e.get("seat"))


@PLAY_WORDS.on(CardPlayed)
def _played(e: Mapping[str, Any], r: Reader) -> str:
    who = _seat(e, r)
    if e.get("face_down") and "card" not in e:
        line = f"{who} plays a card face down"
        if e.get("lead_suit"):
            line += f" and leads {suit_words(e['lead_suit'])}"
        return line + "."
    f = face(str(e["card"]))
    line = f"{who} plays {card_words(e['card'])}"
    if f.get("special"):
        line += f" as a {e.get('value')}"
        if e.get("suit"):
            line += f" of {suit_words(e['suit'])}"
    elif f.get("value") is not None and e.get("value") != f.get("value"):
        line += f" (counts {e.get('value')})"
    if e.get("face_down"):
        line += " face down"
    if e.get("alchemy_led"):
        line += ": Alchemy leads, every card is in suit"
    elif e.get("leads") and e.get("suit"):
        line += f", leading {suit_words(e['suit'])}"
    return line + "."


@PLAY_WORDS.on(GameStarted)
def _game_started(e: Mapping[str, Any], r: Reader) -> str:
    chars = [
        f"{r.name(s)} is {power_name(p)}" for s, p in enumerate(e.get("protagonists", [])) if p
    ]
    line = f"The Tournament begins at {e.get('health')} Health."
    return line + (" " + "; ".join(chars) + "." if chars else "")


@PLAY_WORDS.on(LocationAsked)
def _location_asked(e: Mapping[str, Any], r: Reader) -> str:
    return f"{_seat(e, r)} chooses a Location."


@PLAY_WORDS.on(LocationChosen)
def _location_chosen(e: Mapping[str, Any], r: Reader) -> str:
    return f"{_seat(e, r)} chooses {power_name(e.get('location'))}."


@PLAY_WORDS.on(Dealt)
def _dealt(e: Mapping[str, Any], r: Reader) -> str:
    line = f"Round {e.get('round')}: {r.name(e.get('dealer'))} deals the weapons."
    if e.get("hand") is not None:
        line += f" You hold {len(e['hand'])} cards."
    return line


@PLAY_WORDS.on(MerlinGranted)
def _merlin_granted(e: Mapping[str, Any], r: Reader) -> str:
    return f"{_seat(e, r)} takes the special Merlin card."


@PLAY_WORDS.on(SwordAsked)
def _sword_asked(e: Mapping[str, Any], r: Reader) -> str:
    return f"{_seat(e, r)} holds The Sword and decides whether cards are passed."


@PLAY_WORDS.on(PassingDecided)
def _passing_decided(e: Mapping[str, Any], r: Reader) -> str:
    return f"{_seat(e, r)} {'allows' if e.get('allow') else 'forbids'} passing."


@PLAY_WORDS.on(PassingStarted)
def _passing_started(e: Mapping[str, Any], r: Reader) -> str:
    return f"Everyone passes 3 cards to the {'left' if e.get('direction') == 1 else 'right'}."


@PLAY_WORDS.on(PassChosen)
def _pass_chosen(e: Mapping[str, Any], r: Reader) -> str:
    who = r.who(e.get("seat"))
    if e.get("cards"):
        return f"{who} chose to pass {cards_words(sorted(e['cards']))}."
    return f"{who} chose 3 cards to pass."


@PLAY_WORDS.on(CardsPassed)
def _cards_passed(e: Mapping[str, Any], r: Reader) -> str:
    rows = []
    for row in e.get("moves", []):
        if isinstance(row, list):  # the full reveal (replay): the raw (from, to, cards)
            row = {"from": row[0], "to": row[1], "cards": row[2]}
        what = cards_words(row["cards"]) if "cards" in row else f"{row.get('count')} cards"
        rows.append(f"{r.name(row['from'])} passes {what} to {r.name(row['to'])}")
    return "; ".join(rows) + "."


@PLAY_WORDS.on(MeleeStarted)
def _melee_started(e: Mapping[str, Any], r: Reader) -> str:
    return f"A new Melee: {r.name(e.get('lead'))} leads."


@PLAY_WORDS.on(Commanded)
def _commanded(e: Mapping[str, Any], r: Reader) -> str:
    return f"{_seat(e, r)} commands {r.name(e.get('target'))} to play in their slot."


@PLAY_WORDS.on(TurnMoved)
def _turn_moved(e: Mapping[str, Any], r: Reader) -> str:
    return f"{r.name(e.get('turn'))}'s turn."


@PLAY_WORDS.on(Shamed)
def _shamed(e: Mapping[str, Any], r: Reader) -> str:
    if e.get("why") == MISTS:
        return f"Mists of Avalon: {_seat(e, r)} takes {e.get('injury')} Injury."
    what = f"discards {card_words(e['card'])} and " if e.get("card") else ""
    return f"Shame: {_seat(e, r)} {what}takes {e.get('injury')} Injury{_why(e.get('why'))}."


@PLAY_WORDS.on(EntriesDiscarded)
def _entries_discarded(e: Mapping[str, Any], r: Reader) -> str:
    count = len(e.get("orders", []))
    return f"Mists of Avalon ({r.name(e.get('by'))}) discards {count} earlier card(s)."


@PLAY_WORDS.on(HealthChanged)
def _health_changed(e: Mapping[str, Any], r: Reader) -> str:
    delta = int(e.get("delta", 0))
    change = f"heals {delta}" if delta > 0 else f"takes {-delta} Injury"
    return f"{_seat(e, r)} {change}{_why(e.get('why'))}."


@PLAY_WORDS.on(CompanionUnlocked)
def _companion_unlocked(e: Mapping[str, Any], r: Reader) -> str:
    return f"{_seat(e, r)} reaches {e.get('health')} Health: their Companion joins them."


@PLAY_WORDS.on(PowerUsed)
def _power_used(e: Mapping[str, Any], r: Reader) -> str:
    return f"{_seat(e, r)} uses {power_name(e.get('power'))}."


@PLAY_WORDS.on(EntryMarked)
def _entry_marked(e: Mapping[str, Any], r: Reader) -> str:
    return "The Elf Knight marks a card: it counts as Feinted."


@PLAY_WORDS.on(EntryMoved)
def _entry_moved(e: Mapping[str, Any], r: Reader) -> str:
    return f"Lancelot du Lac: a card goes to {r.name(e.get('to'))}'s Weapon Hits."


@PLAY_WORDS.on(CardsRevealed)
def _cards_revealed(e: Mapping[str, Any], r: Reader) -> str:
    shown = [f"{r.name(x['seat'])}: {card_words(x['card'])}" for x in e.get("entries", [])]
    return "The face-down cards are turned up — " + "; ".join(shown) + "."


@PLAY_WORDS.on(MeleeEnded)
def _melee_ended(e: Mapping[str, Any], r: Reader) -> str:
    feints = f" {e['feints']} card(s) were Feinted." if e.get("feints") else ""
    if e.get("loser") is None:
        return "Nobody loses this Melee." + feints
    return (
        f"{r.name(e['loser'])} loses the Melee and takes {cards_words(e.get('taken', []))} "
        f"as Weapon Hits.{feints}"
    )


@PLAY_WORDS.on(CardGiven)
def _card_given(e: Mapping[str, Any], r: Reader) -> str:
    gift = e.get("gift", e.get("card"))  # redacted: "gift"; the full reveal: "card"
    what = card_words(gift) if gift is not None else "a card"
    giver = e.get("from", e.get("seat"))
    return f"{r.name(giver)} gives {r.name(e.get('to'))} {what}."
