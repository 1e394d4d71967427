"""Components and set-up: CA-1, CA-2 (CH-1), CA-3 (CH-2), CA-4, and the table options."""

from __future__ import annotations

from collections import Counter

import pytest

from games.engine.core import InvalidConfig, rng_for, start
from games.engine.games.colovini import GAME, ColoviniConfig
from games.engine.games.colovini.cards import COLOURS, full_deck
from games.engine.games.colovini.events import GameSetUp, TurnStarted
from games.engine.games.colovini.regions import REGIONS
from games.engine.games.colovini.state import Phase
from games.engine.games.colovini.tiles import DARK, LIGHT, TILES


def test_ca1_eighty_characters_eight_per_colour_and_kind() -> None:
    deck = full_deck()
    assert len(deck) == 80
    assert set(COLOURS) == {"yellow", "green", "red", "blue", "purple"}
    counts = Counter(deck)
    assert len(counts) == 10
    assert set(counts.values()) == {8}
    assert sum(n for c, n in counts.items() if c.endswith("sorceress")) == 40


def test_ca2_ch1_eleven_regions_with_our_crowns_and_landscapes() -> None:
    assert len(REGIONS) == 11
    crowns = {r.key: r.crowns for r in REGIONS}
    assert crowns["avalon"] == crowns["swamp"] == 1
    assert all(1 <= r.crowns <= 3 for r in REGIONS)
    assert sum(crowns.values()) == 23
    by_landscape = Counter(r.landscape for r in REGIONS)
    assert by_landscape == {"plain": 3, "forest": 3, "hill": 3, None: 2}
    castles = [r for r in REGIONS if r.power == "castle"]
    assert len(castles) == 3
    assert {c.landscape for c in castles} == {"plain", "forest", "hill"}
    assert {r.crowns for r in castles} == {3}
    assert next(r for r in REGIONS if r.power == "stone_circle").landscape == "forest"


def test_ca3_ch2_nine_tiles_five_light_four_dark() -> None:
    tints = Counter(t.tint for t in TILES)
    assert tints == {LIGHT: 5, DARK: 4}
    kinds = Counter(t.kind for t in TILES)
    assert kinds == {
        "take-2": 2,
        "most-landscape": 2,
        "largest-chain": 1,
        "take-4": 1,
        "most-landscape-x2": 1,
        "one-per-region": 2,
    }


def test_ca4_deal_row_face_down_one_card_each_side_five_in_hand() -> None:
    events, state = start(GAME, ColoviniConfig(), 2, rng_for("deal", 0))
    setup = events[0]
    assert isinstance(setup, GameSetUp)
    assert isinstance(events[1], TurnStarted)
    assert sorted(setup.row) == sorted(r.key for r in REGIONS)
    assert not any(state.face_up)
    assert set(state.owners) == {None}
    assert all(len(a) == 1 and len(b) == 1 for a, b in state.piles)
    assert [len(h) for h in state.hands] == [5, 5]
    assert len(state.deck) == 80 - 22 - 10
    every = [*state.deck, *state.hands[0], *state.hands[1]]
    every += [c for a, b in state.piles for c in (*a, *b)]
    assert Counter(every) == Counter(full_deck())
    assert state.active == setup.first
    assert state.phase is Phase.PLAY
    assert state.turn == 1


def test_ca4_start_player_and_row_are_random_but_recorded() -> None:
    firsts = set()
    rows = set()
    for seed in range(12):
        events, _ = start(GAME, ColoviniConfig(), 2, rng_for(f"s{seed}", 0))
        assert isinstance(events[0], GameSetUp)
        firsts.add(events[0].first)
        rows.add(events[0].row)
    assert firsts == {0, 1}
    assert len(rows) > 1


@pytest.mark.parametrize("players", [1, 3, 4])
def test_config_refuses_other_player_counts(players: int) -> None:
    with pytest.raises(InvalidConfig, match="exactly 2 players"):
        ColoviniConfig().validate(players)
