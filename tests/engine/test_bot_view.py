"""`bot_view(state, seat)`: the part of a seat's view its bot reads (core.package). It must be
a projection of the full view (the same values under a subset of the keys, so it shows
nothing the seat may not know), and the bot must choose from it exactly what it chooses
from the full view. Checked at every decision of seeded bot-against-bot games of every
game that offers one, over each of its contract configs.
"""

from __future__ import annotations

from collections.abc import Mapping
from random import Random
from typing import Any

import pytest

from games.engine.core import GameDefinition, all_games, apply, rng_for, start
from games.engine.core.package import PackageDefinition

SEEDS = ("one", "two", "three")


def is_projection(narrow: Any, full: Any, path: str = "view") -> None:
    """`narrow` keeps some keys of each mapping of `full` (at any depth) with equal values."""
    if isinstance(narrow, Mapping):
        assert isinstance(full, Mapping), f"{path}: a mapping where the view has {full!r}"
        for key, value in narrow.items():
            assert key in full, f"{path}: {key!r} is not in the view"
            is_projection(value, full[key], f"{path}.{key}")
    elif isinstance(narrow, (list, tuple)):
        assert isinstance(full, (list, tuple)), f"{path}: a list where the view has {full!r}"
        assert len(narrow) == len(full), f"{path}: {len(narrow)} items, the view {len(full)}"
        for i, (a, b) in enumerate(zip(narrow, full, strict=True)):
            is_projection(a, b, f"{path}[{i}]")
    else:
        assert narrow == full, f"{path}: {narrow!r} != {full!r}"
        assert type(narrow) is type(full), f"{path}: {type(narrow)} is not {type(full)}"


class _Strict(dict[str, Any]):
    """A bot view that fails the test when the bot asks it for a key the full view has and
    it lacks (`[]`, `get`, `in`), even where the answer happens not to change the choice in
    these games (a `get` default that leads to the same move)."""

    def __init__(self, narrow: Mapping[str, Any], full: Mapping[str, Any]) -> None:
        super().__init__({k: _strict(v, full.get(k)) for k, v in narrow.items()})
        self._full = full

    def _check(self, key: object) -> None:
        assert dict.__contains__(self, key) or key not in self._full, (
            f"the bot reads {key!r}, which the view has and bot_view lacks"
        )

    def __getitem__(self, key: str) -> Any:
        self._check(key)
        return super().__getitem__(key)

    def get(self, key: str, default: Any = None) -> Any:
        self._check(key)
        return super().get(key, default)

    def __contains__(self, key: object) -> bool:
        self._check(key)
        return super().__contains__(key)


def _strict(narrow: Any, full: Any) -> Any:
    if isinstance(narrow, Mapping) and isinstance(full, Mapping):
        return _Strict(narrow, full)
    if isinstance(narrow, (list, tuple)) and isinstance(full, (list, tuple)):
        return [_strict(a, b) for a, b in zip(narrow, full, strict=True)]
    return narrow


def _cases() -> list[Any]:
    return [
        pytest.param(game.slug, index, seed, id=f"{game.slug}-{index}-p{players}-{seed}")
        for game in all_games()
        if isinstance(game, PackageDefinition)
        and getattr(game.roles.views, "bot_view", None) is not None
        for index, (_config, players) in enumerate(game.contract_configs())
        for seed in SEEDS
    ]


@pytest.mark.parametrize(("slug", "index", "seed"), _cases())
def test_bot_view_is_a_projection_and_the_bot_chooses_the_same(
    slug: str, index: int, seed: str
) -> None:
    game: GameDefinition[Any, Any] = next(g for g in all_games() if g.slug == slug)
    config, players = list(game.contract_configs())[index]
    label = f"bot-view:{slug}:{index}:{seed}"
    events, state = start(game, config, players, rng_for(label, 0))
    seq = len(events)
    decisions = 0
    while game.outcome(state) is None:
        seat = min(game.pending_seats(state))
        legal = game.legal_moves(state, seat)
        narrow = game.bot_view(state, seat)  # type: ignore[attr-defined]
        full = game.view(state, seat)
        is_projection(narrow, full)
        draw = f"{label}:{seq}"
        move = game.bot_move(narrow, legal, Random(draw))
        assert game.bot_move(full, legal, Random(draw)) == move
        assert game.bot_move(_strict(narrow, full), legal, Random(draw)) == move
        new, state = apply(game, state, seat, move, rng_for(label, seq))
        seq += len(new)
        decisions += 1
    assert decisions > 10
