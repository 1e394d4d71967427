"""One line per game for the create-table page's game cards: what the game is, so a host
chooses it by what it is rather than by its name's place in the alphabet."""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

BLURBS: dict[str, Promise] = {
    "resistance-avalon": _(
        "Hidden loyalties: Arthur's servants complete quests while Mordred's minions "
        "sabotage them, and the Assassin hunts Merlin."
    ),
    "tournament-camelot": _(
        "A trick-taking card game of jousting knights: keep the most Health through the "
        "tournament's rounds."
    ),
    "tournament-avalon": _(
        "Tournament at Camelot's sequel: new suits, new knights and Avalon's powers, for "
        "up to eight."
    ),
    "colovini-avalon": _(
        "A duel of two: play coloured knights and sorceresses into a row of regions to "
        "win crowns first."
    ),
    "jousting-avalon": _(
        "Barter for a full set of weapons, then duel in hidden jousts: the richest knight "
        "at the end wins."
    ),
}


def blurb(slug: str) -> str:
    """The game's one line ("" for a game without one, e.g. the tests' toy game)."""
    text = BLURBS.get(slug)
    return str(text) if text is not None else ""
