"""Every option combination at every player count it fits (RA-1, RA-3, RA-24, RA-25).

A light playout per table (legal moves accepted, default and bot moves legal, events and
moves round-trip, fold equals the evolved state, the game ends); the full contract with
leak checks runs on a representative set in tests/engine/test_contract.py.
"""

from __future__ import annotations

import itertools
from dataclasses import fields

import pytest

from games.engine.core import InvalidConfig
from games.engine.games.resistance import GAME, ResistanceConfig

from ..contract import check_playout

NAMES = [f.name for f in fields(ResistanceConfig)]
COMBOS = [
    ResistanceConfig(**dict(zip(NAMES, bits, strict=True)))
    for bits in itertools.product([False, True], repeat=len(NAMES))
]


def _fits(config: ResistanceConfig) -> list[int]:
    out = []
    for players in range(GAME.min_players, GAME.max_players + 1):
        try:
            config.validate(players)
        except InvalidConfig:
            continue
        out.append(players)
    return out


def _label(config: ResistanceConfig) -> str:
    return "+".join(n for n in NAMES if getattr(config, n)) or "none"


@pytest.mark.parametrize("config", COMBOS, ids=_label)
def test_ra3_every_dealable_table_plays_to_the_end(config: ResistanceConfig) -> None:
    counts = _fits(config)
    evil = sum((config.merlin_assassin, config.mordred, config.morgana, config.oberon))
    if config.percival and not config.merlin_assassin:
        assert counts == []  # RA-3: refused, Percival needs Merlin
        return
    # RA-2: Evil seats are 2 (5-6 players), 3 (7-9) or 4 (10).
    expected = [p for p in range(5, 11) if evil <= {5: 2, 6: 2, 7: 3, 8: 3, 9: 3, 10: 4}[p]]
    assert counts == expected
    for players in counts:
        check_playout(GAME, config, players, f"every:{_label(config)}:{players}", thorough=False)
