"""The bot: sensible play from the seat's own view, and stronger than random for its side."""

from __future__ import annotations

import json
from random import Random

import pytest

from games.engine.games.resistance import GAME, ResistanceConfig
from games.engine.games.resistance import moves as mv
from games.engine.tools.simulate import run

from .helpers import play, propose, round_, table, vote

SEVEN = "MSSSAmm"  # 0 Merlin, 1-3 Servants, 4 Assassin, 5-6 Minions


def bot(state, seat: int, seed: int = 0):
    # A JSON round trip proves the bot needs nothing but the plain view.
    view = json.loads(json.dumps(GAME.view(state, seat)))
    return GAME.bot_move(view, GAME.legal_moves(state, seat), Random(seed))


@pytest.mark.parametrize("players", [5, 7, 10])
def test_good_bots_beat_random_play_for_good(players: int) -> None:
    with_bots = run(GAME, players, 30, "good-bots", seed="bot-test")
    at_random = run(GAME, players, 30, "random", seed="bot-test")
    assert with_bots.rate("good") >= at_random.rate("good") + 0.2


@pytest.mark.parametrize("players", [5, 7, 10])
def test_evil_bots_beat_random_play_for_evil(players: int) -> None:
    with_bots = run(GAME, players, 30, "evil-bots", seed="bot-test")
    at_random = run(GAME, players, 30, "random", seed="bot-test")
    assert with_bots.rate("evil") > at_random.rate("evil") + 0.1
    assert with_bots.rate("evil") >= 0.9


def test_bots_against_bots_give_both_sides_a_game() -> None:
    result = run(GAME, 7, 40, "bots", seed="bot-test")
    assert 0.2 <= result.rate("good") <= 0.8


def test_good_bot_rejects_a_team_with_a_player_it_knows_is_evil() -> None:
    state = table(SEVEN, config=ResistanceConfig(lady_of_the_lake=True), leader=2)
    assert state.lady == 1  # a Loyal Servant
    state = round_(round_(state, [0, 1]), [0, 1, 2])
    state = play(state, 1, mv.Examine(5))  # the Lady shows seat 5 is Evil
    state = propose(state, [1, 2, 5])
    assert {bot(state, 1, seed) for seed in range(5)} == {mv.Vote(False)}
    assert bot(state, 5) == mv.Vote(True)  # Evil approves a team holding Evil


def test_good_bot_rejects_teams_holding_likely_evil() -> None:
    state = round_(table(SEVEN, leader=0), [1, 5], failers=[5])  # seat 1 or 5 failed it
    state = propose(state, [1, 2, 5])
    votes = {bot(state, seat, seed) for seat in (2, 3) for seed in range(5)}
    assert votes == {mv.Vote(False)}
    safe = propose(vote(state, False), [0, 2, 3])
    assert bot(safe, 2) == mv.Vote(True)


def test_good_bot_proposes_itself_and_trusted_players() -> None:
    state = round_(table(SEVEN, leader=0), [1, 5], failers=[5])
    assert state.leader == 1
    move = bot(state, 1)
    assert isinstance(move, mv.ProposeTeam)
    assert 1 in move.team
    assert 5 not in move.team


def test_evil_bots_do_not_double_fail() -> None:
    state = vote(propose(table(SEVEN, leader=0), [4, 5]), True)
    cards = {seat: bot(state, seat, seed=3) for seat in (4, 5)}
    assert cards[5] == mv.PlayQuestCard(True)  # the lower-seated ally (4) fails it
    fails = [bot(state, 4, seed) for seed in range(20)]
    assert mv.PlayQuestCard(False) in fails


def test_evil_bot_fails_when_it_decides_the_game() -> None:
    state = table(SEVEN, leader=0)
    state = round_(state, [0, 1])
    state = round_(state, [0, 1, 2])  # two successes: Evil must fail now
    state = vote(propose(state, [0, 1, 4]), True)
    assert {bot(state, 4, seed) for seed in range(10)} == {mv.PlayQuestCard(False)}


def test_lone_evil_does_not_expose_itself_on_the_two_fail_quest() -> None:
    state = table(SEVEN, leader=0)
    state = round_(state, [0, 4], failers=[4])
    state = round_(state, [0, 1, 2])
    state = round_(state, [0, 1, 5], failers=[5])
    state = vote(propose(state, [0, 1, 2, 4]), True)  # quest 4 with 7 needs two Fails
    assert bot(state, 4) == mv.PlayQuestCard(True)


def test_assassin_names_the_player_who_behaved_like_merlin() -> None:
    state = table(SEVEN, leader=0)
    # Every team holds Evil and succeeds; only seat 2 keeps rejecting them.
    for team in ([0, 4], [1, 3, 5], [1, 3, 6]):
        state = vote(propose(state, team), [s for s in range(7) if s != 2])
        for seat in team:
            state = play(state, seat, mv.PlayQuestCard(True))
    assert state.phase.value == "assassinate"
    assert bot(state, 4) == mv.Assassinate(2)
