"""The end of a turn and the reinforcement tiles: CA-13, CA-16."""

from __future__ import annotations

import dataclasses
from random import Random

import pytest

from games.engine.core import IllegalMove
from games.engine.games.colovini import GAME
from games.engine.games.colovini.events import (
    CardDiscarded,
    CardsDrawn,
    DeckReshuffled,
    TileCashed,
    TileTaken,
    TurnEnded,
    TurnStarted,
)
from games.engine.games.colovini.moves import Discard, EndTurn, PlayCard
from games.engine.games.colovini.regions import BY_KEY
from games.engine.games.colovini.state import Phase
from games.engine.games.colovini.tiles import TILES, cards_given

from .helpers import POS, own, play, table

DECK = tuple(["purple-knight"] * 10 + ["green-sorceress"] * 10)


def test_ca13_light_tile_draws_at_once_then_the_other_player() -> None:
    state = table(deck=DECK, hands=(("red-knight",), ()))
    events, state = play(state, 0, EndTurn("take-2"))
    assert events[0] == TileTaken(seat=0, tile=0, count=2)
    assert events[1] == CardsDrawn(seat=0, cards=("purple-knight", "purple-knight"))
    assert isinstance(events[2], TurnEnded)
    assert events[3] == TurnStarted(seat=1, turn=2)
    assert len(state.hands[0]) == 3
    assert state.active == 1
    assert 0 in state.used_tiles


def test_ca13_hand_limit_after_drawing_discard_of_your_choice() -> None:
    hand = ("red-knight", "red-knight", "blue-knight", "yellow-knight", "yellow-sorceress")
    state = table(deck=DECK, hands=(hand, ()))
    _, state = play(state, 0, EndTurn("take-2"))
    assert state.phase is Phase.DISCARD
    assert GAME.pending_seats(state) == {0}
    assert len(state.hands[0]) == 7
    assert set(GAME.legal_moves(state, 0)) == {Discard(c) for c in set(state.hands[0])}
    with pytest.raises(IllegalMove, match="You have no green knight"):
        play(state, 0, Discard("green-knight"))
    events, state = play(state, 0, Discard("red-knight"))
    assert events == [CardDiscarded(seat=0, card="red-knight")]
    assert state.active == 0
    events, state = play(state, 0, Discard("blue-knight"))
    assert isinstance(events[1], TurnEnded)
    assert state.active == 1
    assert len(state.hands[0]) == 5
    assert state.discard == ("red-knight", "blue-knight")


def test_ca13_no_hand_limit_during_the_turn() -> None:
    state = table(deck=DECK, hands=(tuple(["red-knight"] * 9), ()))
    _, state = play(state, 0, PlayCard("red-knight", 0))
    assert len(state.hands[0]) == 8
    assert state.phase is Phase.PLAY


def test_ca13_an_empty_deck_is_rebuilt_from_the_shuffled_discards() -> None:
    state = table(deck=("purple-knight",), hands=((), ()))
    state = dataclasses.replace(state, discard=("red-knight", "blue-knight", "green-knight"))
    events, state = play(state, 0, EndTurn("take-2"))
    reshuffles = [e for e in events if isinstance(e, DeckReshuffled)]
    assert len(reshuffles) == 1
    assert sorted(reshuffles[0].deck) == ["blue-knight", "green-knight", "red-knight"]
    drawn = [c for e in events if isinstance(e, CardsDrawn) for c in e.cards]
    assert len(drawn) == 2
    assert drawn[0] == "purple-knight"
    assert len(state.deck) == 2
    assert state.discard == ()


def test_ca16_dark_tile_kept_and_counted_at_the_start_of_the_next_turn() -> None:
    state = own(table(deck=DECK, hands=(("red-knight",), ())), POS["hill-1"], 0)
    events, state = play(state, 0, EndTurn("one-per-region"))
    assert events[0] == TileTaken(seat=0, tile=7, count=None)
    assert state.held_tiles == (7, None)
    assert len(state.hands[0]) == 1
    assert GAME.view(state, 1)["players"][0]["dark_tile"] == "one-per-region"
    # The opponent takes a region of seat 0's before the tile is cashed.
    state = own(own(state, POS["hill-2"], 0), POS["plain-1"], 0)
    state = own(state, POS["hill-1"], 1)
    events, state = play(state, 1, EndTurn("take-2"))
    cashed = [e for e in events if isinstance(e, TileCashed)]
    assert cashed == [TileCashed(seat=0, tile=7, count=2)]
    assert len(state.hands[0]) == 3
    assert state.held_tiles == (None, None)
    assert 7 in state.used_tiles


def test_ca16_taken_tiles_are_unavailable_until_all_nine_are_used() -> None:
    state = table(deck=DECK * 4)
    state = dataclasses.replace(state, used_tiles=frozenset({0, 1}))
    ends = {m for m in GAME.legal_moves(state, 0) if isinstance(m, EndTurn)}
    assert EndTurn("take-2") not in ends
    assert EndTurn("take-4") in ends
    with pytest.raises(IllegalMove, match="not available now"):
        play(state, 0, EndTurn("take-2"))
    with pytest.raises(IllegalMove, match="no reinforcement tile 'take-9'"):
        play(state, 0, EndTurn("take-9"))
    every = frozenset(range(len(TILES)))
    state = dataclasses.replace(state, used_tiles=every)
    ends = {m for m in GAME.legal_moves(state, 0) if isinstance(m, EndTurn)}
    assert {m.tile for m in ends} == {t.kind for t in TILES}
    _, state = play(state, 0, EndTurn("take-2"))
    assert state.used_tiles == {0}


def test_ca16_a_held_dark_tile_stays_out_when_the_rest_come_back() -> None:
    state = table(deck=DECK * 4)
    state = dataclasses.replace(state, used_tiles=frozenset(range(8)), held_tiles=(None, 8))
    view = GAME.view(state, 0)
    status = {t["tile"]: t["status"] for t in view["tiles"]}
    assert status[8] == "held"
    assert status[0] == "free"
    assert EndTurn("one-per-region") in GAME.legal_moves(state, 0)  # tile 7 is back


@pytest.mark.parametrize(
    ("kind", "keys", "cards"),
    [
        ("take-2", [], 2),
        ("take-4", [], 4),
        ("most-landscape", ["forest-1", "stone-circle", "plain-1", "hill-1"], 2),
        ("most-landscape-x2", ["forest-1", "stone-circle", "plain-1", "hill-1"], 4),
        ("one-per-region", ["forest-1", "plain-1", "avalon", "swamp"], 2),
    ],
)
def test_ca16_tile_counts(kind: str, keys: list[str], cards: int) -> None:
    owned = {POS[k]: BY_KEY[k] for k in keys}
    assert cards_given(kind, owned) == cards


def test_ca16_largest_chain_of_adjacent_regions_broken_by_avalon_and_swamp() -> None:
    # Row (helpers.ROW): plain-1, castle-1, avalon, forest-1, stone-circle, swamp, hill-1 ...
    keys = ["plain-1", "castle-1", "avalon", "forest-1", "stone-circle", "swamp", "hill-1"]
    owned = {POS[k]: BY_KEY[k] for k in keys}
    assert cards_given("largest-chain", owned) == 2
    owned = {POS[k]: BY_KEY[k] for k in ["hill-1", "castle-2", "hill-2", "plain-2"]}
    assert cards_given("largest-chain", owned) == 4
    owned = {POS[k]: BY_KEY[k] for k in ["hill-1", "hill-2"]}  # castle-2 between, not owned
    assert cards_given("largest-chain", owned) == 1


def test_ca13_timeout_ends_the_turn_with_the_advised_tile() -> None:
    low = table(deck=DECK, hands=(("red-knight",), ()))
    move = GAME.default_move(low, 0, Random(0))
    assert isinstance(move, EndTurn)
    assert move.tile == "take-2"
    high = table(deck=DECK, hands=(("red-knight",) * 3, ()))
    move = GAME.default_move(high, 0, Random(0))
    assert isinstance(move, EndTurn)
    assert move.tile == "take-4"
