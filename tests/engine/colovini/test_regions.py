"""Special regions: CA-14 (castles) and CA-15 (Avalon, the Stone Circle, the Swamp)."""

from __future__ import annotations

import dataclasses

import pytest

from games.engine.core import IllegalMove
from games.engine.games.colovini import GAME
from games.engine.games.colovini import moves as mv
from games.engine.games.colovini.events import AvalonUsed, RegionConquered
from games.engine.games.colovini.moves import ATTACK, ENCHANT
from games.engine.games.colovini.state import ColoviniState, Phase
from games.engine.games.colovini.tiles import cards_given

from .helpers import POS, own, play, table

SPARE = ("yellow-sorceress",) * 10
CASTLE, AVALON, CIRCLE, SWAMP = POS["castle-1"], POS["avalon"], POS["stone-circle"], POS["swamp"]


def pay_all(state: ColoviniState) -> ColoviniState:
    while state.phase is Phase.LOSSES:
        _, state = play(state, 0, mv.LoseHandCard("yellow-sorceress"))
    return state


def test_ca14_a_face_up_castle_needs_strictly_more_cards() -> None:
    piles = {CASTLE: (("blue-knight",), ("green-knight",))}
    state = own(table(piles=piles, hands=(("red-knight", "yellow-knight"), ())), CASTLE, 1)
    assert GAME.view(state, 0)["regions"][CASTLE]["defence_bonus"] == 1
    with pytest.raises(IllegalMove, match=r"need at least 2 cards .*castle counts as one more"):
        play(state, 0, mv.PlayCard("red-knight", CASTLE, ATTACK))
    _, state = play(state, 0, mv.PlayCard("yellow-knight", CASTLE))
    _, state = play(state, 0, mv.PlayCard("red-knight", CASTLE, ATTACK))
    assert state.phase is Phase.RESIST


def test_ca14_ca12_a_face_down_castle_gives_no_defence_when_first_taken() -> None:
    piles = {CASTLE: (("blue-knight",), ("green-knight",))}
    state = table(piles=piles, hands=(("red-knight", *SPARE), ()))
    _, state = play(state, 0, mv.PlayCard("red-knight", CASTLE, ATTACK))  # 1 against 1 is enough
    events, state = play(state, 1, mv.LetPass())
    conquest = events[0]
    assert isinstance(conquest, RegionConquered)
    assert conquest.losses == 3
    # From now on it defends its owner.
    assert GAME.view(state, 1)["regions"][CASTLE]["defence_bonus"] == 1


def test_ca15_avalon_one_card_fewer_once_per_turn_owners_choice() -> None:
    piles = {6: ((), ()), 8: ((), ()), 0: ((), ())}
    hand = ("red-knight", "red-knight", "red-knight", *SPARE)
    state = own(table(piles=piles, hands=(hand, ())), AVALON, 0)
    _, state = play(state, 0, mv.PlayCard("red-knight", 6, ATTACK))
    _, state = play(state, 1, mv.LetPass())
    assert state.losses is not None
    assert state.losses.remaining == 1
    assert mv.UseAvalon() in GAME.legal_moves(state, 0)
    assert GAME.view(state, 0)["losses"]["avalon_available"] is True
    state = pay_all(state)  # not used on the first conquest: kept for the second
    _, state = play(state, 0, mv.PlayCard("red-knight", 8, ATTACK))
    _, state = play(state, 1, mv.LetPass())
    events, state = play(state, 0, mv.UseAvalon())
    assert events == [AvalonUsed(seat=0)]
    assert state.phase is Phase.PLAY
    assert state.avalon_used
    assert state.discard.count("yellow-sorceress") == 1  # only the first conquest's card


def test_ca15_avalon_only_once_per_turn() -> None:
    state = own(table(piles={6: ((), ())}, hands=(("red-knight", *SPARE), ())), AVALON, 0)
    state = dataclasses.replace(state, avalon_used=True)
    _, state = play(state, 0, mv.PlayCard("red-knight", 6, ATTACK))
    _, state = play(state, 1, mv.LetPass())
    assert mv.UseAvalon() not in GAME.legal_moves(state, 0)
    with pytest.raises(IllegalMove, match="already used Avalon this turn"):
        play(state, 0, mv.UseAvalon())


def test_ca15_conquering_avalon_helps_at_once() -> None:
    piles = {AVALON: (("blue-knight",), ("green-knight",))}
    state = table(piles=piles, hands=(("red-knight", *SPARE), ()))
    _, state = play(state, 0, mv.PlayCard("red-knight", AVALON, ATTACK))
    _, state = play(state, 1, mv.LetPass())
    assert state.losses is not None
    assert state.losses.remaining == 3
    _, state = play(state, 0, mv.UseAvalon())
    assert state.losses is not None
    assert state.losses.remaining == 2


def test_ca15_avalon_and_swamp_are_worth_one_and_give_no_reinforcements() -> None:
    state = own(own(table(), AVALON, 0), SWAMP, 0)
    assert state.crowns(0) == 2
    owned = state.owned(0)
    for kind in ("most-landscape", "largest-chain", "most-landscape-x2", "one-per-region"):
        assert cards_given(kind, owned) == 0


def test_ca15_stone_circle_owner_attacks_with_a_sorceress() -> None:
    state = table(hands=(("red-sorceress", "red-sorceress"), ("red-sorceress", "red-knight")))
    with pytest.raises(IllegalMove, match="Only a knight can attack"):
        play(state, 0, mv.PlayCard("red-sorceress", 6, ATTACK))
    state = own(state, CIRCLE, 0)
    _, state = play(state, 0, mv.PlayCard("red-sorceress", 6, ATTACK))
    assert state.phase is Phase.RESIST  # an attack, not an enchantment
    # Only a knight of her colour resists; a sorceress cannot.
    assert set(GAME.legal_moves(state, 1)) == {mv.Resist(), mv.LetPass()}
    assert GAME.view(state, 1)["reaction"]["answer_with"] == "red-knight"
    _, state = play(state, 1, mv.Resist())
    assert state.pile(6, 1)[-1] == "red-knight"
    assert state.hands[1] == ("red-sorceress",)


def test_ca15_an_attacking_sorceress_does_not_enchant() -> None:
    piles = {6: (("blue-knight",), ("red-knight",))}
    state = own(table(piles=piles, hands=(("red-sorceress", *SPARE), ())), CIRCLE, 0)
    _, state = play(state, 0, mv.PlayCard("red-sorceress", 6, ATTACK))
    events, state = play(state, 1, mv.LetPass())
    conquest = events[0]
    assert isinstance(conquest, RegionConquered)
    assert conquest.defender_lost == ("red-knight",)  # discarded, not taken over
    assert "red-knight" not in state.pile(6, 0)
    # The same card may still enchant when the player says so.
    state = own(table(piles=piles, hands=(("red-sorceress",), ())), CIRCLE, 0)
    _, state = play(state, 0, mv.PlayCard("red-sorceress", 6, ENCHANT))
    assert state.phase is Phase.COUNTER
