"""Counts per world in 16-bit lanes (lanes.py) read back as the counts a loop gives."""

from __future__ import annotations

from itertools import combinations
from random import Random

import pytest

from games.engine.games.resistance import lanes


def _worlds(players: int, evil: int) -> tuple[int, ...]:
    return tuple(sum(1 << s for s in seats) for seats in combinations(range(players), evil))


@pytest.mark.parametrize(("players", "evil"), [(5, 2), (7, 3), (10, 4)])
def test_counts_and_thresholds_match_a_loop_per_world(players: int, evil: int) -> None:
    worlds = _worlds(players, evil)
    seats = lanes.by_seat(worlds, players)
    rng = Random(f"lanes-{players}")
    total = 0
    expected = [0] * len(worlds)
    for _ in range(30):  # more additions than a game holds proposals
        mask = rng.getrandbits(players)
        counts = lanes.count(seats, mask)
        assert list(lanes.values(counts, len(worlds))) == [(w & mask).bit_count() for w in worlds]
        for least in range(evil + 2):
            flags = lanes.values(lanes.at_least(counts, least, len(worlds)), len(worlds))
            assert list(flags) == [int((w & mask).bit_count() >= least) for w in worlds]
        total += counts
        expected = [e + (w & mask).bit_count() for e, w in zip(expected, worlds, strict=True)]
    assert list(lanes.values(total, len(worlds))) == expected
