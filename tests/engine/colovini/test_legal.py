"""legal_moves and decide agree on every card, region and mode (CA-5, CA-6, CA-8), in
states reached by seeded random play, so the move list a player sees is exactly what the
engine accepts."""

from __future__ import annotations

from random import Random

import pytest

from games.engine.core import IllegalMove, apply, rng_for, start
from games.engine.games.colovini import GAME, ColoviniConfig
from games.engine.games.colovini.cards import CARDS
from games.engine.games.colovini.moves import MODES, PlayCard
from games.engine.games.colovini.state import Phase


@pytest.mark.parametrize("seed", ["one", "two"])
def test_ca5_every_play_is_listed_exactly_when_it_is_accepted(seed: str) -> None:
    _, state = start(GAME, ColoviniConfig(), 2, rng_for(seed, 0))
    rng = Random(seed)
    checked = 0
    for step in range(400):
        if GAME.outcome(state) is not None:
            break
        (seat,) = GAME.pending_seats(state)
        legal = GAME.legal_moves(state, seat)
        if state.phase is Phase.PLAY and step % 5 == 0:
            listed = set(legal)
            for card in CARDS:
                for region in range(len(state.row)):
                    for mode in MODES:
                        move = PlayCard(card, region, mode)
                        try:
                            apply(GAME, state, seat, move, rng_for(seed, step))
                            accepted = True
                        except IllegalMove:
                            accepted = False
                        assert accepted == (move in listed), move
                        checked += 1
        _, state = apply(GAME, state, seat, rng.choice(list(legal)), rng_for(seed, step))
    assert checked > 1000
