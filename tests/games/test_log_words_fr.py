"""The logs addressed to their reader and in the reader's language (issue 12): the reader's
own moves read "You play…", the others' "Ann plays…"; in French the same lines, with the
cards, suits, roles and powers named in French; and every Tournament card of the engine
has its name among the msgids (games/presentation/tournament/names.py) and its text (what
its power does) in French."""

from __future__ import annotations

from typing import Any

import pytest
from django.utils import translation

from games.engine.games.tournament.characters import CHARACTERS
from games.engine.games.tournament.godsends import GODSENDS
from games.engine.games.tournament.locations import LOCATIONS
from games.presentation.colovini.log import WORDS as COLOVINI
from games.presentation.colovini.wire import ev as cev
from games.presentation.jousting.log import WORDS as JOUSTING
from games.presentation.jousting.wire import ev as jev
from games.presentation.registry import presenter_for
from games.presentation.resistance.log import WORDS as RESISTANCE
from games.presentation.resistance.wire import ev, mv
from games.presentation.tournament.cards import power_by_id
from games.presentation.tournament.log import WORDS
from games.presentation.tournament.names import CARD_NAMES
from games.presentation.tournament.wire import ev as tev
from games.presentation.words import EventWords, ForReader, Plain, Reader, Said

NAMES = ["Ann", "Bo", "Cy"]
PLAYED = {
    "type": tev.CardPlayed.TYPE,
    "seat": 0,
    "card": "swords-7",
    "value": 7,
    "suit": "swords",
    "leads": True,
}
LOST = {"type": tev.MeleeEnded.TYPE, "loser": 1, "taken": ["swords-7", "alchemy-3"], "feints": 2}
POWER = {"type": tev.PowerUsed.TYPE, "seat": 2, "power": "king-arthur"}
HURT = {"type": tev.HealthChanged.TYPE, "seat": 0, "delta": -10, "why": "dusk"}
DEALT = {"type": tev.Dealt.TYPE, "round": 2, "dealer": 1, "hand": ["swords-1", "arrows-2"]}
WON = {"type": tev.GameEnded.TYPE, "winners": [0], "reason": "zero_health"}


def lines(reader: int | None) -> list[str]:
    r = Reader(NAMES, reader)
    return [WORDS.describe(e, r) for e in (PLAYED, LOST, POWER, HURT, DEALT, WON)]


def test_the_log_says_you_to_its_reader_and_names_the_others() -> None:
    with translation.override("en"):
        mine = lines(0)
        theirs = lines(1)
        spectator = lines(None)
    assert mine[0] == "You play the 7 of Swords, leading Swords."
    assert theirs[0] == "Ann plays the 7 of Swords, leading Swords."
    assert theirs[1] == (
        "You lose the Melee and take the 7 of Swords, the 3 of Alchemy as Weapon Hits. "
        "2 cards were Feinted."
    )
    assert mine[1].startswith("Bo loses the Melee and takes the 7 of Swords")
    assert mine[3] == "You take 10 Injury (Dusk)."
    assert mine[5] == "The Tournament is over (a player fell to 0 Health): you win."
    assert spectator[5] == "The Tournament is over (a player fell to 0 Health): Ann wins."
    assert not any(line.startswith("You") for line in spectator)


def test_the_log_in_french() -> None:
    with translation.override("fr"):
        mine = lines(0)
        theirs = lines(1)
    assert mine[0] == "Vous jouez 7 d'Épées, en entamant Épées."
    assert theirs[0] == "Ann joue 7 d'Épées, en entamant Épées."
    assert theirs[1] == (
        "Vous perdez la Mêlée et prenez 7 d'Épées, 3 d'Alchimie comme Coups reçus. "
        "2 cartes ont été feintées."
    )
    assert mine[2] == "Cy utilise le roi Arthur."
    assert mine[3] == "Vous subissez 10 de Blessure (Crépuscule)."
    assert mine[4] == "Manche 2 : Bo distribue les armes. Vous avez 2 cartes."
    assert mine[5] == "Le tournoi est terminé (un joueur est tombé à 0 de Santé) : vous gagnez."


def test_every_card_of_the_engine_has_its_name_among_the_msgids() -> None:
    names = {c.name for table in (CHARACTERS, GODSENDS, LOCATIONS) for c in table.values()}
    assert names == set(CARD_NAMES)


def test_every_card_reads_in_the_readers_language() -> None:
    """A card's power as the pages show it (board, secret panel, choices): the engine's
    English text is a msgid, and the French catalogue has every one."""
    cards = [c for table in (CHARACTERS, GODSENDS, LOCATIONS) for c in table.values()]
    with translation.override("en"):
        english = {c.id: power_by_id(c.id) for c in cards}
    with translation.override("fr"):
        french = {c.id: power_by_id(c.id) for c in cards}
    untranslated = [c.text for c in cards if french[c.id]["text"] == c.text]  # type: ignore[index]
    assert untranslated == []
    assert all(english[c.id]["text"] == c.text for c in cards)  # type: ignore[index]
    assert french["sir-kay"]["name"] == "Messire Keu"  # type: ignore[index]
    assert french["sir-kay"]["text"] == (  # type: ignore[index]
        "Chaque fois qu'un autre joueur est déshonoré, il subit 5 de Blessure de plus."
    )


# Each game's log, some of its events read by seat 0, in English and in French.
LOGS: dict[str, tuple[EventWords, list[str], list[dict[str, Any]], list[str], list[str]]] = {
    "resistance": (
        RESISTANCE,
        NAMES,
        [
            {"type": ev.TeamProposed.TYPE, "leader": 1, "team": [0, 2], "quest": 1},
            {"type": ev.VoteCast.TYPE, "seat": 0, "approve": False},
            {"type": ev.VoteCast.TYPE, "seat": 2},
            {"type": ev.LadyExamined.TYPE, "holder": 0, "seat": 1, "side": "evil"},
            {"type": ev.Assassinated.TYPE, "target": 0, "hit": True},
            {"type": ev.GameSetUp.TYPE, "leader": 1, "you": {"role_label": "Minion of Mordred"}},
        ],
        [
            "Bo proposes you and Cy for Quest 1.",
            "You vote reject.",
            "Cy has voted.",
            "You examine Bo: Evil.",
            "The Assassin names you and finds Merlin!",
            "The roles are dealt. Bo leads first. You are Minion of Mordred.",
        ],
        [
            "Bo propose pour la quête 1 : vous et Cy.",
            "Vous votez contre.",
            "Cy a voté.",
            "Vous examinez Bo : le Mal.",
            "L'Assassin vous désigne et trouve Merlin !",
            "Les rôles sont distribués. Bo est le premier Leader. Vous êtes Sbire de Mordred.",
        ],
    ),
    "colovini": (
        COLOVINI,
        NAMES[:2],
        [
            {
                "type": cev.CardPlayed.TYPE,
                "seat": 1,
                "card": "green-sorceress",
                "region": 2,
                "mode": "enchant",
            },
            {
                "type": cev.RegionConquered.TYPE,
                "seat": 0,
                "region": 4,
                "region_key": "castle-2",
                "losses": 3,
            },
            {"type": cev.GameEnded.TYPE, "winners": [0]},
        ],
        [
            "Bo played a green sorceress at region 3 as an enchantment.",
            "You conquered region 5: Castle in the forest. 0 cards lost at once, 3 more to pay.",
            "The game is over: you win.",
        ],
        [
            "Bo a joué une carte sorcière verte devant la région 3 en enchantement.",
            "Vous avez conquis la région 5 : Château dans la forêt. Pertes immédiates : 0 carte ; "
            "encore 3 à payer.",
            "La partie est terminée : vous gagnez.",
        ],
    ),
    "jousting": (
        JOUSTING,
        NAMES,
        [
            {
                "type": jev.OfferMade.TYPE,
                "seat": 1,
                "offer": 4,
                "to": 0,
                "give": {"cards": ["sword-3"], "coins": 2},
                "want": {"cards": ["lance-5"], "coins": 0},
            },
            {"type": jev.Withdrew.TYPE, "seat": 0},
            {"type": jev.JunkPassed.TYPE, "seat": 2},
        ],
        [
            "Bo offers Sword 3 + 2 coins for Lance 5 to you (offer #4).",
            "You withdraw from the tournament.",
            "Cy does not buy from the junk pile.",
        ],
        [
            "Bo offre Épée 3 + 2 pièces contre Lance 5 à vous (offre n° 4).",
            "Vous vous retirez du tournoi.",
            "Cy n'achète rien au tas de rebut.",
        ],
    ),
}


@pytest.mark.parametrize("game", LOGS)
def test_each_games_log_in_both_languages(game: str) -> None:
    words, names, events, english, french = LOGS[game]
    r = Reader(names, 0)
    with translation.override("en"):
        assert [words.describe(e, r) for e in events] == english
    with translation.override("fr"):
        assert [words.describe(e, r) for e in events] == french


def test_the_resistance_forms_and_ending_in_french() -> None:
    presenter = presenter_for("resistance-avalon")
    vote = {"type": mv.Vote.TYPE, "approve": True}
    ended = {"view": {"outcome": {"summary": "Evil wins: three quests failed."}}}
    with translation.override("fr"):
        assert presenter.button(vote, NAMES) == ("Approuver", "approve")
        assert presenter.phase_line(ended, NAMES) == "Le Mal gagne : trois quêtes ont échoué."
    with translation.override("en"):
        assert presenter.phase_line(ended, NAMES) == "Evil wins: three quests failed."


def test_the_tournament_opening_names_each_protagonist_in_a_sentence_of_its_own() -> None:
    """The opening line's second sentence starts with a capital, whether it begins with the
    reader ("You are …") or another player."""
    started = {
        "type": tev.GameStarted.TYPE,
        "health": 300,
        "protagonists": ["king-arthur", "guinevere"],
    }
    with translation.override("en"):
        line = WORDS.describe(started, Reader(NAMES, 0))
    assert line == "The Tournament begins at 300 Health. You are King Arthur; Bo is Guinevere."
    with translation.override("fr"):
        line = WORDS.describe(started, Reader(NAMES, 0))
    assert line.startswith("Le tournoi commence avec 300 de Santé. Vous êtes ")
    # French sets a space before the semicolon (it read "Vous êtes le roi Arthur; Bo…").
    assert " ; Bo est " in line
    assert "; " not in line.replace(" ; ", "")


def test_a_tables_declared_lines_read_their_parameters_from_the_event() -> None:
    """`said`, `says` and `either` lines (plain strings here: msgids unknown to the
    catalogues read as themselves): the table's common readers serve only the lines
    that name their parameter, a line's own readers win, ForReader words for the reader."""
    words = EventWords(card=lambda e: e["card"].upper())
    words.said(jev.JunkBought, "You buy %(card)s.", "%(name)s buys %(card)s.")
    words.said(jev.Withdrew, "You withdraw.", "%(name)s withdraws.")  # no "card"
    words.said(
        jev.CardDrafted,
        "You take %(card)s.",
        "%(name)s takes %(card)s.",
        card=lambda e: e["card"],
    )
    words.says(jev.RoundBegan, "Round %(round)s.", round=lambda e: e["round"])
    words.either(
        jev.CardsShown,
        lambda e: "cards" in e,
        Said("You show %(to)s cards.", "%(name)s shows %(to)s cards."),
        Plain("Cards are shown to %(to)s."),
        to=ForReader(lambda e, r: r.who_object(e["to"])),
    )
    r = Reader(NAMES, 0)
    with translation.override("en"):
        assert [
            words.describe(e, r)
            for e in (
                {"type": jev.JunkBought.TYPE, "seat": 1, "card": "sword-3"},
                {"type": jev.Withdrew.TYPE, "seat": 0},
                {"type": jev.CardDrafted.TYPE, "seat": 0, "card": "lance-2"},
                {"type": jev.RoundBegan.TYPE, "round": 2},
                {"type": jev.CardsShown.TYPE, "seat": 1, "cards": [], "to": 0},
                {"type": jev.CardsShown.TYPE, "seat": 1, "to": 2},
            )
        ] == [
            "Bo buys SWORD-3.",
            "You withdraw.",
            "You take lance-2.",
            "Round 2.",
            "Bo shows you cards.",
            "Cards are shown to Cy.",
        ]


def test_a_trade_reads_the_right_way_round_for_each_reader() -> None:
    """The accepter was dropped into the third person's sentence as "vous": "Bo a donné
    Épée 3 et vous a donné 2 pièces" reads "and gave you 2 coins", the trade backwards."""
    lots = {
        "type": jev.TradeMade.TYPE,
        "seat": 1,
        "by": 0,
        "offer": 7,
        "give": {"cards": ["sword-3"], "coins": 0},
        "want": {"cards": [], "coins": 2},
    }
    hidden = {"type": jev.TradeMade.TYPE, "seat": 1, "by": 0, "offer": 7}
    hidden |= {"cards": [1, 0], "coins": [0, 2]}
    with translation.override("fr"):
        said = [JOUSTING.describe(e, Reader(NAMES, me)) for me in (0, 1, 2) for e in (lots, hidden)]
    assert said == [
        "Échange : Bo a donné Épée 3 et vous avez donné 2 pièces (offre n° 7).",
        "Échange : Bo a donné 1 carte et 0 pièce ; vous avez donné 0 carte et 2 pièces "
        "(offre n° 7).",
        "Échange : vous avez donné Épée 3 et Ann a donné 2 pièces (offre n° 7).",
        "Échange : vous avez donné 1 carte et 0 pièce ; Ann a donné 0 carte et 2 pièces "
        "(offre n° 7).",
        "Échange : Bo a donné Épée 3 et Ann a donné 2 pièces (offre n° 7).",
        "Échange : Bo a donné 1 carte et 0 pièce ; Ann a donné 0 carte et 2 pièces (offre n° 7).",
    ]
    with translation.override("en"):
        assert JOUSTING.describe(lots, Reader(NAMES, 0)) == (
            "Trade: Bo gave Sword 3 and you gave 2 coins (offer #7)."
        )
