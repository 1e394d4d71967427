"""The weaponry cards as data (JA-1) and what a hand of them can do (JA-7, JA-9).

A card is a short stable string: "sword-7", "shield-1", "lance-12", "armour-3" and the
jokers "joker-1".."joker-6" (value 0, standing in for any kind).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache, lru_cache
from itertools import product
from typing import Final

from games.engine.core import N_, Message, joined, msg
from games.engine.core.memo import per_key

KINDS: Final[tuple[str, ...]] = ("sword", "shield", "lance", "armour")
JOKER: Final = "joker"

# JA-1: players -> (highest value of each kind, number of jokers)
DECKS: Final[dict[int, tuple[int, int]]] = {3: (6, 3), 4: (9, 4), 5: (12, 2), 6: (15, 6)}


def card(kind: str, value: int) -> str:
    return f"{kind}-{value}"


def _kind_of(c: str) -> str:
    return c.split("-", 1)[0]


def _value_of(c: str) -> int:
    """Jokers are worth 0 (JA-1)."""
    return 0 if kind_of(c) == JOKER else int(c.split("-", 1)[1])


def _face(c: str) -> tuple[str, int]:
    return kind_of(c), value_of(c)


def _is_joker(c: str) -> bool:
    return kind_of(c) == JOKER


def _sort_key(c: str) -> tuple[int, int, int]:
    kind = kind_of(c)
    order = KINDS.index(kind) if kind in KINDS else len(KINDS)
    return (order, value_of(c), int(c.split("-", 1)[1]))


# A card's kind, value... are asked for every card of every hand weighed, thousands of times
# a game: each is worked out once per card and then read by a dict lookup (`per_key`).
kind_of: Final = per_key(_kind_of)
value_of: Final = per_key(_value_of)
face: Final = per_key(_face)  # (kind, value) in one lookup
is_joker: Final = per_key(_is_joker)
sort_key: Final = per_key(_sort_key)


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
    return _complete(cards if isinstance(cards, tuple) else tuple(cards))


@lru_cache(maxsize=4096)  # hands recur from move to move: views and flow ask again and again
def _complete(held: tuple[str, ...]) -> bool:
    kinds = {kind_of(c) for c in held if not is_joker(c)}
    return len(kinds) + sum(map(is_joker, held)) >= len(KINDS)


def missing_kinds(cards: Iterable[str]) -> list[str]:
    kinds = {kind_of(c) for c in cards}
    return [k for k in KINDS if k not in kinds]


def best_set(cards: Iterable[str]) -> dict[str, str] | None:
    """The strongest lay (JA-9): the highest card of each kind, jokers in the gaps."""
    best = _best(cards if isinstance(cards, tuple) else tuple(cards))
    return dict(best) if best is not None else None


@lru_cache(maxsize=4096)  # hands recur from move to move (legal moves, bots, fitness)
def _best(cards: tuple[str, ...]) -> tuple[tuple[str, str], ...] | None:
    # One pass over the sorted hand: the last card of a kind is its highest.
    highest: dict[str, str] = {}
    jokers: list[str] = []
    for c in sorted_cards(cards):
        kind = kind_of(c)
        if kind == JOKER:
            jokers.append(c)
        else:
            highest[kind] = c
    out: list[tuple[str, str]] = []
    for kind in KINDS:
        if kind in highest:
            out.append((kind, highest[kind]))
        elif jokers:
            out.append((kind, jokers.pop(0)))
        else:
            return None
    return tuple(out)


def set_strength(cards: Iterable[str]) -> int:
    best = best_set(cards)
    return sum(value_of(c) for c in best.values()) if best else -1


# A card's name for people, one template per kind so each language words it its own way.
_NAMED: Final = {
    "sword": N_("sword %(value)s"),
    "shield": N_("shield %(value)s"),
    "lance": N_("lance %(value)s"),
    "armour": N_("armour %(value)s"),
    JOKER: N_("joker %(value)s"),
}
# "the sword place": the kind a place of the lay takes.
_PLACES: Final = {
    "sword": N_("%(card)s cannot fill the sword place; only a sword or a joker can."),
    "shield": N_("%(card)s cannot fill the shield place; only a shield or a joker can."),
    "lance": N_("%(card)s cannot fill the lance place; only a lance or a joker can."),
    "armour": N_("%(card)s cannot fill the armour place; only an armour or a joker can."),
}


def card_name(c: str) -> Message:
    """ "sword-7" -> "sword 7", translatable; an unknown string is itself."""
    kind, _, number = c.partition("-")
    # ASCII and short: "²" passes isdigit() and 4,300+ digits are too long for int() (a
    # ValueError, where a move naming such a card must be refused in words).
    if kind not in _NAMED or not (number.isascii() and number.isdigit() and len(number) <= 3):
        return msg("%(card)s", card=c)
    return msg(_NAMED[kind], value=int(number))


def cards_named(cards: Iterable[str]) -> Message:
    """ "sword 7, lance 2 and joker 1"."""
    return joined([card_name(c) for c in cards], N_("%(some)s and %(last)s"))


def valid_lay(laid: Mapping[str, str], hand: Iterable[str]) -> Message | None:
    """Why `laid` (kind -> card) is not a legal JA-9 lay from `hand`, or None if it is."""
    held = set(hand)
    cards = [laid[k] for k in KINDS]
    if len(set(cards)) != len(cards):
        return msg(N_("Lay four different cards, one in each place."))
    for kind in KINDS:
        c = laid[kind]
        if c not in held:
            return msg(N_("You do not hold %(cards)s."), cards=card_name(c))
        if not is_joker(c) and kind_of(c) != kind:
            return msg(_PLACES[kind], card=card_name(c))
    return None


def all_lays(hand: Iterable[str]) -> list[tuple[str, str, str, str]]:
    """Every legal lay from `hand` in kind order (sword, shield, lance, armour), with
    jokers used lowest-numbered first: jokers are interchangeable, so the listing leaves
    out their permutations (decide() accepts any joker in any place)."""
    return list(_lays(hand if isinstance(hand, tuple) else tuple(hand)))


@lru_cache(maxsize=1024)  # asked for the length of a duelist's legal moves
def lay_count(hand: tuple[str, ...]) -> int:
    """`len(all_lays(hand))`, counted from the number of cards of each kind: a lay puts a
    joker in some set of places (at most as many as the jokers held) and a card of the
    place's kind in each other place. The product of (cards of the kind + x) over the
    places gives, as the coefficient of x**j, the lays with j joker places."""
    jokers = sum(map(is_joker, hand))
    by_places = [1]  # by_places[j]: the ways to fill the places seen so far, j by jokers
    for kind in KINDS:
        n = sum(1 for c in hand if kind_of(c) == kind)
        by_places = [
            n * (by_places[j] if j < len(by_places) else 0) + (by_places[j - 1] if j else 0)
            for j in range(len(by_places) + 1)
        ]
    return sum(by_places[: min(jokers, len(KINDS)) + 1])


@lru_cache(maxsize=1024)  # a hand's lays are listed for its legal moves, again at each ask
def _lays(hand: tuple[str, ...]) -> tuple[tuple[str, str, str, str], ...]:
    held = sorted_cards(hand)
    jokers = [c for c in held if is_joker(c)]
    joker = [JOKER] if jokers else []  # a place a joker may fill, if any is held
    options = [[c for c in held if kind_of(c) == k] + joker for k in KINDS]
    out: list[tuple[str, str, str, str]] = []
    # Each place's card in turn, the places nested in kind order (as a depth-first walk
    # would list them); a choice using more joker places than jokers held is left out.
    for chosen in product(*options):
        used = chosen.count(JOKER) if jokers else 0
        if not used:
            out.append(chosen)  # type: ignore[arg-type]  # product of four lists: four cards
        elif used <= len(jokers):
            spare = iter(jokers)
            filled = [next(spare) if c == JOKER else c for c in chosen]
            out.append((filled[0], filled[1], filled[2], filled[3]))
    return tuple(out)
