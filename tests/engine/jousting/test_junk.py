"""JA-13: after each duel the two duelists may each buy one blind card, winner first."""

from __future__ import annotations

import dataclasses

import pytest

from games.engine.core import IllegalMove, NotYourTurn
from games.engine.games.jousting import GAME
from games.engine.games.jousting.events import JunkBought
from games.engine.games.jousting.moves import BuyFromJunk, LayCards, SayDone
from games.engine.games.jousting.state import JoustingState

from .helpers import all_done, lay, play, step, table

A = "sword-5 shield-5 lance-5 armour-5"
B = "sword-1 shield-1 lance-1 armour-1"


def after_duel() -> JoustingState:
    state = table(A, B, "sword-6 shield-6 lance-6 armour-6")
    state = all_done(state)
    state = lay(state, 0, A)
    return lay(state, 1, B)


def test_ja13_winner_buys_first_for_5_coins_drawn_blind() -> None:
    state = after_duel()
    assert state.phase == "junk"
    assert GAME.pending_seats(state) == {0}
    with pytest.raises(NotYourTurn):
        play(state, 1, BuyFromJunk(True))
    with pytest.raises(NotYourTurn):
        play(state, 2, BuyFromJunk(True))  # JA-13: nobody else may buy now
    events = step(state, 0, BuyFromJunk(True))
    bought = next(e for e in events if isinstance(e, JunkBought))
    assert bought.card in state.junk
    assert GAME.redact(bought, 1, state) == {"type": "ja.junk_bought", "seat": 0, "price": 5}
    state = play(state, 0, BuyFromJunk(True))
    assert state.coins[0] == 10 + 10 - 5
    assert bought.card in state.hands[0]
    assert bought.card not in state.junk
    assert GAME.view(state, 1)["junk"]["size"] == 3
    assert {"seat": 0, "card": bought.card} not in GAME.view(state, 1)["known_cards"]
    assert GAME.pending_seats(state) == {1}
    state = play(state, 1, BuyFromJunk(True))
    assert state.coins[1] == 5
    assert state.phase == "barter"
    assert state.round == 2


def test_ja13_only_one_card_each_and_passing_is_the_default() -> None:
    state = after_duel()
    assert GAME.default_move(state, 0, None) == BuyFromJunk(False)  # type: ignore[arg-type]
    state = play(state, 0, BuyFromJunk(False))
    state = play(state, 1, BuyFromJunk(False))
    assert state.phase == "barter"
    with pytest.raises(IllegalMove, match="junk pile is for sale only after your duel"):
        play(state, 0, BuyFromJunk(True))
    assert SayDone() in GAME.legal_moves(state, 0)


def test_ja13_a_duelist_who_cannot_pay_is_skipped() -> None:
    state = table(A, B, "sword-6 shield-6 lance-6 armour-6")
    state = all_done(state)
    state = play(state, 0, LayCards(*A.split()))
    broke = dataclasses.replace(state, coins=(10, 4, 10))
    state = play(broke, 1, LayCards(*B.split()))
    assert state.junk_queue == (0,)
    state = play(state, 0, BuyFromJunk(False))
    assert state.phase == "barter"
