"""How to play Tournament at Camelot and Tournament at Avalon, the first section: the cards
of both boxes, their values and Injury (tournament.py builds both pages from it, its own
sections and those of tournament_rounds.py)."""

from __future__ import annotations

from django.utils.translation import pgettext_lazy

from .book import Rule, Section

CARDS = Section(
    pgettext_lazy("how to play", "The cards"),
    (
        Rule(
            "TT-1",
            pgettext_lazy("how to play", "Basic weapons"),
            (
                pgettext_lazy(
                    "how to play",
                    "Four suits (Swords, Arrows, Sorcery, Deception), each with one card of "
                    "every value from 1 to 15; four cards of each suit are Poisoned.",
                ),
            ),
        ),
        Rule(
            "TH-1",
            pgettext_lazy("how to play", "Which cards are Poisoned"),
            (
                pgettext_lazy(
                    "how to play",
                    "A table option: by default the values 3, 6, 10 and 13 of every suit are "
                    "Poisoned.",
                ),
            ),
        ),
        Rule(
            "TT-2",
            pgettext_lazy("how to play", "Alchemy"),
            (
                pgettext_lazy(
                    "how to play",
                    "15 Alchemy cards valued 1 to 15: a wild suit that takes the Lead Suit "
                    "when played. None is Poisoned.",
                ),
            ),
        ),
        Rule(
            "TC-1",
            pgettext_lazy("how to play", "Camelot's sorcerers"),
            (
                pgettext_lazy(
                    "how to play",
                    "Merlin (3 cards) and the Sorcerer's Apprentice (2) are wild: when you "
                    "play one, you give it a value and a suit, and the suit must be the Lead "
                    "Suit.",
                ),
            ),
        ),
        Rule(
            "TH-2",
            pgettext_lazy("how to play", "The value of a wild card"),
            (
                pgettext_lazy(
                    "how to play",
                    "A wild card is given a value from 1 to 15, like the basic weapons.",
                ),
            ),
        ),
        Rule(
            "TH-3",
            pgettext_lazy("how to play", "A wild card that leads"),
            (
                pgettext_lazy(
                    "how to play",
                    "When a Camelot sorcerer leads a Melee, its player names the Lead Suit.",
                ),
            ),
        ),
        Rule(
            "TA-1",
            pgettext_lazy("how to play", "Avalon's special weapons"),
            (
                pgettext_lazy(
                    "how to play",
                    "The Avalon deck holds Mists of Avalon (3), Morgan le Fay (3) and the "
                    "Apprentice Sorceress (2). Avalon's Merlin card is never shuffled in: it "
                    "comes into play only through the Carmathen Location.",
                ),
            ),
        ),
        Rule(
            "TH-4",
            pgettext_lazy("how to play", "The value of a special weapon"),
            (
                pgettext_lazy(
                    "how to play",
                    "You give a special weapon its value (1 to 15) when you play it, and its "
                    "suit is always the Lead Suit. In the Elf Queen's face-down Melees the "
                    "value is chosen as the card is turned up.",
                ),
            ),
        ),
        Rule(
            "TT-3",
            pgettext_lazy("how to play", "Injury of a card taken"),
            (
                pgettext_lazy(
                    "how to play",
                    "A basic weapon or an Alchemy card inflicts 5 Injury, a Poisoned basic "
                    "weapon 10; Camelot's Merlin 25 and the Sorcerer's Apprentice 5; Avalon's "
                    "Apprentice Sorceress 10, Morgan le Fay 25 and Mists of Avalon 25.",
                ),
            ),
        ),
        Rule(
            "TH-5",
            pgettext_lazy("how to play", "Avalon's Merlin"),
            (
                pgettext_lazy(
                    "how to play",
                    "Avalon's Merlin inflicts 25 Injury and takes any suit and value when played.",
                ),
            ),
        ),
        Rule(
            "TT-4",
            pgettext_lazy("how to play", "The decks"),
            (
                pgettext_lazy(
                    "how to play",
                    "Camelot's deck has 80 cards (60 basic, 15 Alchemy, 5 sorcerers); "
                    "Avalon's has 83 (60 basic, 15 Alchemy, 8 special weapons) with Merlin "
                    "set aside.",
                ),
            ),
        ),
        Rule(
            "TC-2",
            pgettext_lazy("how to play", "Two players"),
            (
                pgettext_lazy(
                    "how to play", "With two players, Camelot is played without the Arrows suit."
                ),
            ),
        ),
    ),
)
