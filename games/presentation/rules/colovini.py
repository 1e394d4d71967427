"""How to play Avalon by Leo Colovini: docs/rules/colovini-avalon.md for players."""

from __future__ import annotations

from django.utils.translation import pgettext_lazy

from .book import Rule, Section

COMPONENTS = Section(
    pgettext_lazy("how to play", "The cards"),
    (
        Rule(
            "CA-1",
            pgettext_lazy("how to play", "Characters"),
            (
                pgettext_lazy(
                    "how to play",
                    "80 character cards: in each of five colours (yellow, green, red, blue, "
                    "purple), 8 sorceresses and 8 knights.",
                ),
            ),
        ),
        Rule(
            "CA-2",
            pgettext_lazy("how to play", "Regions"),
            (
                pgettext_lazy(
                    "how to play",
                    "11 regions worth 1 to 3 crowns each, with a landscape (plain, forest or "
                    "hill); some have a special power.",
                ),
            ),
        ),
        Rule(
            "CH-1",
            pgettext_lazy("how to play", "What each region is worth"),
            (
                pgettext_lazy(
                    "how to play",
                    "Avalon and the Swamp are worth 1 crown each and have no landscape. "
                    "Plains: 2, 2 and a Castle worth 3. Forests: 2, the Stone Circle 2 and a "
                    "Castle worth 3. Hills: 2, 2 and a Castle worth 3. 23 crowns in all.",
                ),
            ),
        ),
        Rule(
            "CA-3",
            pgettext_lazy("how to play", "Reinforcement tiles"),
            (pgettext_lazy("how to play", "9 tiles, 5 light and 4 dark, of six kinds."),),
        ),
        Rule(
            "CH-2",
            pgettext_lazy("how to play", "How many tiles of each kind"),
            (
                pgettext_lazy(
                    "how to play",
                    "Light: “take 2” twice, “most landscape” twice, "
                    "“longest chain” once. Dark: “take 4” once, “2 per "
                    "region of the most landscape” once, “1 per region” twice.",
                ),
            ),
        ),
    ),
)

SETUP = Section(
    pgettext_lazy("how to play", "Setting up"),
    (
        Rule(
            "CA-4",
            pgettext_lazy("how to play", "Setting up"),
            (
                pgettext_lazy(
                    "how to play",
                    "The regions are shuffled into a face-down row between the two players. "
                    "One card from the deck goes face up on each player's side of every "
                    "region (its colour and kind do not matter there). Each player takes 5 "
                    "cards; the rest is the draw deck. The first player is drawn at random.",
                ),
            ),
        ),
    ),
)

TURN = Section(
    pgettext_lazy("how to play", "Your turn"),
    (
        Rule(
            "CA-5",
            pgettext_lazy("how to play", "Playing cards"),
            (
                pgettext_lazy(
                    "how to play",
                    "Play as many cards from your hand as you like, each face up onto your own "
                    "side of a region. Every card can reinforce; a sorceress can also enchant "
                    "and a knight can also attack.",
                ),
            ),
        ),
        Rule(
            "CA-6",
            pgettext_lazy("how to play", "Enchanting"),
            (
                pgettext_lazy(
                    "how to play",
                    "A sorceress played at a region where your opponent's top card has her "
                    "colour (knight or sorceress) enchants that card: unless countered, it "
                    "moves onto your pile there, on top of the sorceress.",
                ),
            ),
        ),
        Rule(
            "CA-7",
            pgettext_lazy("how to play", "Counter-spell"),
            (
                pgettext_lazy(
                    "how to play",
                    "At once, the defender may play a sorceress of the same colour at that "
                    "region: the targeted card and the countering sorceress stay on the "
                    "defender's side, and the enchanting sorceress goes into the defender's "
                    "hand. The active player may go on playing.",
                ),
            ),
        ),
        Rule(
            "CA-8",
            pgettext_lazy("how to play", "Attacking"),
            (
                pgettext_lazy(
                    "how to play",
                    "A knight may attack a region where, before it is played, you have at "
                    "least as many cards as the defender (a Castle needs more). The knight "
                    "must come from your hand: a card won by enchantment cannot attack.",
                ),
            ),
        ),
        Rule(
            "CA-9",
            pgettext_lazy("how to play", "Resistance"),
            (
                pgettext_lazy(
                    "how to play",
                    "At once, the defender may play a knight of the attacker's colour at that "
                    "region, even when outnumbered: the attack fails and both knights stay. "
                    "The active player may go on playing.",
                ),
            ),
        ),
        Rule(
            "CA-10",
            pgettext_lazy("how to play", "Two conquests a turn"),
            (
                pgettext_lazy(
                    "how to play",
                    "You may attack as often as you like, but conquer at most two regions a turn.",
                ),
            ),
        ),
        Rule(
            "CA-11",
            pgettext_lazy("how to play", "The cost of a conquest"),
            (
                pgettext_lazy(
                    "how to play",
                    "First the defender discards all their cards at the region, and you "
                    "discard as many from the top of your pile there. Then you discard as many "
                    "cards as both sides had there together before that first step (plus one "
                    "for a face-up Castle), from your hand and/or the tops of any of your "
                    "piles. If you have fewer cards than that, the rest is forgiven.",
                ),
                pgettext_lazy(
                    "how to play",
                    "For example: 3 cards against 1 costs 1, then 4; 1 against 0 costs 0, "
                    "then 1; a Castle at 3 against 1 costs 1, then 5.",
                ),
            ),
        ),
        Rule(
            "CA-12",
            pgettext_lazy("how to play", "A conquered region"),
            (
                pgettext_lazy(
                    "how to play",
                    "A face-down region is turned face up, its crowns toward the conqueror, "
                    "and its power works at once (a Castle's defence counts only from the "
                    "next attack on it). A face-up region is turned round to face its new "
                    "owner.",
                ),
            ),
        ),
        Rule(
            "CA-13",
            pgettext_lazy("how to play", "The end of a turn"),
            (
                pgettext_lazy(
                    "how to play",
                    "Take one available reinforcement tile, then keep at most 5 cards in "
                    "hand, discarding the rest as you choose (there is no limit during the "
                    "turn). Discards go face up on the discard pile; when the deck runs out, "
                    "they are shuffled into a new deck.",
                ),
            ),
        ),
        Rule(
            "CH-5",
            pgettext_lazy("how to play", "Your own regions"),
            (
                pgettext_lazy(
                    "how to play",
                    "You cannot attack a region you already own; you may reinforce it.",
                ),
            ),
        ),
    ),
)

SPECIAL = Section(
    pgettext_lazy("how to play", "Special regions and tiles"),
    (
        Rule(
            "CA-14",
            pgettext_lazy("how to play", "Castles"),
            (
                pgettext_lazy(
                    "how to play",
                    "There are three Castles. A face-up Castle's defender counts one card "
                    "more: the attacker needs strictly more cards than the defender before "
                    "playing the knight, and the Castle adds one card to the second step of "
                    "the conquest's cost.",
                ),
            ),
        ),
        Rule(
            "CA-15",
            pgettext_lazy("how to play", "Avalon, the Stone Circle and the Swamp"),
            (
                pgettext_lazy(
                    "how to play",
                    "Avalon (1 crown): its owner loses one card fewer in the second step of a "
                    "conquest's cost, once per turn, on the first or the second conquest as "
                    "they choose. It never counts for reinforcements.",
                ),
                pgettext_lazy(
                    "how to play",
                    "The Stone Circle (a forest): its owner may attack with a sorceress as if "
                    "with a knight; the defender resists only with a knight of her colour, and "
                    "an attacking sorceress does not also enchant.",
                ),
                pgettext_lazy("how to play", "The Swamp (1 crown) gives no reinforcements."),
            ),
        ),
        Rule(
            "CA-16",
            pgettext_lazy("how to play", "Cashing reinforcement tiles"),
            (
                pgettext_lazy(
                    "how to play",
                    "A light tile gives cards at once: 2 cards; or 1 card per region of the "
                    "landscape you own most of; or 1 card per region in your longest chain of "
                    "neighbouring regions (Avalon and the Swamp break a chain and never "
                    "count).",
                ),
                pgettext_lazy(
                    "how to play",
                    "A dark tile is kept and cashed at the start of your next turn: 4 cards; "
                    "or 2 cards per region of the landscape you own most of; or 1 card per "
                    "region you own (not Avalon or the Swamp).",
                ),
                pgettext_lazy(
                    "how to play",
                    "A used tile is turned face down; when all nine are used, all come back, "
                    "except a dark tile still waiting in front of its player.",
                ),
            ),
        ),
    ),
)

END = Section(
    pgettext_lazy("how to play", "Winning"),
    (
        Rule(
            "CA-17",
            pgettext_lazy("how to play", "Fifteen crowns"),
            (
                pgettext_lazy(
                    "how to play",
                    "If you own regions worth 15 crowns or more at the end of your own turn, "
                    "you win.",
                ),
            ),
        ),
        Rule(
            "CH-6",
            pgettext_lazy("how to play", "When no card can be played any more"),
            (
                pgettext_lazy(
                    "how to play",
                    "When hands, deck and discard pile are all empty at the end of a turn, "
                    "nothing can change any more: the game ends and the most crowns win, a "
                    "shared win when equal. While a discarded card can still come back "
                    "through a reshuffle, play goes on.",
                ),
            ),
        ),
    ),
)

WEB = Section(
    pgettext_lazy("how to play", "Playing on the web"),
    (
        Rule(
            "CH-3",
            pgettext_lazy("how to play", "Answering an enchantment or an attack"),
            (
                pgettext_lazy(
                    "how to play",
                    "Counter-spells and resistance are the defender's answers inside the "
                    "active player's turn. The game waits for the defender to answer (or "
                    "not) before the active player goes on, and the active player sees that "
                    "they are waiting. A timeout counts as no answer.",
                ),
                pgettext_lazy(
                    "how to play",
                    "By default the defender is asked every time, so being asked gives "
                    "nothing away. A table option skips asking a defender who holds no card "
                    "that could answer: faster, but it tells the attacker so.",
                ),
            ),
        ),
        Rule(
            "CH-4",
            pgettext_lazy("how to play", "Hidden information"),
            (
                pgettext_lazy(
                    "how to play",
                    "Hands, the order of the deck and the face-down regions are secret; you "
                    "see only how many cards your opponent holds. Played cards and the "
                    "discard pile are public.",
                ),
            ),
        ),
    ),
)

SECTIONS = (COMPONENTS, SETUP, TURN, SPECIAL, END, WEB)
