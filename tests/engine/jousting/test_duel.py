"""JA-9..JA-11: secret simultaneous lays, place by place, spoils; the worked example."""

from __future__ import annotations

import pytest

from games.engine.core import IllegalMove, NotYourTurn
from games.engine.games.jousting import GAME
from games.engine.games.jousting.duel import Laid, Result, resolve
from games.engine.games.jousting.events import CardsLaid, DuelRevealed
from games.engine.games.jousting.moves import LayCards
from games.engine.games.jousting.state import JoustingState

from .helpers import all_done, lay, play, step, table

# The rulebook's example (read as research/cards.md 4.3): A wins sword, shield and armour
# and takes B's sword 4, shield 1 and joker 0; B wins the lance and takes A's lance 11.
EXAMPLE_A = "sword-9 shield-5 lance-11 armour-7"
EXAMPLE_B = "sword-4 shield-1 lance-12 joker-1"


def duel(a: str, b: str) -> Result:
    """Seats 0 and 1 fight with the lays `a` and `b` (sword, shield, lance, armour places)."""
    return resolve((0, 1), (_laid(a), _laid(b)))


def _laid(cards: str) -> Laid:
    sword, shield, lance, armour = cards.split()
    return sword, shield, lance, armour


def duel_table() -> JoustingState:
    return table(
        EXAMPLE_A + " sword-2",
        EXAMPLE_B + " armour-3",
        "sword-6 shield-6 lance-6 armour-6",
        config=None,
    )


def test_ja9_lays_are_secret_until_both_have_laid() -> None:
    state = all_done(duel_table())
    assert state.phase == "laying"
    assert GAME.pending_seats(state) == {0, 1}
    events = step(state, 0, LayCards(*EXAMPLE_A.split()))
    laid = next(e for e in events if isinstance(e, CardsLaid))
    assert GAME.redact(laid, 1, state) == {"type": "ja.cards_laid", "seat": 0}
    state = lay(state, 0, EXAMPLE_A)
    assert GAME.pending_seats(state) == {1}
    assert GAME.view(state, 0)["you"]["laid"]["lance"] == "lance-11"
    assert GAME.view(state, 1)["knights"][0]["has_laid"] is True
    assert GAME.view(state, 1)["you"]["laid"] is None
    with pytest.raises(NotYourTurn):
        play(state, 2, LayCards(*["sword-6", "shield-6", "lance-6", "armour-6"]))


def test_ja9_lay_must_fill_each_place_with_its_kind_or_a_joker() -> None:
    state = all_done(duel_table())
    with pytest.raises(IllegalMove, match="cannot fill the sword place"):
        play(state, 1, LayCards("shield-1", "sword-4", "lance-12", "joker-1"))
    with pytest.raises(IllegalMove, match="do not hold"):
        play(state, 1, LayCards("sword-9", "shield-1", "lance-12", "joker-1"))
    with pytest.raises(IllegalMove, match="four different cards"):
        play(state, 1, LayCards("joker-1", "shield-1", "lance-12", "joker-1"))
    state = lay(state, 1, "joker-1 shield-1 lance-12 armour-3")  # a joker in any place


def test_ja10_ja11_the_worked_example() -> None:
    state = all_done(duel_table())
    state = lay(state, 0, EXAMPLE_A)
    events = step(state, 1, LayCards(*EXAMPLE_B.split()))
    revealed = next(e for e in events if isinstance(e, DuelRevealed))
    assert revealed.places == (0, 0, 1, 0)
    assert revealed.winner == 0
    state = lay(state, 1, EXAMPLE_B)
    assert set(state.hands[0]) == {"sword-2", "sword-4", "shield-1", "joker-1"}
    assert set(state.hands[1]) == {"armour-3", "lance-11"}
    assert sorted(state.junk) == sorted(["sword-9", "shield-5", "armour-7", "lance-12"])
    assert state.coins[0] == 20
    assert state.coins[1] == 10
    assert state.duels[-1].how == "places"
    # The reveal is public: everyone sees where the taken cards went.
    assert {"seat": 1, "card": "lance-11"} in GAME.view(state, None)["known_cards"]


def test_ja10_joker_against_joker_both_go_to_the_junk() -> None:
    result = duel("sword-5 shield-5 joker-1 joker-2", "sword-1 shield-1 joker-3 lance-2")
    assert result.places == (0, 0, None, 1)
    assert set(result.to_junk) == {"sword-5", "shield-5", "joker-1", "joker-3", "lance-2"}
    assert set(result.taken) == {(0, "sword-1"), (0, "shield-1"), (1, "joker-2")}


def test_ja11_equal_places_won_is_a_draw() -> None:
    result = duel("sword-5 shield-1 joker-1 armour-2", "sword-1 shield-5 joker-2 armour-1")
    assert result.places == (0, 1, None, 0)
    assert result.winner == 0
    draw = duel("sword-5 shield-1 lance-1 armour-2", "sword-1 shield-5 lance-2 armour-1")
    assert draw.winner is None
