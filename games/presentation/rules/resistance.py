"""How to play The Resistance: Avalon: docs/rules/resistance-avalon.md for players."""

from __future__ import annotations

from django.utils.translation import pgettext_lazy

from .book import Rule, Section

SETUP = Section(
    pgettext_lazy("how to play", "Setting up"),
    (
        Rule(
            "RA-1",
            pgettext_lazy("how to play", "Players"),
            (pgettext_lazy("how to play", "The game is for 5 to 10 players."),),
        ),
        Rule(
            "RA-2",
            pgettext_lazy("how to play", "Good and Evil"),
            (
                pgettext_lazy(
                    "how to play",
                    "Each player is secretly on the side of Good (the Loyal Servants of "
                    "Arthur) or of Evil (the Minions of Mordred). The player count fixes how "
                    "many are on each side: 5 players are 3 Good and 2 Evil, 6 are 4 and 2, "
                    "7 are 4 and 3, 8 are 5 and 3, 9 are 6 and 3, 10 are 6 and 4.",
                ),
            ),
        ),
        Rule(
            "RA-3",
            pgettext_lazy("how to play", "Characters"),
            (
                pgettext_lazy(
                    "how to play",
                    "Merlin (Good) and the Assassin (Evil) are in every game unless the table "
                    "leaves both out together; then there is no assassination at the end. "
                    "Percival (Good) and Mordred, Morgana and Oberon (Evil) are options of the "
                    "table. Everyone else is a Loyal Servant or a Minion.",
                ),
                pgettext_lazy(
                    "how to play",
                    "Percival needs Merlin, and the chosen Evil characters must fit the Evil "
                    "seats: a table that does not fit is refused when it is opened, with the "
                    "reason.",
                ),
            ),
        ),
        Rule(
            "RA-4",
            pgettext_lazy("how to play", "Advice, not law"),
            (
                pgettext_lazy(
                    "how to play",
                    "With Percival at 5 players the rulebook advises adding Mordred or "
                    "Morgana. The site shows this advice when you open the table; it does not "
                    "refuse the table.",
                ),
            ),
        ),
        Rule(
            "RA-5",
            pgettext_lazy("how to play", "The deal"),
            (
                pgettext_lazy(
                    "how to play",
                    "Characters are dealt at random, and the first Leader is chosen at "
                    "random. With the Lady of the Lake, the token starts with the player "
                    "before the Leader in seat order.",
                ),
            ),
        ),
    ),
)

NIGHT = Section(
    pgettext_lazy("how to play", "The night: what each player knows"),
    (
        Rule(
            "RA-6",
            pgettext_lazy("how to play", "Evil sees Evil"),
            (
                pgettext_lazy(
                    "how to play",
                    "The Evil players, Oberon aside, learn who else is Evil: their side, not "
                    "their characters.",
                ),
            ),
        ),
        Rule(
            "RA-7",
            pgettext_lazy("how to play", "Oberon"),
            (
                pgettext_lazy(
                    "how to play",
                    "Oberon learns nothing, and the other Evil players do not learn him.",
                ),
            ),
        ),
        Rule(
            "RA-8",
            pgettext_lazy("how to play", "Merlin"),
            (
                pgettext_lazy(
                    "how to play",
                    "Merlin learns every Evil player except Mordred (Oberon included), "
                    "without their characters.",
                ),
            ),
        ),
        Rule(
            "RA-9",
            pgettext_lazy("how to play", "Percival"),
            (
                pgettext_lazy(
                    "how to play",
                    "Percival learns who Merlin and Morgana are, without knowing which is "
                    "which. Without Morgana he learns Merlin alone.",
                ),
            ),
        ),
        Rule(
            "RA-10",
            pgettext_lazy("how to play", "Nobody sees a character card"),
            (
                pgettext_lazy(
                    "how to play",
                    "Loyal Servants learn nothing. Nobody ever sees another player's "
                    "character card while the game is on.",
                ),
            ),
        ),
    ),
)

ROUNDS = Section(
    pgettext_lazy("how to play", "A round"),
    (
        Rule(
            "RA-11",
            pgettext_lazy("how to play", "Team sizes"),
            (
                pgettext_lazy(
                    "how to play",
                    "Each quest needs a team of a fixed size, by the number of players:",
                ),
            ),
            table=(
                (pgettext_lazy("how to play", "Players"), "5", "6", "7", "8", "9", "10"),
                (pgettext_lazy("how to play", "Quest 1"), "2", "2", "2", "3", "3", "3"),
                (pgettext_lazy("how to play", "Quest 2"), "3", "3", "3", "4", "4", "4"),
                (pgettext_lazy("how to play", "Quest 3"), "2", "4", "3", "4", "4", "4"),
                (pgettext_lazy("how to play", "Quest 4"), "3", "3", "4", "5", "5", "5"),
                (pgettext_lazy("how to play", "Quest 5"), "3", "4", "4", "5", "5", "5"),
            ),
        ),
        Rule(
            "RA-12",
            pgettext_lazy("how to play", "Proposing a team"),
            (
                pgettext_lazy(
                    "how to play",
                    "The Leader names exactly as many different players as the quest needs, "
                    "and may include themself.",
                ),
            ),
        ),
        Rule(
            "RA-13",
            pgettext_lazy("how to play", "The vote"),
            (
                pgettext_lazy(
                    "how to play",
                    "Everyone, the Leader included, votes in secret to approve or reject the "
                    "team. The votes are shown together, with who voted what, once all are "
                    "in. More approvals than rejections carry the team; a tie rejects it.",
                ),
            ),
        ),
        Rule(
            "RA-14",
            pgettext_lazy("how to play", "A rejected team"),
            (
                pgettext_lazy(
                    "how to play",
                    "Leadership passes to the next player in seat order, who proposes a new "
                    "team for the same quest.",
                ),
            ),
        ),
        Rule(
            "RA-15",
            pgettext_lazy("how to play", "Five rejections"),
            (
                pgettext_lazy(
                    "how to play",
                    "If five teams in a row are rejected in one round, Evil wins at once.",
                ),
            ),
        ),
        Rule(
            "RA-16",
            pgettext_lazy("how to play", "The quest"),
            (
                pgettext_lazy(
                    "how to play",
                    "Each team member plays Success or Fail in secret. Good players can only "
                    "play Success; Evil players may play either.",
                ),
            ),
        ),
        Rule(
            "RA-17",
            pgettext_lazy("how to play", "The reveal"),
            (
                pgettext_lazy(
                    "how to play",
                    "Only the number of Fail cards is made public, never who played them: the "
                    "cards are shuffled before they are shown.",
                ),
            ),
        ),
        Rule(
            "RA-18",
            pgettext_lazy("how to play", "Success or failure"),
            (
                pgettext_lazy(
                    "how to play",
                    "A quest fails with one Fail card or more, except the fourth quest in "
                    "games of 7 or more players, which fails only with two Fails or more.",
                ),
            ),
        ),
        Rule(
            "RA-19",
            pgettext_lazy("how to play", "The next round"),
            (
                pgettext_lazy(
                    "how to play",
                    "After a quest, leadership passes to the next player, the next quest "
                    "begins and the count of rejected teams starts again from zero.",
                ),
            ),
        ),
    ),
)

END = Section(
    pgettext_lazy("how to play", "Winning"),
    (
        Rule(
            "RA-20",
            pgettext_lazy("how to play", "Three failed quests"),
            (pgettext_lazy("how to play", "Evil wins at once."),),
        ),
        Rule(
            "RA-21",
            pgettext_lazy("how to play", "Three successful quests"),
            (
                pgettext_lazy(
                    "how to play",
                    "With Merlin and the Assassin in the game, the assassination follows. "
                    "Without them, Good wins at once.",
                ),
            ),
        ),
        Rule(
            "RA-22",
            pgettext_lazy("how to play", "The assassination"),
            (
                pgettext_lazy(
                    "how to play",
                    "The Evil players may talk it over, then the Assassin names one player. "
                    "If that player is Merlin, Evil wins; otherwise Good wins.",
                ),
                pgettext_lazy(
                    "how to play",
                    "The Assassin may name anyone but themself and the Evil players they know, "
                    "so the list of targets gives nothing away. Oberon can be named: naming "
                    "him simply misses Merlin.",
                ),
            ),
        ),
        Rule(
            "RA-23",
            pgettext_lazy("how to play", "Everything is shown at the end"),
            (
                pgettext_lazy(
                    "how to play",
                    "When the game ends every character is shown to everyone, and the replay "
                    "shows the whole game: the votes, who played which quest card and what "
                    "the Lady of the Lake saw.",
                ),
            ),
        ),
    ),
)

OPTIONS = Section(
    pgettext_lazy("how to play", "Table options"),
    (
        Rule(
            "RA-24",
            pgettext_lazy("how to play", "The Lady of the Lake"),
            (
                pgettext_lazy(
                    "how to play",
                    "Right after the 2nd, 3rd and 4th quests, the holder of the token examines "
                    "one player who has never held it. That player's side (Good or Evil, not "
                    "the character) is shown to the holder alone, and the examined player "
                    "takes the token. The holder may say anything about it; the site never "
                    "shows the result to anyone else before the end.",
                ),
                pgettext_lazy(
                    "how to play",
                    "The rulebook recommends the Lady for 7 players or more; the site allows "
                    "her at any count.",
                ),
            ),
        ),
        Rule(
            "RA-25",
            pgettext_lazy("how to play", "Targeting"),
            (
                pgettext_lazy(
                    "how to play",
                    "The Leader also chooses which quest not yet attempted the team goes on, "
                    "and the team has that quest's size. The 5th quest cannot be attempted "
                    "before two quests have succeeded. The fourth quest keeps its two-Fail "
                    "rule wherever it comes in the game.",
                ),
            ),
        ),
        Rule(
            "RA-26",
            pgettext_lazy("how to play", "Plot cards"),
            (
                pgettext_lazy(
                    "how to play",
                    "Plot cards and their Loyalty-card rules belong to The Resistance, not to "
                    "this box: the site does not offer them.",
                ),
            ),
        ),
    ),
)

WEB = Section(
    pgettext_lazy("how to play", "Playing on the web"),
    (
        Rule(
            "RA-W1",
            pgettext_lazy("how to play", "Deciding at the same time"),
            (
                pgettext_lazy(
                    "how to play",
                    "Votes and quest cards are collected from everyone who must act, in any "
                    "order. Until the reveal nobody sees anything of a vote or card, except "
                    "who has already acted.",
                ),
            ),
        ),
        Rule(
            "RA-W2",
            pgettext_lazy("how to play", "When time runs out"),
            (
                pgettext_lazy(
                    "how to play",
                    "The table's timeout policy applies. Under “default move”, a "
                    "missing vote approves, a missing quest card is a Success, a missing team "
                    "is a random legal team, a missing Lady examination picks a random "
                    "eligible player and a missing assassination names a random valid "
                    "target. The log says the move was made by timeout.",
                ),
            ),
        ),
        Rule(
            "RA-W3",
            pgettext_lazy("how to play", "Chat is table talk"),
            (
                pgettext_lazy(
                    "how to play",
                    "You may claim anything in chat, as at a real table. The site never "
                    "checks claims against the truth and never publishes what it knows to "
                    "contradict them.",
                ),
            ),
        ),
        Rule(
            "RA-W4",
            pgettext_lazy("how to play", "Spectators"),
            (
                pgettext_lazy(
                    "how to play",
                    "Spectators see only public information while the game is on, and talk "
                    "in their own chat.",
                ),
            ),
        ),
    ),
)

SECTIONS = (SETUP, NIGHT, ROUNDS, END, OPTIONS, WEB)
