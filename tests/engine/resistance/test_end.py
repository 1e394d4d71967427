"""The end of the game: three fails, three successes, the assassination, the reveal
(RA-20 .. RA-23)."""

from __future__ import annotations

import pytest

from games.engine.core import IllegalMove, apply, rng_for
from games.engine.games.resistance import GAME, ResistanceConfig
from games.engine.games.resistance.events import GameEnded, VoteCast
from games.engine.games.resistance.moves import Assassinate, Vote
from games.engine.games.resistance.roles import Phase

from ..contract import contains_fragment
from .helpers import play, propose, round_, table

SEVEN = "MSSSAmm"  # 0 Merlin, 1-3 Servants, 4 Assassin, 5-6 Minions


def three_successes(state):
    state = round_(state, [0, 1])
    state = round_(state, [0, 1, 2])
    return round_(state, [0, 1, 2])


def test_ra20_three_failed_quests_win_for_evil_at_once() -> None:
    state = table(SEVEN)
    state = round_(state, [0, 4], failers=[4])
    state = round_(state, [0, 1, 4], failers=[4])
    assert GAME.outcome(state) is None
    state = round_(state, [0, 1, 5], failers=[5])
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.reason == "three_fails"
    assert outcome.winners == frozenset({4, 5, 6})
    assert state.phase is Phase.OVER
    assert len(state.quests) == 3


def test_ra21_three_successes_lead_to_the_assassination() -> None:
    state = three_successes(table(SEVEN))
    assert state.phase is Phase.ASSASSINATE
    assert GAME.outcome(state) is None
    assert GAME.pending_seats(state) == frozenset({4})


def test_ra21_without_merlin_three_successes_win_for_good() -> None:
    state = three_successes(table("SSSSmmm", config=ResistanceConfig(merlin_assassin=False)))
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.reason == "three_successes"
    assert outcome.winners == frozenset({0, 1, 2, 3})


def test_ra22_naming_merlin_wins_for_evil() -> None:
    state = play(three_successes(table(SEVEN)), 4, Assassinate(0))
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.reason == "assassination"
    assert outcome.winners == frozenset({4, 5, 6})


def test_ra22_missing_merlin_wins_for_good() -> None:
    state = play(three_successes(table(SEVEN)), 4, Assassinate(2))
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.reason == "merlin_survived"
    assert outcome.winners == frozenset({0, 1, 2, 3})


def test_ra22_assassin_may_not_name_themself_or_known_evil() -> None:
    state = three_successes(table(SEVEN))
    assert {m.target for m in GAME.legal_moves(state, 4)} == {0, 1, 2, 3}  # type: ignore[attr-defined]
    with pytest.raises(IllegalMove, match="cannot name themself"):
        play(state, 4, Assassinate(4))
    with pytest.raises(IllegalMove, match="know that player is Evil"):
        play(state, 4, Assassinate(5))


def test_ra22_oberon_is_a_valid_target_and_naming_him_misses() -> None:
    config = ResistanceConfig(oberon=True)
    state = three_successes(table("MSSSAmO", config=config))
    assert 6 in {m.target for m in GAME.legal_moves(state, 4)}  # type: ignore[attr-defined]
    state = play(state, 4, Assassinate(6))
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.reason == "merlin_survived"


def test_ra23_at_the_end_every_role_and_the_whole_log_is_revealed() -> None:
    config = ResistanceConfig(lady_of_the_lake=True)
    state = table(SEVEN, config=config)
    state = round_(state, [0, 4], failers=[4])
    state = round_(state, [0, 1, 5], failers=[5])
    from games.engine.games.resistance.moves import Examine

    state = play(state, state.lady, Examine(2))  # type: ignore[arg-type]
    events, state = apply(GAME, propose(state, [0, 1, 6]), 0, Vote(True), rng_for("t", 0))
    for seat in range(1, 7):
        events, state = apply(GAME, state, seat, Vote(True), rng_for("t", seat))
    for seat in (0, 1, 6):
        from games.engine.games.resistance.moves import PlayQuestCard

        events, state = apply(GAME, state, seat, PlayQuestCard(seat != 6), rng_for("t", 9))
    assert isinstance(events[-1], GameEnded)
    assert events[-1].roles == state.roles
    for viewer in [*range(7), None]:
        view = GAME.view(state, viewer)
        for seat, role in enumerate(state.roles):
            assert contains_fragment(view, {"seat": seat, "role": role.value})
        assert contains_fragment(view, {"seat": 6, "quest": 3, "card": "fail"})
        assert contains_fragment(view, {"holder": 6, "seat": 2, "side": "good"})
        assert view["outcome"]["winner"] == "evil"
        # the replay: a private event from the game is shown whole once it is over
        assert GAME.redact(VoteCast(3, True), viewer, state) == {
            "type": "ra.vote_cast",
            "seat": 3,
            "approve": True,
        }
