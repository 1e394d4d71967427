"""The site's games as it introduces them, in the order it lists them: each game's name in
the reader's language, one line on what it is (the cards of the home page and of "Open a
table") and its How to play page (opening lines and sections, from the game's module here).

The engine names its games in plain English (games/engine); this is where those names are
marked for translation, so `gettext(definition.name)` finds them.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from . import colovini, jousting, resistance, tournament
from .book import RuleBook

BOOKS = (
    RuleBook(
        slug="resistance-avalon",
        name=_("The Resistance: Avalon"),
        blurb=_(
            "Hidden loyalties: Arthur's servants complete quests while Mordred's minions "
            "sabotage them, and the Assassin hunts Merlin."
        ),
        intro=(
            pgettext_lazy(
                "how to play",
                "A game of hidden loyalty for 5 to 10 players. Good wins by completing three "
                "quests; Evil wins by failing three, by rejecting five teams in a row, or by "
                "finding Merlin at the very end.",
            ),
        ),
        sections=resistance.SECTIONS,
    ),
    RuleBook(
        slug="tournament-camelot",
        name=_("Tournament at Camelot"),
        blurb=_(
            "A trick-taking card game of jousting knights: keep the most Health through the "
            "tournament's rounds."
        ),
        intro=(
            pgettext_lazy(
                "how to play",
                "A trick-taking game of jousting knights for 3 to 6 players (2 with a "
                "smaller deck). Each Melee's lowest card takes the hits; lose the least "
                "Health to win.",
            ),
            pgettext_lazy(
                "how to play",
                "A table plays Camelot's rules and cards unless its options choose Avalon's; "
                "rules that hold under one set only say so in their title.",
            ),
        ),
        sections=tournament.SECTIONS,
    ),
    RuleBook(
        slug="tournament-avalon",
        name=_("Tournament at Avalon"),
        blurb=_(
            "Tournament at Camelot's sequel: new suits, new knights and Avalon's powers, for "
            "up to eight."
        ),
        intro=(
            pgettext_lazy(
                "how to play",
                "A trick-taking game of jousting knights for 3 to 6 players, with card "
                "passing, Enhanced Alchemy, special weapons and Locations. Each Melee's lowest "
                "card takes the hits; lose the least Health to win.",
            ),
            pgettext_lazy(
                "how to play",
                "A table plays Avalon's rules and cards unless its options choose Camelot's; "
                "rules that hold under one set only say so in their title.",
            ),
        ),
        sections=tournament.SECTIONS,
    ),
    RuleBook(
        slug="colovini-avalon",
        name=_("Avalon by Leo Colovini"),
        blurb=_(
            "A duel of two: play coloured knights and sorceresses into a row of regions to "
            "win crowns first."
        ),
        intro=(
            pgettext_lazy(
                "how to play",
                "A duel for 2 players over a row of regions. Play sorceresses and knights to "
                "enchant your opponent's cards and conquer regions; the first to hold 15 "
                "crowns at the end of their turn wins.",
            ),
        ),
        sections=colovini.SECTIONS,
    ),
    RuleBook(
        slug="jousting-avalon",
        name=_("Avalon, the jousting game"),
        blurb=_(
            "Barter for a full set of weapons, then duel in hidden jousts: the richest knight "
            "at the end wins."
        ),
        intro=(
            pgettext_lazy(
                "how to play",
                "A tournament for 3 to 6 knights. Barter for a complete set of weapons, win "
                "duels for coins, and be the richest when only one knight is left standing.",
            ),
        ),
        sections=jousting.SECTIONS,
    ),
)
