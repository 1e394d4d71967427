"""Rounds: team proposal, vote, rejection, quest and reveal (RA-11 .. RA-19)."""

from __future__ import annotations

import pytest

from games.engine.core import IllegalMove, NotYourTurn, apply, rng_for
from games.engine.games.resistance import GAME
from games.engine.games.resistance.config import QUEST_SIZES
from games.engine.games.resistance.events import QuestCardPlayed, QuestResolved, VotesRevealed
from games.engine.games.resistance.moves import PlayQuestCard, ProposeTeam, Vote
from games.engine.games.resistance.roles import Phase, Side

from ..contract import contains_fragment
from .helpers import play, propose, quest, round_, table, vote

SEVEN = "MSSSAmm"  # 0 Merlin, 1-3 Servants, 4 Assassin, 5-6 Minions


@pytest.mark.parametrize(
    ("players", "sizes"),
    [
        (5, (2, 3, 2, 3, 3)),
        (6, (2, 3, 4, 3, 4)),
        (7, (2, 3, 3, 4, 4)),
        (8, (3, 4, 4, 5, 5)),
        (9, (3, 4, 4, 5, 5)),
        (10, (3, 4, 4, 5, 5)),
    ],
)
def test_ra11_quest_sizes(players: int, sizes: tuple[int, ...]) -> None:
    assert QUEST_SIZES[players] == sizes
    state = table("MA" + "S" * (players - 2))
    view = GAME.view(state, None)
    assert [q["size"] for q in view["quests"]] == list(sizes)
    assert {len(m.team) for m in GAME.legal_moves(state, 0)} == {sizes[0]}  # type: ignore[attr-defined]


def test_ra12_wrong_team_size_is_refused_in_plain_words() -> None:
    state = round_(table(SEVEN), [0, 1])
    with pytest.raises(IllegalMove, match=r"Quest 2 needs a team of 3 players\."):
        propose(state, [1, 2])


def test_ra12_leader_may_include_themself_and_names_distinct_seated_players() -> None:
    state = propose(table(SEVEN, leader=3), [3, 5])
    assert state.team == frozenset({3, 5})
    assert state.phase is Phase.VOTE
    with pytest.raises(IllegalMove, match="no seat 9"):
        propose(table(SEVEN), [0, 9])


def test_ra12_only_the_leader_proposes() -> None:
    state = table(SEVEN, leader=2)
    with pytest.raises(NotYourTurn):
        apply(GAME, state, 1, ProposeTeam(frozenset({1, 2})), rng_for("t", 0))


def test_ra13_everyone_votes_the_leader_included_and_votes_are_revealed_together() -> None:
    state = propose(table(SEVEN, leader=0), [0, 1])
    assert GAME.pending_seats(state) == frozenset(range(7))
    events, state = apply(GAME, state, 0, Vote(True), rng_for("t", 1))
    assert [type(e) for e in events] == [type(events[0])]
    assert state.phase is Phase.VOTE
    for seat in range(1, 7):
        events, state = apply(GAME, state, seat, Vote(seat % 2 == 0), rng_for("t", seat))
    revealed = events[-1]
    assert isinstance(revealed, VotesRevealed)
    view = GAME.view(state, None)
    assert view["proposals"][0]["votes"][3] == {"seat": 3, "vote": "reject", "proposal": 1}
    assert view["proposals"][0]["votes"][4] == {"seat": 4, "vote": "approve", "proposal": 1}


def test_ra13_strict_majority_passes_and_a_tie_rejects() -> None:
    six = table("MSSSAm")
    assert vote(propose(six, [0, 1]), [0, 1, 2]).phase is Phase.PROPOSE  # 3 of 6: tie
    assert vote(propose(six, [0, 1]), [0, 1, 2, 3]).phase is Phase.QUEST
    assert vote(propose(table(SEVEN), [0, 1]), [0, 1, 2, 3]).phase is Phase.QUEST  # 4 of 7


def test_ra14_rejection_passes_leadership_and_keeps_the_quest() -> None:
    state = vote(propose(table(SEVEN, leader=6), [0, 1]), False)
    assert state.leader == 0
    assert state.phase is Phase.PROPOSE
    assert state.rejections == 1
    assert len(state.quests) == 0
    assert GAME.view(state, None)["attemptable_quests"] == [1]


def test_ra15_fifth_consecutive_rejection_ends_the_game_for_evil() -> None:
    state = table(SEVEN)
    for _ in range(4):
        state = vote(propose(state, [0, 1]), False)
    assert GAME.outcome(state) is None
    assert state.rejections == 4
    state = vote(propose(state, [0, 1]), False)
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.reason == "five_rejections"
    assert outcome.winners == frozenset({4, 5, 6})
    assert GAME.pending_seats(state) == frozenset()


def test_ra15_rejections_count_only_within_one_round() -> None:
    state = table(SEVEN)
    for _ in range(4):
        state = vote(propose(state, [0, 1]), False)
    state = quest(vote(propose(state, [0, 1]), True))
    assert state.rejections == 0
    for _ in range(4):
        state = vote(propose(state, [0, 1, 2]), False)
    assert GAME.outcome(state) is None


def test_ra16_good_may_only_play_success() -> None:
    state = vote(propose(table(SEVEN), [0, 4]), True)
    assert GAME.legal_moves(state, 0) == [PlayQuestCard(True)]
    assert set(GAME.legal_moves(state, 4)) == {PlayQuestCard(True), PlayQuestCard(False)}
    with pytest.raises(IllegalMove, match="only play Success"):
        play(state, 0, PlayQuestCard(False))
    assert GAME.pending_seats(state) == frozenset({0, 4})


def test_ra17_only_the_number_of_fails_is_public() -> None:
    state = vote(propose(table(SEVEN), [4, 5]), True)
    events, state = apply(GAME, state, 4, PlayQuestCard(False), rng_for("t", 1))
    card = events[0]
    assert isinstance(card, QuestCardPlayed)
    assert GAME.redact(card, 5, state) == {"type": "ra.quest_card_played", "seat": 4}
    assert GAME.redact(card, None, state) == {"type": "ra.quest_card_played", "seat": 4}
    events, state = apply(GAME, state, 5, PlayQuestCard(True), rng_for("t", 2))
    resolved = events[-1]
    assert isinstance(resolved, QuestResolved)
    assert resolved.fails == 1
    for viewer in [0, 5, None]:
        view = GAME.view(state, viewer)
        assert view["quests"][0]["fails"] == 1
        assert not contains_fragment(view, {"seat": 4, "card": "fail"})
    assert contains_fragment(GAME.view(state, 4), {"seat": 4, "quest": 1, "card": "fail"})


def test_ra18_one_fail_fails_a_quest() -> None:
    state = round_(table(SEVEN), [0, 4], failers=[4])
    assert state.quests[0].succeeded is False


def test_ra18_fourth_quest_needs_two_fails_with_7_players() -> None:
    state = table(SEVEN)
    state = round_(state, [0, 1])
    state = round_(state, [0, 1, 4], failers=[4])
    state = round_(state, [0, 1, 2])
    one = round_(state, [0, 1, 4, 5], failers=[4])
    assert one.quests[3].succeeded is True
    assert one.quests[3].fails == 1
    two = round_(state, [0, 1, 4, 5], failers=[4, 5])
    assert two.quests[3].succeeded is False
    assert GAME.view(state, None)["quests"][3]["two_fails"] is True


def test_ra18_fourth_quest_needs_one_fail_with_6_players() -> None:
    state = table("MSSSAm")
    state = round_(state, [0, 1])
    state = round_(state, [0, 1, 4], failers=[4])
    state = round_(state, [0, 1, 2, 3])
    state = round_(state, [0, 1, 4], failers=[4])
    assert state.quests[3].succeeded is False
    assert GAME.view(state, None)["quests"][3]["two_fails"] is False


def test_ra19_after_a_quest_leadership_passes_and_rejections_reset() -> None:
    state = vote(propose(table(SEVEN, leader=2), [0, 1]), False)
    state = round_(state, [0, 1])
    assert state.leader == 4
    assert state.rejections == 0
    assert state.phase is Phase.PROPOSE
    assert GAME.view(state, None)["attemptable_quests"] == [2]
    assert state.side_of(0) is Side.GOOD
