"""The bot's beliefs are cached per seat and counted only for the record added since
(issue 14): whatever the cache holds, they must equal beliefs counted afresh."""

from __future__ import annotations

import json
from random import Random

import pytest

from games.engine.core import apply, rng_for, start
from games.engine.games.resistance import GAME, ResistanceConfig
from games.engine.games.resistance import beliefs as beliefs_module

EVERY_ROLE = ResistanceConfig(
    percival=True, mordred=True, morgana=True, oberon=True, lady_of_the_lake=True
)


@pytest.mark.parametrize(("config", "players"), [(ResistanceConfig(), 5), (EVERY_ROLE, 10)])
def test_cached_beliefs_equal_beliefs_counted_afresh(
    config: ResistanceConfig, players: int
) -> None:
    beliefs_module._TALLIES.clear()
    beliefs_module._RECORDS.clear()
    rng = Random(f"cache-{players}")
    events, state = start(GAME, config, players, rng_for("cache", 0))
    seq, compared = len(events), 0
    while GAME.outcome(state) is None:
        seat = min(GAME.pending_seats(state))
        view = GAME.view(state, seat)
        cached = beliefs_module.beliefs(view)  # counted on top of this seat's last tally
        saved, records = dict(beliefs_module._TALLIES), dict(beliefs_module._RECORDS)
        beliefs_module._TALLIES.clear()
        beliefs_module._RECORDS.clear()
        fresh = beliefs_module.beliefs(json.loads(json.dumps(view)))  # a plain copy
        beliefs_module._TALLIES.update(saved)
        beliefs_module._RECORDS.update(records)
        assert cached.p_evil == fresh.p_evil
        assert cached.team_risk(view["team"] or [seat]) == fresh.team_risk(view["team"] or [seat])
        compared += 1
        move = GAME.bot_move(view, GAME.legal_moves(state, seat), rng)
        new, state = apply(GAME, state, seat, move, rng_for("cache", seq))
        seq += len(new)
    assert compared > 20
