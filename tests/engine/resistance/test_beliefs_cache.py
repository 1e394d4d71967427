"""The bot's beliefs are cached per seat and counted only for the record added since
(issue 14): whatever the cache holds, they must equal beliefs counted afresh."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from random import Random
from typing import Any

import pytest

from games.engine.core import apply, rng_for, start
from games.engine.games.resistance import GAME, ResistanceConfig
from games.engine.games.resistance import beliefs as beliefs_module

EVERY_ROLE = ResistanceConfig(
    percival=True, mordred=True, morgana=True, oberon=True, lady_of_the_lake=True
)


def _decisions(
    config: ResistanceConfig, players: int, label: str, narrow: bool = False
) -> Iterator[tuple[int, Mapping[str, Any]]]:
    """A bot-against-bot game, decision by decision: the seat and its view (the bot view if
    `narrow`); the bot then plays from that view."""
    rng = Random(f"{label}-{players}")
    events, state = start(GAME, config, players, rng_for(label, 0))
    seq = len(events)
    while GAME.outcome(state) is None:
        seat = min(GAME.pending_seats(state))
        view = GAME.bot_view(state, seat) if narrow else GAME.view(state, seat)
        yield seat, view
        move = GAME.bot_move(view, GAME.legal_moves(state, seat), rng)
        new, state = apply(GAME, state, seat, move, rng_for(label, seq))
        seq += len(new)


@pytest.mark.parametrize(("config", "players"), [(ResistanceConfig(), 5), (EVERY_ROLE, 10)])
def test_cached_beliefs_equal_beliefs_counted_afresh(
    config: ResistanceConfig, players: int
) -> None:
    beliefs_module._TALLIES.clear()
    beliefs_module._RECORDS.clear()
    compared = 0
    for seat, view in _decisions(config, players, "cache"):
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
    assert compared > 20


@pytest.mark.parametrize(("config", "players"), [(ResistanceConfig(), 5), (EVERY_ROLE, 10)])
def test_ruled_out_worlds_change_no_float(config: ResistanceConfig, players: int) -> None:
    """A seat's tally keeps the worlds a quest ruled out (RA-17, RA-18: a quest with k Fails
    had at least k Evil on it), weighed 0.0: its total, its Evil odds per seat and a team's
    risk must be exactly the floats of summing only the worlds still possible, in order."""
    ruled_out = 0
    for seat, view in _decisions(config, players, "ruled-out", narrow=True):
        b = beliefs_module.beliefs(view)
        record = beliefs_module._LAST_RECORD[2]
        if b.total and not b.evil and record is not None:
            at = beliefs_module._positions(players, record.evil)
            possible = [w for w in b.worlds if record.alive[at[w]]]
            ruled_out += len(b.worlds) - len(possible)
            weights = [record.weights[at[w]] for w in possible]
            total = sum(weights)
            assert b.total == total
            assert b.p_evil == tuple(
                sum([x for x, w in zip(weights, possible, strict=True) if w >> s & 1]) / total
                for s in range(players)
            )
            team = view["team"] or [seat]
            dirty = [
                x for x, w in zip(weights, possible, strict=True) if any(w >> s & 1 for s in team)
            ]
            assert b.team_risk(team) == sum(dirty) / total
    assert ruled_out > 0  # some quest did rule worlds out
