"""Optional rules: the Lady of the Lake (RA-24) and Targeting (RA-25)."""

from __future__ import annotations

import pytest

from games.engine.core import IllegalMove, apply, rng_for
from games.engine.games.resistance import GAME, ResistanceConfig
from games.engine.games.resistance.events import LadyExamined
from games.engine.games.resistance.moves import Examine, ProposeTeam
from games.engine.games.resistance.roles import Phase

from ..contract import contains_fragment
from .helpers import play, propose, round_, table

SEVEN = "MSSSAmm"  # 0 Merlin, 1-3 Servants, 4 Assassin, 5-6 Minions
LADY = ResistanceConfig(lady_of_the_lake=True)
TARGETING = ResistanceConfig(targeting=True)


def test_ra24_lady_acts_after_quests_2_3_and_4_only() -> None:
    state = table(SEVEN, config=LADY, leader=0)  # the Lady starts with seat 6
    state = round_(state, [0, 1])
    assert state.phase is Phase.PROPOSE  # not after quest 1
    state = round_(state, [0, 1, 4], failers=[4])
    assert state.phase is Phase.LADY
    assert GAME.pending_seats(state) == frozenset({6})
    state = play(state, 6, Examine(4))
    assert state.phase is Phase.PROPOSE
    assert state.lady == 4
    state = round_(state, [0, 1, 2])
    assert state.phase is Phase.LADY
    assert GAME.pending_seats(state) == frozenset({4})
    state = play(state, 4, Examine(1))
    state = round_(state, [0, 1, 2, 5], failers=[5])  # one Fail on quest 4 with 7: success
    assert state.phase is Phase.ASSASSINATE  # three successes: no more Lady


def test_ra24_only_players_who_never_held_the_token_may_be_examined() -> None:
    state = table(SEVEN, config=LADY, leader=0)
    state = round_(round_(state, [0, 1]), [0, 1, 4], failers=[4])
    assert {m.target for m in GAME.legal_moves(state, 6)} == {0, 1, 2, 3, 4, 5}  # type: ignore[attr-defined]
    state = play(state, 6, Examine(2))
    state = round_(state, [0, 1, 4], failers=[4])
    assert {m.target for m in GAME.legal_moves(state, 2)} == {0, 1, 3, 4, 5}  # type: ignore[attr-defined]
    with pytest.raises(IllegalMove, match="has held the Lady"):
        play(state, 2, Examine(6))
    with pytest.raises(IllegalMove, match="not yourself"):
        play(state, 2, Examine(2))


def test_ra24_the_result_goes_to_the_holder_alone() -> None:
    state = table(SEVEN, config=LADY, leader=0)
    state = round_(round_(state, [0, 1]), [0, 1, 4], failers=[4])
    events, state = apply(GAME, state, 6, Examine(4), rng_for("t", 0))
    event = events[0]
    assert isinstance(event, LadyExamined)
    assert GAME.redact(event, 6, state)["side"] == "evil"  # type: ignore[index]
    for viewer in [0, 4, 5, None]:
        assert GAME.redact(event, viewer, state) == {
            "type": "ra.lady_examined",
            "holder": 6,
            "target": 4,
        }
        assert not contains_fragment(
            GAME.view(state, viewer), {"seat": 4, "side": "evil"} | {"holder": 6}
        )
    assert GAME.view(state, 6)["you"]["lady_results"] == [{"seat": 4, "side": "evil"}]
    assert GAME.view(state, None)["lady"]["holder"] == 4


def test_ra24_lady_shows_allegiance_not_role() -> None:
    state = table(SEVEN, config=LADY, leader=0)
    state = round_(round_(state, [0, 1]), [0, 1, 4], failers=[4])
    state = play(state, 6, Examine(0))
    assert GAME.view(state, 6)["you"]["lady_results"] == [{"seat": 0, "side": "good"}]
    assert not contains_fragment(GAME.view(state, 6), {"seat": 0, "role": "merlin"})


def test_ra25_leader_chooses_the_quest_and_the_team_size_follows() -> None:
    state = table(SEVEN, config=TARGETING)
    quests = {m.quest for m in GAME.legal_moves(state, 0)}  # type: ignore[attr-defined]
    assert quests == {1, 2, 3, 4}  # quest 5 is locked
    state = propose(state, [0, 1, 2, 3], quest=4)
    assert state.quest == 4
    with pytest.raises(IllegalMove, match="Choose which quest"):
        propose(table(SEVEN, config=TARGETING), [0, 1])
    with pytest.raises(IllegalMove, match=r"Quest 3 needs a team of 3 players\."):
        propose(table(SEVEN, config=TARGETING), [0, 1], quest=3)


def test_ra25_quest_5_waits_for_two_successes_and_quests_are_attempted_once() -> None:
    state = table(SEVEN, config=TARGETING)
    with pytest.raises(IllegalMove, match="after two quests succeeded"):
        propose(state, [0, 1, 2, 3], quest=5)
    state = round_(state, [0, 1, 2], q=2)
    with pytest.raises(IllegalMove, match="cannot be attempted"):
        propose(state, [0, 1, 2], quest=2)
    state = round_(state, [0, 1], q=1)
    assert 5 in {m.quest for m in GAME.legal_moves(state, state.leader)}  # type: ignore[attr-defined]
    assert [q["result"] for q in GAME.view(state, None)["quests"]] == [
        "success",
        "success",
        None,
        None,
        None,
    ]


def test_ra25_two_fail_rule_stays_with_quest_4() -> None:
    state = round_(table(SEVEN, config=TARGETING), [0, 1, 4, 5], failers=[4], q=4)
    assert state.quests[0].quest == 4
    assert state.quests[0].succeeded is True
    state = round_(state, [0, 4], failers=[4], q=1)
    assert state.quests[1].succeeded is False


def test_ra25_without_targeting_quests_go_in_order() -> None:
    state = table(SEVEN)
    assert {m.quest for m in GAME.legal_moves(state, 0)} == {None}  # type: ignore[attr-defined]
    with pytest.raises(IllegalMove, match="in order"):
        play(state, 0, ProposeTeam(frozenset({0, 1, 2}), 2))
