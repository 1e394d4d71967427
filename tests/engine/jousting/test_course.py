"""JA-8 and JH-4: the course of the tournament, byes, re-lettering."""

from __future__ import annotations

from itertools import combinations

import pytest

from games.engine.games.jousting import GAME
from games.engine.games.jousting.course import COURSES, pairings, reletter
from games.engine.games.jousting.moves import Withdraw

from .helpers import SETS, all_done, lay, pass_junk, play, table


@pytest.mark.parametrize("knights", [2, 3, 4, 5, 6])
def test_jh4_every_pair_meets_once_per_cycle(knights: int) -> None:
    letters = "ABCDEF"[:knights]
    met = [pair for rnd in COURSES[knights] for pair in rnd]
    assert sorted(met) == sorted("".join(p) for p in combinations(letters, 2))
    for rnd in COURSES[knights]:
        used = "".join(rnd)
        assert len(set(used)) == len(used)  # nobody jousts twice in a round
        assert len(letters) - len(used) == knights % 2  # one bye when odd (JA-8)


def test_ja8_first_rounds_match_the_rulebook() -> None:
    letters = (0, 1, 2, 3, 4)
    assert pairings(letters, 0) == (((0, 1), (2, 3)), (4,))  # "A-B ... (/E) has no opponent"
    assert pairings((0, 1, 2), 1) == (((0, 2),), (1,))
    assert pairings((0, 1, 2), 3) == pairings((0, 1, 2), 0)  # JH-4: start again at round 1


def test_jh4_relettering_keeps_seat_order_from_the_knight_after_the_old_a() -> None:
    assert reletter((2, 3, 4, 0, 1), frozenset({0, 1, 3, 4}), 5) == (3, 4, 0, 1)
    assert reletter((2, 3, 4, 0, 1), frozenset({0, 2, 4}), 5) == (4, 0, 2)


def test_ja8_course_cycles_round_by_round() -> None:
    state = table(SETS[0] + " " + SETS[3], SETS[1] + " " + SETS[4], SETS[2] + " " + SETS[5])
    state = all_done(state)
    assert state.pairs == ((0, 1),)
    assert state.byes == (2,)
    state = lay(state, 0, "sword-4 shield-4 lance-4 armour-4")
    state = lay(state, 1, "sword-5 shield-5 lance-5 armour-5")
    state = pass_junk(state)
    assert state.round == 2
    assert state.phase == "barter"
    state = all_done(state)
    assert state.pairs == ((0, 2),)
    assert state.byes == (1,)


def test_ja8_a_knight_dropping_out_changes_the_course_from_round_1() -> None:
    hands = [SETS[i] + " sword-1" for i in range(4)]
    hands[2] = "sword-3 shield-3"  # seat 2 will be disqualified (JA-7)
    state = table(*hands, first=1)  # A=1, B=2, C=3, D=0
    state = all_done(state)
    assert state.status[2] == "disqualified"
    # Three knights left: the 3-knight course, re-lettered from the knight after old A (1).
    assert state.letters == (3, 0, 1)
    assert state.course_round == 0
    assert state.pairs == ((3, 0),)
    assert state.byes == (1,)
    view = GAME.view(state, None)
    assert view["course"]["knights"] == 3
    assert view["course"]["round"] == 1


def test_ja8_withdrawal_during_barter_also_reletters() -> None:
    state = table(SETS[0], SETS[1], SETS[2], SETS[3])
    state = play(state, 1, Withdraw())
    state = all_done(state)
    assert state.letters == (2, 3, 0)
    assert state.pairs == ((2, 3),)
