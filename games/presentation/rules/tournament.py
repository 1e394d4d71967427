"""How to play Tournament at Camelot and Tournament at Avalon: docs/rules/tournament.md for
players (setting up, Dawn and the Melees here; the cards before them in tournament_cards.py,
the rest of a round in tournament_rounds.py).

Both games run on one engine whose table options choose the rules (Camelot's or Avalon's),
the cards and the Chaos of Battle variant, so either game's table may use any of them: both
pages hold every rule, and differ in their name and opening lines."""

from __future__ import annotations

from django.utils.translation import pgettext_lazy

from .book import Rule, Section
from .tournament_cards import CARDS
from .tournament_rounds import CARD_TEXTS, CHAOS, DUSK, GODSENDS

SETUP = Section(
    pgettext_lazy("how to play", "Setting up"),
    (
        Rule(
            "TT-5",
            pgettext_lazy("how to play", "Protagonist and Companion"),
            (
                pgettext_lazy(
                    "how to play",
                    "Each player has a Protagonist and its paired Companion, chosen when the "
                    "table is opened or dealt at random. The Companion is locked until your "
                    "Health is at or below its Threshold for Use; it unlocks the moment that "
                    "happens, mid-round too, and stays unlocked. The Green Sash has no "
                    "threshold and works from the start.",
                ),
            ),
        ),
        Rule(
            "TT-6",
            pgettext_lazy("how to play", "Health"),
            (
                pgettext_lazy(
                    "how to play",
                    "Health starts at 400, or 300 for a shorter game (a table option). "
                    "Everyone's Health is public.",
                ),
            ),
        ),
        Rule(
            "TT-7",
            pgettext_lazy("how to play", "The first Dealer"),
            (
                pgettext_lazy(
                    "how to play",
                    "The Dealer is chosen at random; the player to the Dealer's left leads "
                    "the first Melee.",
                ),
            ),
        ),
    ),
)

DAWN = Section(
    pgettext_lazy("how to play", "Dawn: a new round"),
    (
        Rule(
            "TA-2",
            pgettext_lazy("how to play", "Powers are ready again (Avalon rules)"),
            (
                pgettext_lazy(
                    "how to play",
                    "At the start of each round, character powers are ready to use again.",
                ),
            ),
        ),
        Rule(
            "TT-8",
            pgettext_lazy("how to play", "The deal"),
            (
                pgettext_lazy(
                    "how to play",
                    "Each player is dealt 12 cards; the rest is the draw deck, from which "
                    "some powers draw.",
                ),
            ),
        ),
        Rule(
            "TA-3",
            pgettext_lazy("how to play", "Passing cards (Avalon rules)"),
            (
                pgettext_lazy(
                    "how to play",
                    "After the deal everyone chooses 3 cards and passes them to a neighbour: "
                    "left in round 1, right in round 2, and so on. Everyone chooses in secret; "
                    "the cards move when all have chosen. Under Camelot rules there is no "
                    "passing.",
                ),
            ),
        ),
    ),
)

COMBAT = Section(
    pgettext_lazy("how to play", "Combat: the Melees"),
    (
        Rule(
            "TT-9",
            pgettext_lazy("how to play", "A Melee"),
            (
                pgettext_lazy(
                    "how to play",
                    "The Lead Player plays a card, whose suit is the Lead Suit; then each "
                    "other player in turn, clockwise, plays one card.",
                ),
            ),
        ),
        Rule(
            "TT-10",
            pgettext_lazy("how to play", "Following suit"),
            (pgettext_lazy("how to play", "You must play a card of the Lead Suit if you can."),),
        ),
        Rule(
            "TC-3",
            pgettext_lazy("how to play", "Alchemy (Camelot rules)"),
            (
                pgettext_lazy(
                    "how to play",
                    "You may play Alchemy only when you hold no card of the Lead Suit, and "
                    "then you must play it rather than Shame. You may lead Alchemy only when "
                    "you hold no basic weapon; when Alchemy leads, any card may follow. Merlin "
                    "and the Sorcerer's Apprentice may be played instead of following suit.",
                ),
            ),
        ),
        Rule(
            "TA-4",
            pgettext_lazy("how to play", "Enhanced Alchemy (Avalon rules)"),
            (
                pgettext_lazy(
                    "how to play",
                    "You may play Alchemy at any time, even instead of a Lead-Suit card you "
                    "hold, and you may lead it; when Alchemy leads, every later card of that "
                    "Melee counts as in suit. If you have no Lead-Suit card but an Alchemy "
                    "card, you must play a card, not Shame.",
                ),
            ),
        ),
        Rule(
            "TA-5",
            pgettext_lazy("how to play", "Special weapons in a Melee"),
            (
                pgettext_lazy(
                    "how to play",
                    "Special weapons always count as in suit and may be played at any time; "
                    "you may also keep them and Shame instead. When a special weapon leads, "
                    "its player names the Lead Suit.",
                ),
            ),
        ),
        Rule(
            "TT-11",
            pgettext_lazy("how to play", "Shame"),
            (
                pgettext_lazy(
                    "how to play",
                    "If you cannot make a legal play, you put any card of your hand face up "
                    "on the discard pile (it is not a hit) and take 5 Injury at once; you are "
                    "out of this Melee. You cannot Shame while you hold an Alchemy card you "
                    "could play.",
                ),
            ),
        ),
        Rule(
            "TT-12",
            pgettext_lazy("how to play", "Feints"),
            (
                pgettext_lazy(
                    "how to play",
                    "Cards of equal value in a Melee Feint: they cannot lose the Melee, but "
                    "the loser still takes them as hits. Several Feints of different values "
                    "may stand at once. A card stays Feinted only while another card of its "
                    "value remains in the Melee.",
                ),
            ),
        ),
        Rule(
            "TT-13",
            pgettext_lazy("how to play", "Who loses a Melee"),
            (
                pgettext_lazy(
                    "how to play",
                    "Of the cards not Feinted, the lowest value loses. The loser takes every "
                    "card of the Melee into their Weapon Hits pile and leads the next Melee.",
                ),
            ),
        ),
        Rule(
            "TA-6",
            pgettext_lazy("how to play", "Morgan le Fay"),
            (
                pgettext_lazy(
                    "how to play",
                    "With one or more Morgan le Fay in the Melee, the highest value loses "
                    "instead. If every Morgan leaves the Melee the effect ends; a Feinted "
                    "Morgan stays and keeps it.",
                ),
            ),
        ),
        Rule(
            "TT-14",
            pgettext_lazy("how to play", "Everything Feinted"),
            (
                pgettext_lazy(
                    "how to play",
                    "If every card of a Melee is Feinted nobody loses: the cards wait for the "
                    "loser of the next Melee (they may pile up over several Melees), which the "
                    "same Lead Player leads. After the round's last Melee they are discarded.",
                ),
            ),
        ),
        Rule(
            "TA-7",
            pgettext_lazy("how to play", "Lone Lead"),
            (
                pgettext_lazy(
                    "how to play",
                    "If everyone but the Lead Player Shamed, the Lead Player loses and takes "
                    "the one card.",
                ),
            ),
        ),
        Rule(
            "TA-8",
            pgettext_lazy("how to play", "Mists of Avalon"),
            (
                pgettext_lazy(
                    "how to play",
                    "When played, Mists of Avalon discards the lowest card the opponents "
                    "played into the Melee before it (a Feinted card too, if it is the "
                    "lowest), and that card's player is Shamed. A Mists that leads discards "
                    "nothing.",
                ),
            ),
        ),
        Rule(
            "TT-15",
            pgettext_lazy("how to play", "The end of combat (Camelot rules)"),
            (pgettext_lazy("how to play", "Combat ends when every dealt card has been played."),),
        ),
        Rule(
            "TA-9",
            pgettext_lazy("how to play", "Swift End (Avalon rules)"),
            (
                pgettext_lazy(
                    "how to play",
                    "Combat ends when a Melee would start but some player has no card left.",
                ),
            ),
        ),
        Rule(
            "TT-16",
            pgettext_lazy("how to play", "Altered cards"),
            (
                pgettext_lazy(
                    "how to play",
                    "If a power changes or replaces a played card so that it no longer "
                    "matches the Lead Suit, its player discards it and is Shamed. The Lead "
                    "Suit never changes once set.",
                ),
            ),
        ),
    ),
)

SECTIONS = (CARDS, SETUP, DAWN, COMBAT, DUSK, GODSENDS, CHAOS, CARD_TEXTS)
