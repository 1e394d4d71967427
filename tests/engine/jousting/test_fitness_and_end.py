"""JA-7 fitness and withdrawal, JA-14 and JH-6 the end of the tournament (withdrawal in
every phase: test_withdrawal.py)."""

from __future__ import annotations

import dataclasses

import pytest

from games.engine.core import GameOver, IllegalMove, apply, rng_for
from games.engine.games.jousting import GAME, fitness
from games.engine.games.jousting.events import Disqualified, GameEnded
from games.engine.games.jousting.moves import (
    AcceptOffer,
    BuyFromJunk,
    LayCards,
    Lot,
    MakeOffer,
    SayDone,
    Withdraw,
)

from .helpers import SETS, all_done, cards, lay, play, step, table


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
    assert ended.bonus_to == 0
    assert ended.winners == frozenset({0})
    state = play(state, 2, Withdraw())
    assert state.coins == (20, 10, 10)
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.winners == frozenset({0})
    assert outcome.reason == "last_knight"
    assert outcome.scores == {0: 20, 1: 10, 2: 10}
    assert GAME.pending_seats(state) == frozenset()
    with pytest.raises(GameOver):
        apply(GAME, state, 0, SayDone(), rng_for("t", 0))
    # At the end every hand is shown to everyone.
    assert {"seat": 1, "card": "sword-2"} in GAME.view(state, None)["known_cards"]


def test_jh6_nobody_fit_at_once_means_no_bonus_and_shared_win() -> None:
    state = table("sword-1", "shield-1", "lance-1")
    state = all_done(state)
    assert state.phase == "over"
    assert state.bonus_to is None
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.winners == frozenset({0, 1, 2})
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
    assert state.bonus_to == 0
    assert state.coins[0] == 10 + 10 + 10
    assert state.status[1] == "disqualified"


def test_ja14_an_out_of_turn_withdrawal_leaving_one_knight_ends_at_once() -> None:
    """JA-7 and JA-14: knight 0 has laid (so the game waits on knight 1 only) and knight 2
    sits out; both withdraw out of turn, and the second withdrawal ends the game."""
    state = all_done(table(SETS[0], SETS[1], SETS[2]))
    state = lay(state, 0, SETS[0])
    state = play(state, 2, Withdraw())
    assert state.phase == "laying"  # two knights can still show a set
    events = step(state, 0, Withdraw())
    ended = next(e for e in events if isinstance(e, GameEnded))
    assert ended.bonus_to == 1
    assert ended.winners == frozenset({1})
    state = play(state, 0, Withdraw())
    assert state.phase == "over"
    assert state.coins == (10, 20, 10)
    assert set(state.hands[0]) == set(SETS[0].split())  # laid cards back, shown at the end


def test_ja14_a_knight_left_with_nothing_to_trade_ends_the_game_after_the_duel() -> None:
    """Knight 1 spends every coin on an armour, lays the only set it has and loses every
    place: with no card and no coin it can never show a set again, so the game ends right
    after the reveal, not at the next fitness check."""
    state = table(SETS[4], "sword-1 shield-1 lance-1", "armour-2")
    deal = MakeOffer(state.clock, Lot(coins=10), Lot(("armour-2",)), to=2)
    state = play(state, 1, deal)
    state = play(state, 2, AcceptOffer(state.offers[-1].id))
    assert state.coins == (10, 0, 20)
    state = all_done(state)  # knight 2, without a set, is disqualified (JA-7)
    state = lay(state, 0, SETS[4])
    events = step(state, 1, LayCards("sword-1", "shield-1", "lance-1", "armour-2"))
    assert [type(e).__name__ for e in events][-2:] == ["DuelRevealed", "GameEnded"]
    state = play(state, 1, LayCards("sword-1", "shield-1", "lance-1", "armour-2"))
    assert state.hands[1] == ()
    assert state.phase == "over"
    assert state.bonus_to == 0
    assert state.coins == (10 + 10 + 10, 0, 20)


def test_ja14_a_knight_who_can_still_trade_for_a_set_keeps_the_tournament_going() -> None:
    """Our ruling: losing one's set in a duel is not the end while the next barter can
    mend it. Knight 1 loses every card but keeps 10 coins, buys a set back and jousts on."""
    state = table(SETS[4] + " armour-6", SETS[0], "sword-2 shield-2 lance-2")
    state = all_done(state)
    state = lay(state, 0, SETS[4])
    state = lay(state, 1, SETS[0])
    assert state.hands[1] == ()
    assert fitness.able(state) == [0, 1]
    state = play(state, 0, BuyFromJunk(False))
    state = play(state, 1, BuyFromJunk(False))
    assert state.phase == "barter"
    assert state.round == 2
    buy = MakeOffer(state.clock, Lot(coins=6), Lot(("sword-2", "shield-2", "lance-2")), to=2)
    state = play(state, 1, buy)
    state = play(state, 2, AcceptOffer(state.offers[-1].id))
    state = play(state, 1, MakeOffer(state.clock, Lot(coins=4), Lot(("armour-1",)), to=0))
    state = play(state, 0, AcceptOffer(state.offers[-1].id))
    state = all_done(state)
    assert state.phase == "laying"
    assert state.status[1] == "fit"


def test_ja14_jh6_a_kind_gone_to_the_junk_pile_for_everyone_ends_the_game() -> None:
    """Nobody holds a set and every armour and joker lies in the junk pile: while the
    round's duelists may still buy from it the game goes on; once the barter opens, nobody
    can show a set any more and the game ends at the next event, with no bonus."""
    state = table(SETS[0], SETS[1], SETS[2])
    hands = (cards("sword-1 shield-1 lance-1"), cards("sword-2 shield-2"), cards("lance-3"))
    armours = (*(f"armour-{v}" for v in range(1, 7)), "joker-1", "joker-2", "joker-3")
    state = dataclasses.replace(state, hands=hands, known={})
    junk = dataclasses.replace(state, phase="junk", junk=armours, junk_queue=(1,))
    assert fitness.able(junk) == [0, 1, 2]
    barter = dataclasses.replace(state, junk=armours)
    assert fitness.able(barter) == []
    events = step(barter, 0, SayDone())
    assert events[-1] == GameEnded(None, frozenset({0, 1, 2}))
