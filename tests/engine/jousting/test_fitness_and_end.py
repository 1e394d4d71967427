"""JA-7 fitness and withdrawal, JA-14 and JH-6 the end of the tournament."""

from __future__ import annotations

import dataclasses

import pytest

from games.engine.core import GameOver, IllegalMove, apply, rng_for
from games.engine.games.jousting import GAME
from games.engine.games.jousting.events import Disqualified, GameEnded
from games.engine.games.jousting.moves import (
    BuyFromJunk,
    LayCards,
    SayDone,
    Withdraw,
)

from .helpers import SETS, all_done, lay, play, step, table


def test_ja7_without_a_complete_set_at_the_duels_a_knight_is_disqualified() -> None:
    state = table(SETS[0], "sword-2 shield-2 lance-2", "joker-1 joker-2 joker-3 joker-4", SETS[3])
    events = []
    for seat in range(4):
        events += step(state, seat, SayDone())
        state = play(state, seat, SayDone())
    assert Disqualified(frozenset({1})) in events
    assert state.status == ("fit", "disqualified", "fit", "fit")  # four jokers are a set
    assert 1 not in state.duelists()
    # The disqualified knight keeps bartering in the next session (JA-7).
    assert state.phase == "laying"


def test_ja7_withdrawal_while_laying_abandons_that_duel() -> None:
    state = table(SETS[0], SETS[1], SETS[2], SETS[3])
    state = all_done(state)
    assert state.pairs == ((0, 1), (2, 3))
    state = lay(state, 0, SETS[0])
    state = play(state, 1, Withdraw())
    assert state.status[1] == "withdrawn"
    assert set(state.hands[0]) == set(SETS[0].split())  # laid cards back in hand
    assert state.pairs == ((2, 3),)
    assert GAME.pending_seats(state) == {2, 3}
    barter = dataclasses.replace(state, phase="barter", done=frozenset())
    with pytest.raises(IllegalMove, match="already out"):
        play(barter, 1, Withdraw())


def test_ja14_the_last_knight_left_gets_10_and_the_richest_wins() -> None:
    state = table(SETS[0], SETS[1], SETS[2])
    state = play(state, 1, Withdraw())
    events = step(state, 2, Withdraw())
    ended = next(e for e in events if isinstance(e, GameEnded))
    assert ended.bonus_to == 0 and ended.winners == frozenset({0})
    state = play(state, 2, Withdraw())
    assert state.coins == (20, 10, 10)
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == frozenset({0})
    assert outcome.reason == "last_knight" and outcome.scores == {0: 20, 1: 10, 2: 10}
    assert GAME.pending_seats(state) == frozenset()
    with pytest.raises(GameOver):
        apply(GAME, state, 0, SayDone(), rng_for("t", 0))
    # At the end every hand is shown to everyone.
    assert {"seat": 1, "card": "sword-2"} in GAME.view(state, None)["known_cards"]


def test_jh6_nobody_fit_at_once_means_no_bonus_and_shared_win() -> None:
    state = table("sword-1", "shield-1", "lance-1")
    state = all_done(state)
    assert state.phase == "over" and state.bonus_to is None
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == frozenset({0, 1, 2})
    assert outcome.reason == "nobody_fit"


def test_ja14_end_after_a_duel_leaves_one_knight_with_a_set() -> None:
    state = table(
        "sword-5 shield-5 lance-5 armour-5",
        "sword-1 shield-1 lance-1 armour-1",
        "sword-2 shield-2 lance-2",
    )
    state = all_done(state)  # seat 2 has no set: disqualified; the two others joust
    assert state.letters == (1, 0)
    state = lay(state, 0, "sword-5 shield-5 lance-5 armour-5")
    state = play(state, 1, LayCards("sword-1", "shield-1", "lance-1", "armour-1"))
    state = play(state, 0, BuyFromJunk(False))
    state = play(state, 1, BuyFromJunk(False))
    # Seat 1 lost every card; at the next duels only seat 0 can show a set.
    state = all_done(state)
    assert state.phase == "over"
    assert state.bonus_to == 0 and state.coins[0] == 10 + 10 + 10
    assert state.status[1] == "disqualified"
