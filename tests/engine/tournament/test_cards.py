"""Card data: weapons (TT-1..TT-4, TC-1, TC-2, TA-1, TH-1, TH-5) and power cards (TH-7, TH-8)."""

from __future__ import annotations

from collections import Counter

from games.engine.games.tournament.characters import CHARACTERS, protagonists
from games.engine.games.tournament.godsends import CHAOS_EXCLUDED, GODSENDS, godsend_deck
from games.engine.games.tournament.hooks import HOOKS
from games.engine.games.tournament.locations import LOCATIONS, next_locations
from games.engine.games.tournament.weapons import injury, is_poisoned, weapon, weapons_deck

P = (3, 6, 10, 13)


def test_tt1_four_suits_of_fifteen_with_four_poisoned_each():
    """TT-1: Swords, Arrows, Sorcery, Deception valued 1-15; 4 Poisoned per suit (TH-1)."""
    basics = [c for c in weapons_deck("camelot", False) if weapon(c).kind == "basic"]
    assert len(basics) == 60
    by_suit = Counter(weapon(c).suit for c in basics)
    assert by_suit == {"swords": 15, "arrows": 15, "sorcery": 15, "deception": 15}
    for suit in by_suit:
        assert sorted(weapon(c).value or 0 for c in basics if weapon(c).suit == suit) == list(
            range(1, 16)
        )
        assert sum(is_poisoned(c, P) for c in basics if weapon(c).suit == suit) == 4


def test_th1_poisoned_values_are_data():
    """TH-1: the Poisoned values come from the table options."""
    assert is_poisoned("swords-3", P)
    assert not is_poisoned("swords-4", P)
    assert is_poisoned("swords-4", (1, 2, 4, 5))
    assert injury("swords-4", (1, 2, 4, 5)) == 10


def test_tt2_alchemy_fifteen_never_poisoned():
    """TT-2: 15 Alchemy cards valued 1-15, never Poisoned."""
    alchemy = [c for c in weapons_deck("avalon", False) if weapon(c).kind == "alchemy"]
    assert sorted(weapon(c).value or 0 for c in alchemy) == list(range(1, 16))
    assert not any(is_poisoned(c, P) for c in alchemy)


def test_tt3_injury_when_taken():
    """TT-3 (and TH-5 for the Avalon Merlin)."""
    assert injury("swords-4", P) == 5
    assert injury("swords-3", P) == 10
    assert injury("alchemy-3", P) == 5
    assert injury("merlin-1", P) == 25
    assert injury("apprentice-1", P) == 5
    assert injury("sorceress-1", P) == 10
    assert is_poisoned("sorceress-1", P)
    assert injury("morgan-1", P) == 25
    assert is_poisoned("morgan-1", P)
    assert injury("mists-1", P) == 25
    assert injury("avalon-merlin", P) == 25  # TH-5


def test_tt4_deck_sizes_and_tc2_two_player():
    """TT-4: Camelot 80, Avalon 83 (Merlin aside); TC-2: 2-player Camelot drops Arrows."""
    assert len(weapons_deck("camelot", False)) == 80
    avalon = weapons_deck("avalon", False)
    assert len(avalon) == 83
    assert "avalon-merlin" not in avalon
    two = weapons_deck("camelot", True)
    assert len(two) == 65
    assert not any(weapon(c).suit == "arrows" for c in two)


def test_tc1_and_ta1_special_cards():
    """TC-1: Merlin x3, Sorcerer's Apprentice x2 (wild). TA-1: Mists x3, Morgan x3,
    Apprentice Sorceress x2; TH-4: their value is assigned when played."""
    camelot = Counter(weapon(c).family for c in weapons_deck("camelot", False))
    assert camelot["merlin"] == 3
    assert camelot["apprentice"] == 2
    avalon = Counter(weapon(c).family for c in weapons_deck("avalon", False))
    assert (avalon["mists"], avalon["morgan"], avalon["sorceress"]) == (3, 3, 2)
    assert weapon("merlin-1").value is None
    assert weapon("mists-2").value is None


def test_th8_card_counts_and_locations():
    """TH-8: 8 + 10 pairs, 24 + 26 Godsends, 5 Locations with the known suits."""
    assert len(protagonists("camelot")) == 8
    assert len(protagonists("avalon")) == 10
    assert sum(1 for c in CHARACTERS.values() if c.kind == "companion") == 18
    games = Counter(g.game for g in GODSENDS.values())
    assert games == {"camelot": 24, "avalon": 26}
    assert len(LOCATIONS) == 5
    assert LOCATIONS["twilight"].suits == ("swords", "sorcery")
    assert LOCATIONS["oak-forest"].suits == ("swords", "deception")
    assert set(LOCATIONS["carmathen"].suits) & {"swords", "sorcery"}
    assert sorted(next_locations("twilight")) == ["carmathen", "oak-forest", "twilight"]


def test_th7_every_card_is_data_with_source_and_text():
    """TH-7: name, game, kind, text, source; Arthur Pendragon and The Sword from the rulebook;
    every effect has a handler on some named hook or is read by the rules directly."""
    queried = {
        "extra_card",
        "arthur",
        "morien",
        "elf_queen",
        "guinguemar",
        "grail",
        "percival",
        "lionel",
    }
    handled = set().union(*(HOOKS.registered(h) for h in HOOKS.hooks))
    for data in [*CHARACTERS.values(), *GODSENDS.values(), *LOCATIONS.values()]:
        assert data.text
        assert data.name
        assert data.source in ("rulebook", "inferred", "house")
        assert data.effect in handled | queried, data.id
    assert CHARACTERS["arthur-pendragon"].source == "rulebook"
    assert CHARACTERS["the-sword"].source == "rulebook"
    assert CHARACTERS["the-sword"].threshold == 200
    assert CHARACTERS["lancelot"].threshold == 150


def test_tx3_chaos_godsend_deck():
    """TX-3: both Godsend decks without Beswitched, Dwarves, Alchemy and Black Knight."""
    deck = godsend_deck("avalon", True)
    assert len(deck) == 50 - 4
    assert not set(deck) & set(CHAOS_EXCLUDED)
