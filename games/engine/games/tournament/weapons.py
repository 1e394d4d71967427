"""Weapon cards: ids, suits, values and Injury (TT-1..TT-4, TC-1, TC-2, TA-1, TX-2).

A card id is a short stable string: "swords-7", "alchemy-11", "merlin-2", "mists-1",
"avalon-merlin"; the Camelot suits added in Chaos of Battle carry a "-c" suffix
("sorcery-7-c") so the two copies of a card stay distinct.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Final, Literal

from games.engine.core import N_, Message, msg

SUITS = ("swords", "arrows", "sorcery", "deception")
Kind = Literal["basic", "alchemy", "wild", "special"]

# TT-3: injury of the cards with a fixed value; basics depend on the Poisoned values (TH-1).
_FIXED_INJURY = {
    "alchemy": 5,
    "merlin": 25,  # Camelot Merlin
    "apprentice": 5,  # Sorcerer's Apprentice
    "sorceress": 10,  # Apprentice Sorceress, Poisoned (fixed)
    "morgan": 25,  # Morgan le Fay, Poisoned (fixed)
    "mists": 25,  # Mists of Avalon
    "avalon-merlin": 25,  # TH-5
}
_NAMES = {
    "merlin": N_("Merlin"),
    "apprentice": N_("Sorcerer's Apprentice"),
    "sorceress": N_("Apprentice Sorceress"),
    "morgan": N_("Morgan le Fay"),
    "mists": N_("Mists of Avalon"),
    "avalon-merlin": N_("Merlin (Avalon)"),
}
# The suits' names for people, and "7 of Swords" one template per suit (French elides:
# "7 d'Épées", "7 de Flèches").
SUIT_NAMES: dict[str, Message] = {
    "swords": msg(N_("Swords")),
    "arrows": msg(N_("Arrows")),
    "sorcery": msg(N_("Sorcery")),
    "deception": msg(N_("Deception")),
    "alchemy": msg(N_("Alchemy")),
}
_NUMBERED = {
    "swords": N_("%(value)s of Swords"),
    "arrows": N_("%(value)s of Arrows"),
    "sorcery": N_("%(value)s of Sorcery"),
    "deception": N_("%(value)s of Deception"),
    "alchemy": N_("%(value)s of Alchemy"),
}


@dataclass(frozen=True)
class Weapon:
    id: str
    kind: Kind
    suit: str | None  # None for Alchemy and the wild/special cards
    value: int | None  # None when the player assigns it on play (TC-1, TH-4)
    family: str  # "swords".."deception", "alchemy", "merlin", "mists", ...
    name: str


def weapon(card: str) -> Weapon:
    """Parse a card id. Raises KeyError for an id that is no weapon. Parsed once per card
    and then read from a plain dict (asked thousands of times a game: a compiled call and
    a dict lookup cost a third of a `functools.cache` call through the module's globals);
    only weapons are kept, and there are some two hundred."""
    found = _WEAPONS.get(card)
    if found is None:
        found = _WEAPONS[card] = _parse(card)
    return found


_WEAPONS: Final[dict[str, Weapon]] = {}


def _parse(card: str) -> Weapon:
    parts = card.split("-")
    if card == "avalon-merlin":
        return Weapon(card, "special", None, None, card, _NAMES[card])
    if parts[-1] == "c":
        parts = parts[:-1]
    # ASCII and short: "²" passes isdigit() and 4,300+ digits are too long for int().
    if len(parts) != 2 or not (parts[1].isascii() and parts[1].isdigit() and len(parts[1]) <= 3):
        raise KeyError(card)
    family, number = parts[0], int(parts[1])
    if family in SUITS and 1 <= number <= 15:
        return Weapon(card, "basic", family, number, family, f"{number} of {family.title()}")
    if family == "alchemy" and 1 <= number <= 15:
        return Weapon(card, "alchemy", None, number, family, f"{number} of Alchemy")
    if family in ("merlin", "apprentice") and 1 <= number <= 3:
        return Weapon(card, "wild", None, None, family, _NAMES[family])
    if family in ("mists", "morgan", "sorceress") and 1 <= number <= 3:
        return Weapon(card, "special", None, None, family, _NAMES[family])
    raise KeyError(card)


def weapon_name(card: str) -> Message:
    """The card's name for people, translatable: "7 of Swords", "Morgan le Fay"."""
    w = weapon(card)
    if w.family in _NUMBERED:
        return msg(_NUMBERED[w.family], value=w.value)
    return msg(_NAMES[w.family])


def is_weapon(card: str) -> bool:
    try:
        weapon(card)
    except KeyError:
        return False
    return True


def is_poisoned(card: str, poisoned: tuple[int, ...]) -> bool:
    w = weapon(card)
    if w.kind == "basic":
        return w.value in poisoned  # TH-1
    return w.family in ("sorceress", "morgan")  # TT-3: fixed, cannot be changed


@lru_cache(maxsize=4096)
def injury(card: str, poisoned: tuple[int, ...]) -> int:
    """TT-3: the Injury a card inflicts on whoever holds it in their Weapon Hits (kept per
    card and table option: the Dusk tally asks it of every hit, every round)."""
    w = weapon(card)
    if w.kind == "basic":
        return 10 if w.value in poisoned else 5
    return _FIXED_INJURY[w.family]


def assigns_value(card: str) -> bool:
    """TC-1/TH-4: wild and special weapons get a value (and the Lead Suit) when played."""
    return weapon(card).kind in ("wild", "special")


def suit_cards(suit: str, suffix: str = "") -> list[str]:
    return [f"{suit}-{v}{suffix}" for v in range(1, 16)]


def weapons_deck(deck: str, two_player: bool, chaos_suits: tuple[str, ...] = ()) -> list[str]:
    """TT-4, TC-2, TX-2: the cards shuffled for a round (in a fixed order before shuffling);
    a new list each time (the caller shuffles it)."""
    return list(_deck_order(deck, two_player, chaos_suits))


@lru_cache(maxsize=64)
def _deck_order(deck: str, two_player: bool, chaos_suits: tuple[str, ...]) -> tuple[str, ...]:
    """`weapons_deck`'s cards, listed once per table option (every deal asks for them)."""
    suits = [s for s in SUITS if not (two_player and s == "arrows")]  # TC-2
    cards = [c for s in suits for c in suit_cards(s)] + suit_cards("alchemy")
    if deck == "camelot":
        cards += ["merlin-1", "merlin-2", "merlin-3", "apprentice-1", "apprentice-2"]
    else:
        cards += [f"mists-{i}" for i in (1, 2, 3)] + [f"morgan-{i}" for i in (1, 2, 3)]
        cards += ["sorceress-1", "sorceress-2"]  # TA-1: Avalon Merlin is never shuffled in
    for suit in chaos_suits:  # TX-2: two Camelot suits named by the Location
        cards += suit_cards(suit, "-c")
    return tuple(cards)
