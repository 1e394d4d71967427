"""The 80 character cards (CA-1): five colours, sorceresses and knights, eight of each.

Cards of one colour and kind are interchangeable, so a card is its name, "red-knight":
hands and piles are lists of names and a move names the card it plays.
"""

from __future__ import annotations

from games.engine.core import N_, Message, msg
from games.engine.core.memo import per_key

COLOURS = ("yellow", "green", "red", "blue", "purple")
SORCERESS = "sorceress"
KNIGHT = "knight"
KINDS = (SORCERESS, KNIGHT)
COPIES = 8  # CA-1: per colour and kind

CARDS = tuple(f"{colour}-{kind}" for colour in COLOURS for kind in KINDS)


def card(colour: str, kind: str) -> str:
    return f"{colour}-{kind}"


# Ten card names, asked for every card in sight several times a move: each worked out once
# and then read by a dict lookup (`per_key`).
def _colour_of(name: str) -> str:
    return name.split("-", 1)[0]


def _kind_of(name: str) -> str:
    return name.split("-", 1)[1]


colour_of = per_key(_colour_of, kept=64)
kind_of = per_key(_kind_of, kept=64)


def is_card(name: object) -> bool:
    return isinstance(name, str) and name in CARDS


def full_deck() -> list[str]:
    """CA-1: all 80 cards, unshuffled."""
    return [name for name in CARDS for _ in range(COPIES)]


def label(name: str) -> str:
    """ "red-knight" -> "red knight" for messages."""
    return name.replace("-", " ")


# The cards' names for people, whole, since a colour agrees with the kind in French
# ("chevalier vert", "sorcière verte").
NAMES = {
    "yellow-sorceress": N_("yellow sorceress"),
    "yellow-knight": N_("yellow knight"),
    "green-sorceress": N_("green sorceress"),
    "green-knight": N_("green knight"),
    "red-sorceress": N_("red sorceress"),
    "red-knight": N_("red knight"),
    "blue-sorceress": N_("blue sorceress"),
    "blue-knight": N_("blue knight"),
    "purple-sorceress": N_("purple sorceress"),
    "purple-knight": N_("purple knight"),
}


def card_name(name: str) -> Message:
    """ "red-knight" -> "red knight", translatable."""
    return msg(NAMES.get(name, "%(card)s"), card=name)
