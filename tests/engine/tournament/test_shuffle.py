"""flow.shuffle: the deal's shuffle in compiled code draws exactly what `Random.shuffle` does."""

from __future__ import annotations

from random import Random

from games.engine.core import rng_for
from games.engine.games.tournament.flow import shuffle


def test_shuffle_is_random_shuffle() -> None:
    for seed in range(40):
        for size in (0, 1, 2, 3, 7, 36, 64, 110):
            cards = [f"card-{i}" for i in range(size)]
            mine, theirs = list(cards), list(cards)
            ours, reference = Random(seed), Random(seed)
            shuffle(ours, mine)
            reference.shuffle(theirs)
            assert mine == theirs
            assert ours.random() == reference.random()  # the same draws, no more


def test_shuffle_of_a_deferred_random() -> None:
    """The engine's Random stand-in (runner.rng_for), as the deal gets it."""
    cards = [f"card-{i}" for i in range(100)]
    mine, theirs = list(cards), list(cards)
    shuffle(rng_for("seed", 3), mine)
    rng_for("seed", 3).shuffle(theirs)
    assert mine == theirs


class _OwnDraws(Random):
    """A Random drawing below n its own way: `shuffle` leaves it to shuffle itself."""

    def _randbelow(self, n: int) -> int:
        return 0


def test_shuffle_of_another_random_is_its_own() -> None:
    cards = [f"card-{i}" for i in range(20)]
    mine, theirs = list(cards), list(cards)
    shuffle(_OwnDraws(1), mine)
    _OwnDraws(1).shuffle(theirs)
    assert mine == theirs
