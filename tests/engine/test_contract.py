"""The engine contract over every registered game and each of its contract configs.

See tests/engine/contract.py for what is checked. Parametrised at collection time, so a
new game joins this suite by registering itself and listing `contract_configs()`.
"""

from __future__ import annotations

from typing import Any

import pytest

from games.engine.core import (
    GameDefinition,
    MalformedMove,
    all_games,
    from_json,
    get_game,
    to_json,
)

from .contract import check_playout, contains_fragment

SEEDS = ("alpha", "beta")


def _cases() -> list[Any]:
    cases = []
    for game in all_games():
        for index, (_config, players) in enumerate(game.contract_configs()):
            for seed in SEEDS:
                case_id = f"{game.slug}-{index}-p{players}-{seed}"
                cases.append(pytest.param(game.slug, index, seed, id=case_id))
    return cases


def _config(game: GameDefinition[Any, Any], index: int) -> tuple[Any, int]:
    config, players = list(game.contract_configs())[index]
    return config, players


@pytest.mark.parametrize(("slug", "index", "seed"), _cases())
def test_contract_playout(slug: str, index: int, seed: str) -> None:
    game = get_game(slug)
    config, players = _config(game, index)
    check_playout(game, config, players, f"{slug}:{index}:{seed}")


@pytest.mark.parametrize("slug", [g.slug for g in all_games()])
def test_same_seed_replays_same_log(slug: str) -> None:
    game = get_game(slug)
    config, players = _config(game, 0)
    first = check_playout(game, config, players, "replay", thorough=False)
    second = check_playout(game, config, players, "replay", thorough=False)
    assert [to_json(e) for e in first.events] == [to_json(e) for e in second.events]
    assert first.state == second.state


@pytest.mark.parametrize("slug", [g.slug for g in all_games()])
def test_definition_metadata(slug: str) -> None:
    game = get_game(slug)
    assert game.slug == slug
    assert game.name
    assert 1 <= game.min_players <= game.max_players
    assert game.rules_version >= 1
    assert list(game.contract_configs()), "a game must give the contract test something to play"
    for config, players in game.contract_configs():
        assert isinstance(config, game.config_type)
        assert game.min_players <= players <= game.max_players
        config.validate(players)


def test_codec_refuses_unknown_types() -> None:
    with pytest.raises(MalformedMove):
        from_json({"type": "no.such.move"})
    with pytest.raises(MalformedMove):
        from_json("not an object")


def test_fragment_matcher_finds_nested_objects_only_with_every_pair() -> None:
    payload = {"a": [{"seat": 1, "role": "merlin", "extra": True}], "b": {"seat": 2}}
    assert contains_fragment(payload, {"seat": 1, "role": "merlin"})
    assert not contains_fragment(payload, {"seat": 2, "role": "merlin"})
    split = {"seat": 1, "note": {"role": "merlin"}}
    assert not contains_fragment(split, {"seat": 1, "role": "merlin"})
