"""Attacks and resistance: CA-8, CA-9, CA-10, CA-12 and our ruling CH-5."""

from __future__ import annotations

import dataclasses

import pytest

from games.engine.core import IllegalMove
from games.engine.games.colovini import GAME
from games.engine.games.colovini import moves as mv
from games.engine.games.colovini.events import AttackResisted, RegionConquered
from games.engine.games.colovini.moves import ATTACK, ENCHANT
from games.engine.games.colovini.state import Phase

from .helpers import own, play, table


def test_ca8_attack_needs_at_least_as_many_cards_before_the_knight() -> None:
    piles = {0: (("blue-knight",), ("green-knight", "green-sorceress"))}
    state = table(piles=piles, hands=(("red-knight", "yellow-knight"), ()))
    with pytest.raises(IllegalMove, match=r"need at least 2 cards there before the attack.*have 1"):
        play(state, 0, mv.PlayCard("red-knight", 0, ATTACK))
    _, state = play(state, 0, mv.PlayCard("yellow-knight", 0))  # now 2 against 2: equal is enough
    _, state = play(state, 0, mv.PlayCard("red-knight", 0, ATTACK))
    assert state.phase is Phase.RESIST
    assert GAME.pending_seats(state) == {1}


def test_ca8_only_a_knight_attacks() -> None:
    state = table(hands=(("red-sorceress",), ()))
    with pytest.raises(IllegalMove, match="Only a knight can attack"):
        play(state, 0, mv.PlayCard("red-sorceress", 0, ATTACK))


def test_ca8_an_enchanted_knight_does_not_attack() -> None:
    # The knight taken by enchantment lands on the pile; no attack is announced.
    piles = {3: (("blue-knight",), ("green-knight", "red-knight"))}
    state = table(piles=piles, hands=(("red-sorceress",), ()))
    _, state = play(state, 0, mv.PlayCard("red-sorceress", 3, ENCHANT))
    _, state = play(state, 1, mv.LetPass())
    assert state.phase is Phase.PLAY
    assert state.owners[3] is None
    assert state.conquests == 0
    assert state.pile(3, 0)[-1] == "red-knight"


def test_ca8_an_unanswered_attack_conquers() -> None:
    state = table(hands=(("red-knight", "red-sorceress", "yellow-sorceress", "blue-sorceress"), ()))
    _, state = play(state, 0, mv.PlayCard("red-knight", 6, ATTACK))
    events, state = play(state, 1, mv.LetPass())
    assert isinstance(events[0], RegionConquered)
    assert events[0].region_key == "hill-1"
    assert state.owners[6] == 0
    assert state.face_up[6]


def test_ca9_resistance_with_a_knight_of_that_colour_even_outnumbered() -> None:
    piles = {6: (("blue-knight", "blue-sorceress", "yellow-knight"), ("green-knight",))}
    state = table(piles=piles, hands=(("red-knight", "yellow-knight"), ("red-knight",)))
    _, state = play(state, 0, mv.PlayCard("red-knight", 6, ATTACK))
    events, state = play(state, 1, mv.Resist())
    assert events == [AttackResisted(seat=1, region=6, card="red-knight")]
    assert state.pile(6, 0)[-1] == "red-knight"
    assert state.pile(6, 1)[-1] == "red-knight"
    assert state.owners[6] is None
    assert state.conquests == 0
    assert GAME.pending_seats(state) == {0}  # the attacker may keep playing
    _, state = play(state, 0, mv.PlayCard("yellow-knight", 6, ATTACK))


def test_ca9_resistance_needs_the_attackers_colour() -> None:
    state = table(hands=(("red-knight",), ("yellow-knight", "red-sorceress")))
    _, state = play(state, 0, mv.PlayCard("red-knight", 6, ATTACK))
    assert GAME.legal_moves(state, 1) == [mv.LetPass()]
    with pytest.raises(IllegalMove, match="no red knight to resist with"):
        play(state, 1, mv.Resist())


def test_ca10_any_number_of_attacks_but_two_conquests() -> None:
    hand = ("red-knight",) * 3 + ("yellow-sorceress",) * 12
    state = table(hands=(hand, ("red-knight",)))
    _, state = play(state, 0, mv.PlayCard("red-knight", 0, ATTACK))
    _, state = play(state, 1, mv.Resist())  # a failed attack does not count
    for index in (3, 6):
        _, state = play(state, 0, mv.PlayCard("red-knight", index, ATTACK))
        _, state = play(state, 1, mv.LetPass())
        while state.phase is Phase.LOSSES:
            _, state = play(state, 0, mv.LoseHandCard("yellow-sorceress"))
    assert state.conquests == 2
    state = table(hands=(("red-knight", "red-knight"), ()))
    state = dataclasses.replace(state, conquests=2)
    with pytest.raises(IllegalMove, match="already conquered two regions this turn"):
        play(state, 0, mv.PlayCard("red-knight", 8, ATTACK))
    assert not [m for m in GAME.legal_moves(state, 0) if getattr(m, "mode", "") == ATTACK]


def test_ch5_no_attack_on_your_own_region_but_reinforcing_it_is_fine() -> None:
    state = own(table(hands=(("red-knight", "yellow-knight"), ())), 6, 0)
    with pytest.raises(IllegalMove, match="You already own Hill: you may reinforce it"):
        play(state, 0, mv.PlayCard("red-knight", 6, ATTACK))
    _, state = play(state, 0, mv.PlayCard("yellow-knight", 6))
    assert state.pile(6, 0)[-1] == "yellow-knight"


def test_ca12_a_face_down_region_turns_up_toward_its_conqueror() -> None:
    state = table(hands=(("red-knight",) + ("blue-sorceress",) * 3, ()))
    assert GAME.view(state, 0)["regions"][3]["region"] is None
    _, state = play(state, 0, mv.PlayCard("red-knight", 3, ATTACK))
    _, state = play(state, 1, mv.LetPass())
    region = GAME.view(state, 1)["regions"][3]
    assert region["face_up"]
    assert region["owner"] == 0
    assert region["region"] == "forest-1"
    assert region["crowns"] == 2
    assert region["landscape"] == "forest"


def test_ca12_a_face_up_region_turns_to_its_new_owner() -> None:
    state = own(table(first=1, hands=((), ("red-knight",) + ("blue-sorceress",) * 3)), 6, 0)
    assert state.crowns(0) == 2
    _, state = play(state, 1, mv.PlayCard("red-knight", 6, ATTACK))
    _, state = play(state, 0, mv.LetPass())
    assert state.owners[6] == 1
    assert state.crowns(0) == 0
    assert state.crowns(1) == 2
