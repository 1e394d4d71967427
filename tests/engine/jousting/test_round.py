"""JA-5 the shape of a round, JH-1 the bank, and whole random games through the engine."""

from __future__ import annotations

from random import Random

import pytest

from games.engine.core import apply, fold, rng_for, start
from games.engine.games.jousting import GAME, JoustingConfig
from games.engine.games.jousting.events import (
    BarterEnded,
    CardsLaid,
    DuelRevealed,
    DuelsCalled,
    RoundBegan,
)

from .helpers import SETS, all_done, lay, pass_junk, table


def test_ja5_a_round_is_a_barter_session_then_the_duels() -> None:
    state = table(SETS[0] + " " + SETS[3], SETS[1] + " " + SETS[4], SETS[2] + " " + SETS[5])
    assert state.phase == "barter"
    assert state.round == 1
    state = all_done(state)
    assert state.phase == "laying"
    assert state.round == 1
    state = lay(state, 0, SETS[3])
    state = lay(state, 1, SETS[4])
    state = pass_junk(state)
    assert state.phase == "barter"
    assert state.round == 2


def test_jh1_the_bank_is_unlimited_and_money_is_whole() -> None:
    state = table(SETS[0] + " " + SETS[3], SETS[1] + " " + SETS[4], SETS[2] + " " + SETS[5])
    before = sum(state.coins)
    state = all_done(state)
    state = lay(state, 0, SETS[3])
    state = lay(state, 1, SETS[4])
    assert sum(state.coins) == before + 10  # the spoils come from the bank
    assert all(isinstance(c, int) for c in state.coins)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_ja5_bot_games_follow_the_round_order_and_end(players: int) -> None:
    rng = Random(players)
    log, state = start(GAME, JoustingConfig(live_judgement=True), players, rng_for("r", 0))
    log = list(log)
    while GAME.outcome(state) is None:
        seat = min(GAME.pending_seats(state))
        move = GAME.bot_move(GAME.view(state, seat), GAME.legal_moves(state, seat), rng)
        new, state = apply(GAME, state, seat, move, rng_for("r", len(log)))
        log.extend(new)
    assert fold(GAME, log) == state
    kinds = [type(e) for e in log if type(e) in (RoundBegan, BarterEnded, DuelsCalled)]
    # Every round: barter opens, barter ends, duels are called (the last may end the game).
    for i in range(0, len(kinds) - 3, 3):
        assert kinds[i : i + 3] == [RoundBegan, BarterEnded, DuelsCalled]
    laid = sum(isinstance(e, CardsLaid) for e in log)
    assert laid == 2 * sum(isinstance(e, DuelRevealed) for e in log)
