"""JA-1 weaponry, JA-2 money, JA-3 deal (JH-2), JA-4 draft, JA-7 complete sets."""

from __future__ import annotations

from collections import Counter
from random import Random

import pytest

from games.engine.core import IllegalMove, InvalidConfig, rng_for, start
from games.engine.games.jousting import GAME, JoustingConfig
from games.engine.games.jousting.cards import (
    KINDS,
    all_lays,
    best_set,
    deck,
    is_complete,
    kind_of,
    lay_count,
    value_of,
)
from games.engine.games.jousting.moves import DraftCard

from .helpers import play


@pytest.mark.parametrize(
    ("players", "top", "jokers"), [(3, 6, 3), (4, 9, 4), (5, 12, 2), (6, 15, 6)]
)
def test_ja1_deck_per_player_count(players: int, top: int, jokers: int) -> None:
    cards = deck(players)
    kinds = Counter(kind_of(c) for c in cards)
    assert kinds == {**dict.fromkeys(KINDS, top), "joker": jokers}
    assert {value_of(c) for c in cards if kind_of(c) == "sword"} == set(range(1, top + 1))
    assert all(value_of(c) == 0 for c in cards if kind_of(c) == "joker")


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_ja2_ja3_jh2_everyone_starts_with_10_coins_and_all_cards_are_dealt_evenly(
    players: int,
) -> None:
    _, state = start(GAME, JoustingConfig(), players, rng_for("deal", 0))
    assert state.coins == (10,) * players
    assert sorted(c for h in state.hands for c in h) == sorted(deck(players))
    assert len({len(h) for h in state.hands}) == 1  # JH-2: no remainder with any JA-1 deck
    assert state.face_up == ()
    assert state.phase == "barter"
    assert state.round == 1


def test_ja3_players_outside_3_to_6_are_refused() -> None:
    for players in (2, 7):
        with pytest.raises(InvalidConfig):
            JoustingConfig().validate(players)
    with pytest.raises(InvalidConfig):
        JoustingConfig(offer_limit=0).validate(4)


@pytest.mark.parametrize(
    ("players", "each", "face_up"), [(3, 6, 9), (4, 6, 16), (5, 5, 25), (6, 5, 36)]
)
def test_ja4_draft_deal_and_face_up_cards(players: int, each: int, face_up: int) -> None:
    _, state = start(GAME, JoustingConfig(draft=True), players, rng_for("draft", 0))
    assert [len(h) for h in state.hands] == [each] * players
    assert len(state.face_up) == face_up
    assert state.phase == "draft"
    # A picks first, then clockwise; then B starts the next pick round, and so on.
    a = state.letters[0]
    order = state.draft_order
    assert order[:players] == tuple((a + i) % players for i in range(players))
    assert order[players] == state.letters[1]
    assert len(order) == face_up


def test_ja4_draft_picks_are_public_and_end_in_the_first_barter() -> None:
    _, state = start(GAME, JoustingConfig(draft=True), 3, rng_for("draft", 1))
    seat = state.draft_order[0]
    card = state.face_up[0]
    with pytest.raises(IllegalMove, match="not among the face-up cards"):
        play(state, seat, DraftCard("sword-99"))
    state = play(state, seat, DraftCard(card))
    assert card in state.hands[seat]
    spectator = GAME.view(state, None)
    assert {"seat": seat, "card": card} in spectator["known_cards"]
    while state.phase == "draft":
        seat = state.draft_order[0]
        state = play(state, seat, DraftCard(state.face_up[-1]))
    assert state.phase == "barter"
    assert state.face_up == ()
    assert [len(h) for h in state.hands] == [9, 9, 9]


def test_ja7_complete_set_with_jokers_standing_in() -> None:
    assert is_complete(["sword-1", "shield-2", "lance-3", "armour-4"])
    assert is_complete(["sword-1", "shield-2", "joker-1", "joker-2"])
    assert is_complete(["joker-1", "joker-2", "joker-3", "joker-4"])  # four jokers are a set
    assert not is_complete(["sword-1", "sword-2", "shield-3", "lance-4"])
    assert not is_complete(["sword-1", "joker-1", "joker-2"])


def test_ja9_lays_one_card_per_place_jokers_anywhere() -> None:
    hand = ["sword-3", "sword-5", "shield-1", "lance-2", "joker-1"]
    lays = all_lays(hand)
    assert ("sword-5", "shield-1", "lance-2", "joker-1") in lays
    assert ("joker-1", "shield-1", "lance-2", "armour-1") not in lays  # no armour-1 held
    assert all(len(set(lay)) == 4 for lay in lays)
    assert best_set(hand) == {
        "sword": "sword-5",
        "shield": "shield-1",
        "lance": "lance-2",
        "armour": "joker-1",
    }
    assert best_set(["sword-1", "shield-1"]) is None


def test_ja9_lays_counted_and_strongest_from_the_hands_kinds() -> None:
    """`lay_count` is the number of lays listed, and the strongest lay (the bot's) is the
    best set, for hands of every deck with and without jokers."""
    rng = Random(9)
    for players in (3, 4, 5, 6):
        cards = deck(players)
        for _ in range(300):
            hand = tuple(rng.sample(cards, rng.randrange(0, 14)))
            lays = all_lays(hand)
            assert lay_count(hand) == len(lays)
            best = best_set(hand)
            strongest = max(lays, key=lambda lay: sum(map(value_of, lay)), default=None)
            assert strongest == (tuple(best[k] for k in KINDS) if best else None)
