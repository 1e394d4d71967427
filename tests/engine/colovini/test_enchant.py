"""Playing cards and enchantments: CA-5, CA-6, CA-7, and the reactions ruling CH-3."""

from __future__ import annotations

from random import Random

import pytest

from games.engine.core import IllegalMove, NotYourTurn
from games.engine.games.colovini import GAME, ColoviniConfig
from games.engine.games.colovini.events import CardPlayed, Enchanted, EnchantmentCountered
from games.engine.games.colovini.moves import (
    ENCHANT,
    CounterSpell,
    EndTurn,
    LetPass,
    PlayCard,
    Resist,
)
from games.engine.games.colovini.state import Phase

from .helpers import play, table

RED_TOP = {3: (("blue-knight",), ("green-knight", "red-knight"))}


def test_ca5_a_card_goes_face_up_onto_your_own_side() -> None:
    state = table(hands=(("yellow-knight", "red-sorceress"), ()))
    events, state = play(state, 0, PlayCard("yellow-knight", 6))
    assert events == [CardPlayed(seat=0, card="yellow-knight", region=6, mode="reinforce")]
    assert state.pile(6, 0) == ("blue-knight", "yellow-knight")
    assert state.pile(6, 1) == ("green-knight",)
    assert state.hands[0] == ("red-sorceress",)
    assert state.phase is Phase.PLAY  # a reinforcement needs no answer
    view = GAME.view(state, 1)
    assert view["regions"][6]["piles"][0] == ["blue-knight", "yellow-knight"]  # count and top
    assert view["regions"][6]["counts"] == [2, 1]


def test_ca5_any_number_of_cards_then_the_turn_ends() -> None:
    state = table(hands=(("yellow-knight", "red-sorceress", "blue-sorceress"), ()))
    for card in ("yellow-knight", "red-sorceress", "blue-sorceress"):
        _, state = play(state, 0, PlayCard(card, 0))
    assert len(state.pile(0, 0)) == 4
    assert not state.hands[0]
    assert GAME.legal_moves(state, 0)
    assert all(isinstance(m, EndTurn) for m in GAME.legal_moves(state, 0))


def test_ca5_a_card_must_be_in_your_hand() -> None:
    state = table(hands=(("yellow-knight",), ()))
    with pytest.raises(IllegalMove, match="You have no red knight in your hand"):
        play(state, 0, PlayCard("red-knight", 0))
    with pytest.raises(IllegalMove, match="no card called"):
        play(state, 0, PlayCard("gold-knight", 0))
    with pytest.raises(
        IllegalMove, match="no region at position 12: the row has positions 1 to 11"
    ):
        play(state, 0, PlayCard("yellow-knight", 11))
    with pytest.raises(IllegalMove, match="reinforcement, an enchantment or an attack"):
        play(state, 0, PlayCard("yellow-knight", 1, "charge"))


def test_ca6_enchant_takes_the_opponents_top_card_of_that_colour() -> None:
    state = table(piles=RED_TOP, hands=(("red-sorceress",), ()))
    _, state = play(state, 0, PlayCard("red-sorceress", 3, ENCHANT))
    assert state.phase is Phase.COUNTER
    events, state = play(state, 1, LetPass())
    assert events == [Enchanted(seat=0, region=3, card="red-knight")]
    assert state.pile(3, 0) == ("blue-knight", "red-sorceress", "red-knight")  # on top
    assert state.pile(3, 1) == ("green-knight",)
    assert state.phase is Phase.PLAY


def test_ca6_a_sorceress_also_enchants_a_sorceress() -> None:
    piles = {3: (("blue-knight",), ("red-sorceress",))}
    state = table(piles=piles, hands=(("red-sorceress",), ()))
    _, state = play(state, 0, PlayCard("red-sorceress", 3, ENCHANT))
    _, state = play(state, 1, LetPass())
    assert state.pile(3, 0)[-1] == "red-sorceress"
    assert state.pile(3, 1) == ()


def test_ca6_only_a_sorceress_of_the_top_cards_colour_enchants() -> None:
    state = table(piles=RED_TOP, hands=(("blue-sorceress", "red-knight"), ()))
    with pytest.raises(IllegalMove, match="blue sorceress only enchants a card of her colour"):
        play(state, 0, PlayCard("blue-sorceress", 3, ENCHANT))
    with pytest.raises(IllegalMove, match="Only a sorceress can enchant"):
        play(state, 0, PlayCard("red-knight", 3, ENCHANT))
    # The colour of a card below the top does not count.
    with pytest.raises(IllegalMove, match=r"top card at .* is a red knight"):
        play(state, 0, PlayCard("blue-sorceress", 3, ENCHANT))


def test_ca6_nothing_to_enchant_on_an_empty_side() -> None:
    piles = {3: (("blue-knight",), ())}
    state = table(piles=piles, hands=(("red-sorceress",), ()))
    with pytest.raises(
        IllegalMove, match="no card at the face-down region at position 4 to enchant"
    ):
        play(state, 0, PlayCard("red-sorceress", 3, ENCHANT))


def test_ca7_counter_spell_keeps_the_target_and_takes_the_sorceress() -> None:
    state = table(piles=RED_TOP, hands=(("red-sorceress", "yellow-knight"), ("red-sorceress",)))
    _, state = play(state, 0, PlayCard("red-sorceress", 3, ENCHANT))
    events, state = play(state, 1, CounterSpell())
    assert events == [
        EnchantmentCountered(seat=1, region=3, card="red-sorceress", taken="red-sorceress")
    ]
    assert state.pile(3, 1) == ("green-knight", "red-knight", "red-sorceress")
    assert state.pile(3, 0) == ("blue-knight",)
    assert state.hands[1] == ("red-sorceress",)  # the attacker's sorceress, now theirs
    # The active player keeps playing after a failed enchantment.
    assert state.phase is Phase.PLAY
    assert GAME.pending_seats(state) == {0}
    _, state = play(state, 0, PlayCard("yellow-knight", 3))


def test_ca7_counter_needs_a_sorceress_of_that_colour() -> None:
    state = table(piles=RED_TOP, hands=(("red-sorceress",), ("blue-sorceress", "red-knight")))
    _, state = play(state, 0, PlayCard("red-sorceress", 3, ENCHANT))
    assert GAME.legal_moves(state, 1) == [LetPass()]
    with pytest.raises(IllegalMove, match="no red sorceress to counter with"):
        play(state, 1, CounterSpell())
    with pytest.raises(IllegalMove, match="does not fit now"):
        play(state, 1, Resist())


def test_ch3_the_defender_answers_inside_the_active_turn() -> None:
    state = table(piles=RED_TOP, hands=(("red-sorceress",), ("red-sorceress",)))
    _, state = play(state, 0, PlayCard("red-sorceress", 3, ENCHANT))
    assert GAME.pending_seats(state) == {1}
    with pytest.raises(NotYourTurn):
        play(state, 0, EndTurn("take-2"))
    waiting = GAME.view(state, 0)
    assert waiting["waiting_for"] == [1]
    assert waiting["reaction"] == {
        "kind": "enchantment",
        "attacker": 0,
        "defender": 1,
        "region_index": 3,
        "card": "red-sorceress",
        "answer_with": "red-sorceress",
    }
    assert set(GAME.legal_moves(state, 1)) == {CounterSpell(), LetPass()}


def test_ch3_a_timeout_is_no_reaction() -> None:
    state = table(piles=RED_TOP, hands=(("red-sorceress",), ("red-sorceress",)))
    _, state = play(state, 0, PlayCard("red-sorceress", 3, ENCHANT))
    assert GAME.default_move(state, 1, Random(0)) == LetPass()


def test_ch3_asked_even_without_a_matching_card_unless_the_table_skips() -> None:
    # Asking every time hides whether the defender holds the card (CH-3, CH-4).
    state = table(piles=RED_TOP, hands=(("red-sorceress",), ()))
    _, state = play(state, 0, PlayCard("red-sorceress", 3, ENCHANT))
    assert GAME.pending_seats(state) == {1}
    quick = table(piles=RED_TOP, hands=(("red-sorceress",), ()), config=ColoviniConfig(True))
    events, quick = play(quick, 0, PlayCard("red-sorceress", 3, ENCHANT))
    assert isinstance(events[-1], Enchanted)
    assert GAME.pending_seats(quick) == {0}
    able = table(
        piles=RED_TOP,
        hands=(("red-sorceress",), ("red-sorceress",)),
        config=ColoviniConfig(auto_decline=True),
    )
    _, able = play(able, 0, PlayCard("red-sorceress", 3, ENCHANT))
    assert GAME.pending_seats(able) == {1}
