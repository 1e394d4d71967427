"""Conquest losses, CA-11, with the rulebook's worked checks (and the castle's, CA-14)."""

from __future__ import annotations

from random import Random

import pytest

from games.engine.core import IllegalMove
from games.engine.games.colovini import GAME
from games.engine.games.colovini.events import LossesEnded, LossPaid, RegionConquered
from games.engine.games.colovini.moves import (
    ATTACK,
    LetPass,
    LoseHandCard,
    LosePileTop,
    PlayCard,
    UseAvalon,
)
from games.engine.games.colovini.state import ColoviniState, Phase

from .helpers import Pair, own, play, table

SPARE = ("yellow-sorceress",) * 8  # cards in hand to pay step 2 with


def conquer(state: ColoviniState, index: int) -> tuple[RegionConquered, ColoviniState]:
    _, state = play(state, 0, PlayCard("red-knight", index, ATTACK))
    events, state = play(state, 1, LetPass())
    conquest = events[0]
    assert isinstance(conquest, RegionConquered)
    return conquest, state


def test_ca11_three_against_one_loses_one_then_four() -> None:
    piles = {6: (("blue-knight", "blue-sorceress"), ("green-knight",))}
    conquest, state = conquer(table(piles=piles, hands=(("red-knight", *SPARE), ())), 6)
    assert conquest.defender_lost == ("green-knight",)
    assert conquest.conqueror_lost == ("red-knight",)  # from the top: the knight itself
    assert conquest.losses == 4
    assert state.pile(6, 0) == ("blue-knight", "blue-sorceress")
    assert state.pile(6, 1) == ()
    assert state.phase is Phase.LOSSES
    assert state.losses is not None
    assert state.losses.remaining == 4
    assert GAME.pending_seats(state) == {0}
    for _ in range(4):
        _, state = play(state, 0, LoseHandCard("yellow-sorceress"))
    assert state.phase is Phase.PLAY
    assert len(state.hands[0]) == 4
    assert state.discard.count("yellow-sorceress") == 4


def test_ca11_one_against_none_loses_none_then_one() -> None:
    piles = {6: ((), ())}
    conquest, state = conquer(table(piles=piles, hands=(("red-knight", *SPARE), ())), 6)
    assert conquest.defender_lost == ()
    assert conquest.conqueror_lost == ()
    assert conquest.losses == 1
    assert state.pile(6, 0) == ("red-knight",)


def test_ca11_ca14_castle_three_against_one_loses_one_then_five() -> None:
    piles = {1: (("blue-knight", "blue-sorceress"), ("green-knight",))}
    state = own(table(piles=piles, hands=(("red-knight", *SPARE), ())), 1, 1)
    conquest, state = conquer(state, 1)
    assert len(conquest.defender_lost) == 1
    assert len(conquest.conqueror_lost) == 1
    assert conquest.losses == 5


def test_ca11_step_two_from_hand_and_tops_of_any_piles_including_the_conquered() -> None:
    piles = {
        6: (("blue-knight", "blue-sorceress"), ("green-knight",)),
        0: (("purple-knight", "yellow-knight"), ("green-knight",)),
    }
    _, state = conquer(table(piles=piles, hands=(("red-knight", "red-sorceress"), ())), 6)
    legal = set(GAME.legal_moves(state, 0))
    assert LoseHandCard("red-sorceress") in legal
    assert {LosePileTop(0), LosePileTop(6)} <= legal
    events, state = play(state, 0, LosePileTop(0))
    assert events == [LossPaid(seat=0, card="yellow-knight", region=0)]  # the top first
    _, state = play(state, 0, LosePileTop(6))
    assert state.pile(6, 0) == ("blue-knight",)
    _, state = play(state, 0, LoseHandCard("red-sorceress"))
    _, state = play(state, 0, LosePileTop(0))
    assert state.phase is Phase.PLAY
    assert state.pile(0, 0) == ()


def test_ca11_a_pile_with_nothing_cannot_pay() -> None:
    piles = {6: (("blue-knight",), ("green-knight",)), 0: ((), ("green-knight",))}
    _, state = conquer(table(piles=piles, hands=(("red-knight", *SPARE), ())), 6)
    with pytest.raises(IllegalMove, match="You have no card at the face-down region at position 1"):
        play(state, 0, LosePileTop(0))
    with pytest.raises(IllegalMove, match="does not fit now: the conqueror pays"):
        play(state, 0, PlayCard("yellow-sorceress", 3))
    with pytest.raises(IllegalMove, match="Only the owner of Avalon"):
        play(state, 0, UseAvalon())


def test_ca11_losses_beyond_every_card_lapse() -> None:
    # Our reading: a conqueror who runs out of cards pays what they have; the rest lapses.
    piles: dict[int, Pair] = dict.fromkeys(range(11), ((), ()))
    piles[6] = (("blue-knight",), ("green-knight",))
    conquest, state = conquer(table(piles=piles, hands=(("red-knight", "red-sorceress"), ())), 6)
    assert conquest.losses == 3  # 2 + 1; step 1 took the knight
    _, state = play(state, 0, LoseHandCard("red-sorceress"))
    events, state = play(state, 0, LosePileTop(6))
    assert events[-1] == LossesEnded(seat=0, unpaid=1)
    assert state.phase is Phase.PLAY
    assert state.losses is None


def test_ca11_a_timeout_pays_a_legal_card() -> None:
    piles = {6: (("blue-knight",), ("green-knight",))}
    _, state = conquer(table(piles=piles, hands=(("red-knight", *SPARE), ())), 6)
    assert GAME.default_move(state, 0, Random(1)) in GAME.legal_moves(state, 0)
