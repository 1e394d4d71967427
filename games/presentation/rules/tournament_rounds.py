"""How to play Tournament at Camelot and Tournament at Avalon, the later parts of a round
and the variant: Dusk, the Godsend phase, Chaos of Battle and the card texts (the first
parts are in tournament.py, which builds both pages)."""

from __future__ import annotations

from django.utils.translation import pgettext_lazy

from .book import Rule, Section

DUSK = Section(
    pgettext_lazy("how to play", "Dusk: counting the hits"),
    (
        Rule(
            "TT-17",
            pgettext_lazy("how to play", "The tally"),
            (
                pgettext_lazy(
                    "how to play",
                    "Unplayed cards are discarded. Each player adds up the Injury of their "
                    "Weapon Hits, applies the powers in play (a card's Injury is doubled at "
                    "most once) and takes it off their Health.",
                ),
            ),
        ),
        Rule(
            "TT-18",
            pgettext_lazy("how to play", "The end of the game"),
            (
                pgettext_lazy(
                    "how to play",
                    "The game ends at once when any player reaches 0 Health or less, at Dusk "
                    "or mid-round. The most Health wins; ties share the win.",
                ),
            ),
        ),
        Rule(
            "TT-19",
            pgettext_lazy("how to play", "The next Dealer"),
            (
                pgettext_lazy(
                    "how to play", "The player with the least Health deals the next round."
                ),
            ),
        ),
        Rule(
            "TH-6",
            pgettext_lazy("how to play", "Ties for the least Health"),
            (
                pgettext_lazy(
                    "how to play",
                    "Among players tied for the least Health, the next Dealer is the tied "
                    "player first to the left of the previous Dealer.",
                ),
            ),
        ),
    ),
)

GODSENDS = Section(
    pgettext_lazy("how to play", "The Godsend phase"),
    (
        Rule(
            "TT-20",
            pgettext_lazy("how to play", "Old Godsends go"),
            (
                pgettext_lazy(
                    "how to play", "Every Godsend still in front of a player is discarded first."
                ),
            ),
        ),
        Rule(
            "TT-21",
            pgettext_lazy("how to play", "Who receives a Godsend"),
            (
                pgettext_lazy(
                    "how to play",
                    "The most injured players receive one each, as many as the chart gives "
                    "for the round. The healthiest player never receives one. Then each "
                    "player 100 or more behind the healthiest receives one more, and each "
                    "player 200 or more behind one more again, the most injured first.",
                ),
            ),
            table=(
                (
                    pgettext_lazy("how to play", "Players"),
                    pgettext_lazy("how to play", "Round 1"),
                    pgettext_lazy("how to play", "Round 2"),
                    pgettext_lazy("how to play", "Round 3"),
                    pgettext_lazy("how to play", "Round 4"),
                    pgettext_lazy("how to play", "Round 5+"),
                ),
                (pgettext_lazy("how to play", "Camelot, 3–4"), "1", "2", "3", "4", "5"),
                (pgettext_lazy("how to play", "Camelot, 5–6"), "2", "3", "4", "5", "5"),
                (pgettext_lazy("how to play", "Avalon, 3–4"), "1", "2", "3", "3", "3"),
                (pgettext_lazy("how to play", "Avalon, 5–6"), "2", "3", "4", "5", "5"),
            ),
        ),
        Rule(
            "TT-22",
            pgettext_lazy("how to play", "Picking Godsends"),
            (
                pgettext_lazy(
                    "how to play",
                    "Two Godsend cards are turned face up. Each recipient in turn takes a "
                    "face-up card (replaced at once from the deck) or the top card of the "
                    "deck unseen. A Godsend works at once unless its text says otherwise, and "
                    "Godsends are public.",
                ),
            ),
        ),
        Rule(
            "TT-23",
            pgettext_lazy("how to play", "Conflicting powers"),
            (
                pgettext_lazy(
                    "how to play",
                    "A Godsend overrules a Protagonist, which overrules a Companion, which "
                    "overrules a special weapon, which overrules basic weapons and Alchemy. "
                    "Effects that trigger together resolve in the order the player with the "
                    "least Health chooses.",
                ),
            ),
        ),
        Rule(
            "TH-9",
            pgettext_lazy("how to play", "Your powers ask you"),
            (
                pgettext_lazy(
                    "how to play",
                    "A power that you may use or keep asks you each time it could apply, and "
                    "play waits for your answer: Guinevere (pass a loss on), the Elf Knight "
                    "(place her token on a losing card), Sir Galahad (take only his own "
                    "cards), Armor of Avalon (break a Feint holding his card) and Chivalry "
                    "(spend a token to heal after a lost Melee).",
                ),
                pgettext_lazy(
                    "how to play",
                    "The question says what triggered it, what each answer does and who would "
                    "lose the Melee either way; everyone sees the question and the answer. If "
                    "your time runs out you keep the power. A decision with only one possible "
                    "answer is not asked.",
                ),
            ),
        ),
    ),
)

CHAOS = Section(
    pgettext_lazy("how to play", "Chaos of Battle (5 to 8 players, both boxes)"),
    (
        Rule(
            "TX-1",
            pgettext_lazy("how to play", "Characters and the first Host"),
            (
                pgettext_lazy(
                    "how to play",
                    "The characters of both games are combined. If the Elf Queen is in play "
                    "she hosts the first round; otherwise a random player hosts. The Host "
                    "picks the starting Location and gains its Host Advantage.",
                ),
            ),
        ),
        Rule(
            "TX-2",
            pgettext_lazy("how to play", "The Chaos deck"),
            (
                pgettext_lazy(
                    "how to play",
                    "Avalon's full weapons deck plus the two Camelot suits named on the "
                    "current Location; Camelot's Merlin and Sorcerer's Apprentice are set "
                    "aside.",
                ),
            ),
        ),
        Rule(
            "TX-3",
            pgettext_lazy("how to play", "Chaos Godsends"),
            (
                pgettext_lazy(
                    "how to play",
                    "Both Godsend decks are shuffled together without Beswitched, Dwarves, "
                    "Alchemy and Black Knight. Three players receive a Godsend after round 1, "
                    "then two more each round; there are no extra cards for being far "
                    "behind.",
                ),
            ),
        ),
        Rule(
            "TX-4",
            pgettext_lazy("how to play", "Hosts and Locations"),
            (
                pgettext_lazy(
                    "how to play",
                    "The Host leads round 1; later rounds are led by the player to the Host's "
                    "left. At Dusk the least healthy player becomes Host and chooses the next "
                    "Location, which must share a suit with the previous one (or be the "
                    "same); the deck's extra suits change to match.",
                ),
            ),
        ),
        Rule(
            "TX-5",
            pgettext_lazy("how to play", "The end of a Chaos game"),
            (
                pgettext_lazy(
                    "how to play",
                    "After three rounds, or when a player reaches 0 Health. The most Health "
                    "wins; ties share the win.",
                ),
            ),
        ),
    ),
)

CARD_TEXTS = Section(
    pgettext_lazy("how to play", "About the card texts"),
    (
        Rule(
            "TH-7",
            pgettext_lazy("how to play", "Our own card texts"),
            (
                pgettext_lazy(
                    "how to play",
                    "The rulebooks print the full text of only a few cards. Where a card's "
                    "printed text is unknown, the site plays a text of its own design, true "
                    "to every hint the rulebooks give; such cards are marked as ours.",
                ),
            ),
        ),
        Rule(
            "TH-8",
            pgettext_lazy("how to play", "How many cards"),
            (
                pgettext_lazy(
                    "how to play",
                    "Camelot has 8 Protagonist and Companion pairs and 24 Godsends; Avalon "
                    "has 10 pairs, 26 Godsends and 5 Locations.",
                ),
            ),
        ),
    ),
)
