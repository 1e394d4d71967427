"""Seeded playouts of every configuration through the shared contract, and the bot."""

from __future__ import annotations

from random import Random

import pytest

from games.engine.core import apply, rng_for, start
from games.engine.games.tournament.definition import AVALON, CAMELOT

from ..contract import check_playout


@pytest.mark.parametrize("game", [CAMELOT, AVALON], ids=lambda g: g.slug)
def test_quick_playouts_of_every_contract_config(game):
    for index, (config, players) in enumerate(game.contract_configs()):
        out = check_playout(game, config, players, f"quick:{index}", thorough=False)
        assert out.state.phase == "over"


def _bot_score(game, config, players, games):
    score = 0.0
    for i in range(games):
        bot = i % players
        rng = Random(i)
        log, state = start(game, config, players, rng_for(f"b{i}", 0))
        seq = len(log)
        while game.outcome(state) is None:
            seat = min(game.pending_seats(state))
            legal = list(game.legal_moves(state, seat))
            move = (
                game.bot_move(game.view(state, seat), legal, rng)
                if seat == bot
                else rng.choice(legal)
            )
            new, state = apply(game, state, seat, move, rng_for(f"b{i}", seq))
            seq += len(new)
        if bot in state.winners:
            score += 1 / len(state.winners)
    return score / games


def test_bot_beats_random_players():
    """The bot, seeing only its own view, wins well above its fair share."""
    from games.engine.games.tournament.config import AvalonConfig, CamelotConfig

    assert _bot_score(AVALON, AvalonConfig(health=300), 4, 12) > 0.4
    assert _bot_score(CAMELOT, CamelotConfig(health=300), 4, 12) > 0.35
