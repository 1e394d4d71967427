"""How to play Avalon, the jousting game: docs/rules/jousting-avalon.md for players."""

from __future__ import annotations

from django.utils.translation import pgettext_lazy

from .book import Rule, Section

CARDS = Section(
    pgettext_lazy("how to play", "Cards and money"),
    (
        Rule(
            "JA-1",
            pgettext_lazy("how to play", "Weapons"),
            (
                pgettext_lazy(
                    "how to play",
                    "Four kinds of weapon card (sword, shield, lance, armour), one card of "
                    "each value per kind, plus jokers worth 0 that stand in for any kind. The "
                    "deck depends on the number of knights: 3 knights play values 1 to 6 and 3 "
                    "jokers, 4 play 1 to 9 and 4 jokers, 5 play 1 to 12 and 2 jokers, 6 play 1 "
                    "to 15 and 6 jokers. Two cards of the same kind never tie.",
                ),
            ),
        ),
        Rule(
            "JA-2",
            pgettext_lazy("how to play", "Money"),
            (pgettext_lazy("how to play", "Every knight starts with 10 coins."),),
        ),
        Rule(
            "JH-1",
            pgettext_lazy("how to play", "The bank"),
            (
                pgettext_lazy(
                    "how to play", "The bank never runs out, and money is counted in whole coins."
                ),
            ),
        ),
        Rule(
            "JA-3",
            pgettext_lazy("how to play", "The deal"),
            (
                pgettext_lazy(
                    "how to play",
                    "The game is for 3 to 6 knights. All the weapon cards are shuffled and "
                    "dealt out evenly.",
                ),
            ),
        ),
        Rule(
            "JH-2",
            pgettext_lazy("how to play", "Cards left over"),
            (
                pgettext_lazy(
                    "how to play",
                    "Any cards left over from an uneven deal would be laid face up and drafted "
                    "in seat order; with these decks every deal comes out even.",
                ),
            ),
        ),
        Rule(
            "JA-4",
            pgettext_lazy("how to play", "The draft"),
            (
                pgettext_lazy(
                    "how to play",
                    "A table option that takes luck out of the deal: each knight is dealt "
                    "only 6 cards (3 or 4 knights) or 5 cards (5 or 6 knights) and the rest "
                    "are laid face up. The holder of coat of arms A picks one face-up card, "
                    "then the others in seat order; then B opens the next pick round, and so "
                    "on until no face-up card is left.",
                ),
            ),
        ),
    ),
)

ROUND = Section(
    pgettext_lazy("how to play", "A round"),
    (
        Rule(
            "JA-5",
            pgettext_lazy("how to play", "Round order"),
            (
                pgettext_lazy(
                    "how to play",
                    "Each round is a barter session, then the duels the course names for it.",
                ),
            ),
        ),
        Rule(
            "JA-6",
            pgettext_lazy("how to play", "Bartering"),
            (
                pgettext_lazy(
                    "how to play",
                    "Before the duels the knights trade cards and coins freely, with everyone "
                    "or with one knight, with no limits; knights out of the fighting trade "
                    "too. Nobody may lie about their cards.",
                ),
            ),
        ),
        Rule(
            "JH-3",
            pgettext_lazy("how to play", "Bartering on the web"),
            (
                pgettext_lazy(
                    "how to play",
                    "A trade is an offer (cards and/or coins for cards and/or coins) to one "
                    "knight or to all; the other side accepts or declines, and an accepted "
                    "trade happens at once and in full, or not at all.",
                ),
                pgettext_lazy(
                    "how to play",
                    "You may show chosen cards of your hand to chosen knights; the site shows "
                    "your true cards, so a showing cannot lie. A table option limits offers "
                    "per knight and session (10 by default).",
                ),
                pgettext_lazy(
                    "how to play",
                    "The session ends when every knight has said “done” since the "
                    "last accepted trade; a new offer reopens it for the knights it is made "
                    "to. A timeout counts as “done”.",
                ),
            ),
        ),
        Rule(
            "JA-7",
            pgettext_lazy("how to play", "Fit to fight, and withdrawing"),
            (
                pgettext_lazy(
                    "how to play",
                    "A complete set is a sword, a shield, a lance and an armour, jokers "
                    "standing in for any of them. When the duels are called, every knight "
                    "without a complete set is disqualified for the rest of the tournament.",
                ),
                pgettext_lazy(
                    "how to play",
                    "You may also withdraw whenever the game waits on anyone, even holding a "
                    "set and even when it is not your turn; that too is for good. A "
                    "withdrawal calls off your duels not yet revealed. Knights out of the "
                    "fighting keep bartering.",
                ),
            ),
        ),
        Rule(
            "JA-8",
            pgettext_lazy("how to play", "The course of the tournament"),
            (
                pgettext_lazy(
                    "how to play",
                    "Coat-of-arms letters A to F pair the knights in each round, following "
                    "the course card for the number of knights still fighting; with an odd "
                    "number one knight sits out. When a knight drops out, the course card for "
                    "the new number is taken, the knights are lettered again and play goes on "
                    "from that card's first round.",
                ),
            ),
        ),
        Rule(
            "JH-4",
            pgettext_lazy("how to play", "The course cards"),
            (
                pgettext_lazy(
                    "how to play",
                    "Every knight meets every other in turn, starting again at round 1 after "
                    "the last round. The first letter goes to a knight drawn at random, the "
                    "others follow in seat order.",
                ),
            ),
            table=(
                (
                    pgettext_lazy("how to play", "Knights"),
                    pgettext_lazy("how to play", "Round 1"),
                    pgettext_lazy("how to play", "Round 2"),
                    pgettext_lazy("how to play", "Round 3"),
                    pgettext_lazy("how to play", "Round 4"),
                    pgettext_lazy("how to play", "Round 5"),
                ),
                (
                    "6",
                    "A–B, C–D, E–F",
                    "A–C, B–E, D–F",
                    "A–D, B–F, C–E",
                    "A–E, B–D, C–F",
                    "A–F, B–C, D–E",
                ),
                (
                    "5",
                    pgettext_lazy("how to play", "A–B, C–D, E sits out"),
                    pgettext_lazy("how to play", "A–C, B–E, D sits out"),
                    pgettext_lazy("how to play", "A–D, C–E, B sits out"),
                    pgettext_lazy("how to play", "A–E, B–D, C sits out"),
                    pgettext_lazy("how to play", "B–C, D–E, A sits out"),
                ),
                ("4", "A–B, C–D", "A–C, B–D", "A–D, B–C", "", ""),
                (
                    "3",
                    pgettext_lazy("how to play", "A–B, C sits out"),
                    pgettext_lazy("how to play", "A–C, B sits out"),
                    pgettext_lazy("how to play", "B–C, A sits out"),
                    "",
                    "",
                ),
                ("2", "A–B", "", "", "", ""),
            ),
        ),
    ),
)

DUEL = Section(
    pgettext_lazy("how to play", "The duel"),
    (
        Rule(
            "JA-9",
            pgettext_lazy("how to play", "Laying the sets"),
            (
                pgettext_lazy(
                    "how to play",
                    "Each duelist lays four cards face down, one in each place (sword, shield, "
                    "lance, armour); a joker may fill any place. All the round's duelists lay "
                    "at once; then the duels are revealed one by one in course order.",
                ),
            ),
        ),
        Rule(
            "JA-10",
            pgettext_lazy("how to play", "Places"),
            (
                pgettext_lazy(
                    "how to play",
                    "The sets are compared place by place, and the higher card wins the place. "
                    "The winner of a place takes the loser's card into hand, and the winning "
                    "card, ruined, goes face down to the junk pile. Joker against joker: both "
                    "go to the junk pile and nobody wins that place.",
                ),
            ),
        ),
        Rule(
            "JA-11",
            pgettext_lazy("how to play", "Winning a duel"),
            (
                pgettext_lazy(
                    "how to play",
                    "The knight who wins more places wins the duel and 10 coins from the bank; "
                    "equal places is a draw, settled by God's judgement.",
                ),
            ),
        ),
        Rule(
            "JA-12",
            pgettext_lazy("how to play", "God's judgement"),
            (
                pgettext_lazy(
                    "how to play",
                    "A drawn duel is decided by a race: small chips are thrown, and the first "
                    "duelist to pick the large chip they point to wins the duel and the 10 "
                    "coins.",
                ),
            ),
        ),
        Rule(
            "JH-5",
            pgettext_lazy("how to play", "God's judgement on the web"),
            (
                pgettext_lazy(
                    "how to play",
                    "A table option chooses. By default the judgement is drawn by lot. With "
                    "the live option the chips are thrown on screen and the first pick the "
                    "server receives decides: the right chip wins, a wrong chip hands the duel "
                    "to the other duelist; leaving it to chance, or a timeout, draws by lot.",
                ),
                pgettext_lazy(
                    "how to play",
                    "How the throw points to a chip: one symbol showing points to that "
                    "symbol, all three to “all three”; with two showing, one dot "
                    "points to the missing symbol and two dots to “all three”; with "
                    "none showing the chips are thrown again.",
                ),
            ),
        ),
        Rule(
            "JA-13",
            pgettext_lazy("how to play", "The junk pile"),
            (
                pgettext_lazy(
                    "how to play",
                    "After each duel the two duelists, the winner first, may each buy one card "
                    "from the junk pile for 5 coins, drawn blind; you see the card only after "
                    "buying. A duelist who cannot pay, or finds the pile empty, is skipped.",
                ),
            ),
        ),
    ),
)

END = Section(
    pgettext_lazy("how to play", "Winning"),
    (
        Rule(
            "JA-14",
            pgettext_lazy("how to play", "The last knight"),
            (
                pgettext_lazy(
                    "how to play",
                    "As soon as only one knight is left able and willing to show a complete "
                    "set, that knight receives 10 coins and the game ends. The knight with the "
                    "most money wins; cards are worth nothing.",
                ),
                pgettext_lazy(
                    "how to play",
                    "A knight still counts while they hold a complete set or can still "
                    "complete one by trading (the missing kinds are still in play and they "
                    "have a card or a coin to trade with).",
                ),
            ),
        ),
        Rule(
            "JH-6",
            pgettext_lazy("how to play", "Ties and an empty field"),
            (
                pgettext_lazy(
                    "how to play",
                    "Knights tied for the most money share the win. If nobody is left able to "
                    "show a set at once, the game ends without the bonus.",
                ),
            ),
        ),
    ),
)

SECTIONS = (CARDS, ROUND, DUEL, END)
