"""TA-3's legal passes, listed lazily (passes.PassChoices): the same moves as every three
cards of the hand, the same answers to `in`, and `decide` accepting exactly those."""

from __future__ import annotations

from itertools import combinations
from random import Random

import pytest

from games.engine.core import IllegalMove, start
from games.engine.games.tournament.config import AvalonConfig
from games.engine.games.tournament.definition import AVALON
from games.engine.games.tournament.moves import ChoosePass, GiveCard
from games.engine.games.tournament.passes import PassChoices
from games.engine.games.tournament.rules import legal_moves

from .helpers import act

HAND = ("swords-9", "arrows-2", "merlin-1", "alchemy-4", "sorcery-15", "swords-1")


def _listed(hand: tuple[str, ...]) -> list[ChoosePass]:
    return [ChoosePass(frozenset(c)) for c in combinations(sorted(hand), 3)]


@pytest.mark.parametrize("hand", [HAND, ("swords-1", "swords-1", "arrows-2", "arrows-3")])
def test_ta3_passes_are_every_three_cards_of_the_hand(hand: tuple[str, ...]) -> None:
    """TA-3: the lazy list is the eager one (a hand with a repeated card included)."""
    passes = PassChoices(hand)
    listed = _listed(hand)
    assert len(passes) == len(listed)
    assert passes == listed
    assert list(passes) == listed
    assert passes[0] == listed[0]
    assert passes[-1] == listed[-1]
    for move in listed:
        assert move in passes


def test_ta3_pass_membership_answers_as_the_list_does() -> None:
    """`in` from the hand alone, without listing: the same answer as the list's."""
    listed = _listed(HAND)
    others = [
        ChoosePass(frozenset(HAND[:2])),
        ChoosePass(frozenset(HAND[:4])),
        ChoosePass(frozenset({"swords-9", "arrows-2", "swords-14"})),
        ChoosePass(set(HAND[:3])),  # type: ignore[arg-type]  # equal to the frozenset's
        ChoosePass(tuple(HAND[:3])),  # type: ignore[arg-type]
        GiveCard("swords-9"),
    ]
    for move in others:
        assert (move in PassChoices(HAND)) == (move in listed)


def test_ta3_the_bot_pass_and_decide() -> None:
    """At Dawn the rules answer a PassChoices; `decide` takes a fresh equal pass and refuses
    three cards that are not all in the hand."""
    _, s = start(AVALON, AvalonConfig(powers=False), 3, Random(5))
    assert s.phase == "passing"
    legal = legal_moves(s, 0)
    assert isinstance(legal, PassChoices)
    hand = s.player(0).hand
    assert legal == _listed(hand)
    assert legal.choose(frozenset(hand[:3])) == ChoosePass(frozenset(hand[:3]))
    with pytest.raises(IllegalMove):
        act(s, 0, ChoosePass(frozenset((*hand[:2], s.player(1).hand[0]))))
    _, after = act(s, 0, ChoosePass(frozenset(hand[:3])))
    assert after.player(0).passing == frozenset(hand[:3])
