"""The end: CA-17 (15 crowns at the end of one's own turn), and our deadlock ruling (CH-6)."""

from __future__ import annotations

import dataclasses

from games.engine.games.colovini import GAME
from games.engine.games.colovini.events import GameEnded, TurnStarted
from games.engine.games.colovini.moves import ATTACK, EndTurn, LetPass, LoseHandCard, PlayCard
from games.engine.games.colovini.state import ColoviniState, Phase

from .helpers import POS, own, play, table

DECK = tuple(["purple-knight"] * 10)


def owning(state: ColoviniState, seat: int, *keys: str) -> ColoviniState:
    for key in keys:
        state = own(state, POS[key], seat)
    return state


def test_ca17_fifteen_crowns_at_the_end_of_your_turn_wins() -> None:
    keys = ("castle-1", "castle-2", "castle-3", "plain-1", "plain-2")  # 3 * 3 + 2 * 2 = 13
    state = owning(table(deck=DECK, hands=(("red-knight", *["blue-sorceress"] * 3), ())), 0, *keys)
    assert state.crowns(0) == 13
    _, state = play(state, 0, PlayCard("red-knight", POS["hill-1"], ATTACK))
    _, state = play(state, 1, LetPass())
    for _ in range(3):
        _, state = play(state, 0, LoseHandCard("blue-sorceress"))
    assert state.crowns(0) == 15
    assert GAME.outcome(state) is None  # not before the end of the turn
    events, state = play(state, 0, EndTurn("take-2"))
    assert events[-1] == GameEnded(winners=(0,), reason="fifteen_crowns", crowns=(15, 0))
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.winners == {0}
    assert outcome.scores == {0: 15, 1: 0}
    assert "15 crowns" in outcome.summary
    assert state.phase is Phase.OVER
    assert GAME.pending_seats(state) == frozenset()


def test_ca17_only_at_the_end_of_ones_own_turn() -> None:
    # Seat 1 holds 15 crowns while seat 0 ends a turn: seat 1 wins at the end of its own.
    keys = ("castle-1", "castle-2", "castle-3", "plain-1", "plain-2", "hill-1")
    state = owning(table(deck=DECK), 1, *keys)
    assert state.crowns(1) == 15
    events, state = play(state, 0, EndTurn("take-2"))
    assert isinstance(events[-1], TurnStarted)
    assert GAME.outcome(state) is None
    events, state = play(state, 1, EndTurn("take-2"))
    assert isinstance(events[-1], GameEnded)
    assert events[-1].winners == (1,)


def test_ch6_nothing_left_to_play_most_crowns_win() -> None:
    state = owning(table(), 0, "castle-1")
    state = owning(state, 1, "plain-1")
    assert state.deadlocked()
    events, state = play(state, 0, EndTurn("take-2"))
    assert events[-1] == GameEnded(winners=(0,), reason="deadlock", crowns=(3, 2))
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.reason == "deadlock"
    assert outcome.winners == {0}


def test_ch6_equal_crowns_share_the_win() -> None:
    state = owning(owning(table(), 0, "plain-2"), 1, "plain-1")
    events, state = play(state, 0, EndTurn("take-2"))
    assert events[-1] == GameEnded(winners=(0, 1), reason="deadlock", crowns=(2, 2))
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.winners == {0, 1}
    assert "shared" in outcome.summary


def test_ch6_not_while_a_card_can_still_come_back() -> None:
    state = dataclasses.replace(table(), discard=("red-knight",))
    assert not state.deadlocked()
    _, state = play(state, 0, EndTurn("take-2"))
    assert GAME.outcome(state) is None
    assert state.hands[0] == ("red-knight",)
