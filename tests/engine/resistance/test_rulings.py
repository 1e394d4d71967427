"""Our rulings for play over the web (RA-W1 .. RA-W4)."""

from __future__ import annotations

from random import Random

from games.engine.core import apply, rng_for
from games.engine.games.resistance import GAME, ResistanceConfig
from games.engine.games.resistance import moves as mv
from games.engine.games.resistance.events import GameSetUp, VoteCast
from games.engine.games.resistance.roles import Phase

from ..contract import contains_fragment
from .helpers import play, propose, round_, table, vote

SEVEN = "MSSSAmm"  # 0 Merlin, 1-3 Servants, 4 Assassin, 5-6 Minions


def test_ra_w1_votes_in_any_order_others_see_who_acted_not_what() -> None:
    state = propose(table(SEVEN), [0, 1])
    events, state = apply(GAME, state, 5, mv.Vote(False), rng_for("t", 0))
    state = play(state, 2, mv.Vote(True))
    assert GAME.pending_seats(state) == frozenset({0, 1, 3, 4, 6})
    for viewer in [0, 4, 6, None]:
        view = GAME.view(state, viewer)
        assert view["acted"] == [2, 5]
        assert not contains_fragment(view, {"seat": 5, "vote": "reject"})
        assert GAME.redact(events[0], viewer, state) == {"type": "ra.vote_cast", "seat": 5}
    own = GAME.view(state, 5)["you"]["vote"]
    assert own == {"seat": 5, "vote": "reject", "proposal": 1}


def test_ra_w1_quest_cards_in_any_order_and_hidden_until_the_reveal() -> None:
    state = vote(propose(table(SEVEN), [0, 4]), True)
    state = play(state, 4, mv.PlayQuestCard(False))
    view = GAME.view(state, 0)
    assert view["acted"] == [4]
    assert view["waiting_for"] == [0]
    assert not contains_fragment(view, {"seat": 4, "card": "fail"})
    state = play(state, 0, mv.PlayQuestCard(True))
    assert state.quests[0].fails == 1


def test_ra_w2_timeout_defaults_approve_success_and_random_legal_choices() -> None:
    rng = Random(1)
    state = table(SEVEN)
    proposal = GAME.default_move(state, 0, rng)
    assert isinstance(proposal, mv.ProposeTeam)
    assert proposal in GAME.legal_moves(state, 0)
    state = propose(state, [0, 4])
    assert GAME.default_move(state, 3, rng) == mv.Vote(True)  # a missing vote approves
    state = vote(state, True)
    assert GAME.default_move(state, 4, rng) == mv.PlayQuestCard(True)  # even for Evil
    state = play(play(state, 0, mv.PlayQuestCard(True)), 4, mv.PlayQuestCard(True))
    state = round_(round_(state, [0, 1, 2]), [0, 1, 2])
    assert state.phase is Phase.ASSASSINATE
    for seed in range(10):
        target = GAME.default_move(state, 4, Random(seed))
        assert isinstance(target, mv.Assassinate)
        assert target.target in {0, 1, 2, 3}


def test_ra_w2_default_lady_examination_picks_an_eligible_player() -> None:
    state = table(SEVEN, config=ResistanceConfig(lady_of_the_lake=True))
    state = round_(round_(state, [0, 1]), [0, 1, 2])
    assert state.phase is Phase.LADY
    for seed in range(10):
        move = GAME.default_move(state, 6, Random(seed))
        assert isinstance(move, mv.Examine)
        assert move in GAME.legal_moves(state, 6)


def test_ra_w3_claims_are_table_talk_the_lady_result_stays_private() -> None:
    """The engine has no claim move and never publishes a Lady result, so the holder may
    claim anything in chat without the site contradicting them."""
    state = table(SEVEN, config=ResistanceConfig(lady_of_the_lake=True))
    state = play(round_(round_(state, [0, 1]), [0, 1, 2]), 6, mv.Examine(0))
    assert not contains_fragment(GAME.view(state, None), {"seat": 0, "side": "good"})
    assert not contains_fragment(GAME.view(state, 3), {"seat": 0, "side": "good"})
    from games.engine.core.codec import _TYPES

    assert not [name for name in _TYPES if name.startswith("ra.") and "claim" in name]


def test_ra_w4_spectators_see_only_public_information() -> None:
    state = propose(table(SEVEN), [0, 4])
    events, state = apply(GAME, state, 4, mv.Vote(True), rng_for("t", 0))
    view = GAME.view(state, None)
    assert view["you"] is None
    assert view["reveal"] is None
    for seat, role in enumerate(state.roles):
        assert not contains_fragment(view, {"seat": seat, "role": role.value})
        assert not contains_fragment(view, {"seat": seat, "side": role.side.value})
    assert isinstance(events[0], VoteCast)
    assert GAME.redact(events[0], None, state) == {"type": "ra.vote_cast", "seat": 4}
    setup_shown = GAME.redact(GameSetUp(state.config, state.roles, 0, None), None, state)
    assert setup_shown is not None
    assert "you" not in setup_shown
    assert "roles" not in setup_shown
