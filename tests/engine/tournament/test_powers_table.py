"""The powers table carried from state to state (hooks.py, evolve.py POWERS_KEPT): along
seeded bot games of every simulated setup, an event said to keep every seat's powers keeps
them, and the table the engine answers from matches the powers worked out afresh."""

from __future__ import annotations

from random import Random

import pytest

from games.engine.core import apply, bot_choice, rng_for, start
from games.engine.games.tournament.evolve import POWERS_KEPT, evolve
from games.engine.games.tournament.hooks import _seat_powers, active_cards
from games.engine.tools.simulate_tournament import CONFIGS


def _powers(state):
    return [_seat_powers(state, seat).cards for seat in range(state.n)]


@pytest.mark.parametrize(
    ("label", "game", "config", "players"), CONFIGS, ids=[c[0] for c in CONFIGS]
)
def test_kept_powers_are_kept(label, game, config, players):
    seed = f"powers:{label}"
    rng = Random(seed)
    log, state = start(game, config, players, rng_for(seed, 0))
    seq = len(log)
    while game.outcome(state) is None:
        seat = min(game.pending_seats(state))
        before = state
        move = bot_choice(game, state, seat, game.legal_moves(state, seat), rng)
        events, state = apply(game, state, seat, move, rng_for(seed, seq))
        seq += len(events)
        folded = before
        for event in events:
            after = evolve(folded, event)
            if type(event) in POWERS_KEPT:
                assert _powers(after) == _powers(folded), type(event).__name__
            folded = after
        assert [active_cards(state, s) for s in range(state.n)] == _powers(state)
