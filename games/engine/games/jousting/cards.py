"""The weaponry cards as data (JA-1) and what a hand of them can do (JA-7, JA-9).

A card is a short stable string: "sword-7", "shield-1", "lance-12", "armour-3" and the
jokers "joker-1".."joker-6" (value 0, standing in for any kind).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache, lru_cache

KINDS: tuple[str, ...] = ("sword", "shield", "lance", "armour")
JOKER = "joker"

# JA-1: players -> (highest value of each kind, number of jokers)
DECKS: dict[int, tuple[int, int]] = {3: (6, 3), 4: (9, 4), 5: (12, 2), 6: (15, 6)}


def card(kind: str, value: int) -> str:
    return f"{kind}-{value}"


@lru_cache(maxsize=256)  # a few dozen card strings; these run in every view
def kind_of(c: str) -> str:
    return c.split("-", 1)[0]


@lru_cache(maxsize=256)  # a few dozen card strings; these run in every view
def value_of(c: str) -> int:
    """Jokers are worth 0 (JA-1)."""
    return 0 if kind_of(c) == JOKER else int(c.split("-", 1)[1])


def is_joker(c: str) -> bool:
    return kind_of(c) == JOKER


@lru_cache(maxsize=256)  # a few dozen card strings; these run in every view
def sort_key(c: str) -> tuple[int, int, int]:
    kind = kind_of(c)
    order = KINDS.index(kind) if kind in KINDS else len(KINDS)
    return (order, value_of(c), int(c.split("-", 1)[1]))


def sorted_cards(cards: Iterable[str]) -> tuple[str, ...]:
    return tuple(sorted(cards, key=sort_key))


def deck(players: int) -> list[str]:
    """Every card for `players` (JA-1): one per value per kind, plus the jokers."""
    top, jokers = DECKS[players]
    cards = [card(kind, value) for kind in KINDS for value in range(1, top + 1)]
    return cards + [card(JOKER, n) for n in range(1, jokers + 1)]


@cache
def deck_set(players: int) -> frozenset[str]:
    return frozenset(deck(players))


def is_complete(cards: Iterable[str]) -> bool:
    """JA-7: a sword, shield, lance and armour, jokers standing in (four jokers are a set)."""
    held = list(cards)
    kinds = {kind_of(c) for c in held if not is_joker(c)}
    return len(kinds) + sum(map(is_joker, held)) >= len(KINDS)


def missing_kinds(cards: Iterable[str]) -> list[str]:
    kinds = {kind_of(c) for c in cards}
    return [k for k in KINDS if k not in kinds]


def best_set(cards: Iterable[str]) -> dict[str, str] | None:
    """The strongest lay (JA-9): the highest card of each kind, jokers in the gaps."""
    held = sorted_cards(cards)
    jokers = [c for c in held if is_joker(c)]
    out: dict[str, str] = {}
    for kind in KINDS:
        of_kind = [c for c in held if kind_of(c) == kind]
        if of_kind:
            out[kind] = of_kind[-1]
        elif jokers:
            out[kind] = jokers.pop(0)
        else:
            return None
    return out


def set_strength(cards: Iterable[str]) -> int:
    best = best_set(cards)
    return sum(value_of(c) for c in best.values()) if best else -1


def valid_lay(laid: Mapping[str, str], hand: Iterable[str]) -> str | None:
    """Why `laid` (kind -> card) is not a legal JA-9 lay from `hand`, or None if it is."""
    held = set(hand)
    cards = [laid[k] for k in KINDS]
    if len(set(cards)) != len(cards):
        return "Lay four different cards, one in each place."
    for kind in KINDS:
        c = laid[kind]
        if c not in held:
            return f"You do not hold {c}."
        if not is_joker(c) and kind_of(c) != kind:
            return f"{c} cannot fill the {kind} place; only a {kind} or a joker can."
    return None


def all_lays(hand: Iterable[str]) -> list[tuple[str, str, str, str]]:
    """Every legal lay from `hand` in kind order (sword, shield, lance, armour), with
    jokers used lowest-numbered first: jokers are interchangeable, so the listing leaves
    out their permutations (decide() accepts any joker in any place)."""
    held = sorted_cards(hand)
    jokers = [c for c in held if is_joker(c)]
    options = [[c for c in held if kind_of(c) == k] + [JOKER] for k in KINDS]
    out: list[tuple[str, str, str, str]] = []

    def walk(i: int, chosen: list[str]) -> None:
        if i == len(KINDS):
            spare = iter(jokers)
            filled = [next(spare) if c == JOKER else c for c in chosen]
            out.append((filled[0], filled[1], filled[2], filled[3]))
            return
        for c in options[i]:
            if c != JOKER or chosen.count(JOKER) < len(jokers):
                walk(i + 1, [*chosen, c])

    walk(0, [])
    return out
