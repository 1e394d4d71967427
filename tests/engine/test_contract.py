"""The engine contract over every registered game and each of its contract configs.

See tests/engine/contract.py for what is checked. Parametrised at collection time, so a
new game joins this suite by registering itself and listing `contract_configs()`.
"""

from __future__ import annotations

import json
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
from games.engine.core.codec import to_json_against

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


@pytest.mark.parametrize(("slug", "index", "seed"), _cases())
def test_a_state_encoded_against_the_one_before_is_encoded_whole(
    slug: str, index: int, seed: str
) -> None:
    """Issue 14: a commit encodes the new state against the state before it and the JSON
    stored of that one (codec.to_json_against), reusing the parts the two share; the
    result is exactly the whole encoding, at every event of every game. A stored JSON of
    an older shape (a field it lacks) has that field encoded afresh."""
    game = get_game(slug)
    config, players = _config(game, index)
    playout = check_playout(game, config, players, f"{slug}:{index}:{seed}", thorough=False)
    before: Any = None
    stored: Any = None
    reused = 0
    for event in playout.events:
        state = game.evolve(before, event)
        whole = to_json(state)
        if before is not None:
            encoded = to_json_against(state, before, stored)
            assert encoded == whole
            reused += sum(getattr(state, f) is getattr(before, f) for f in whole if f != "type")
        before, stored = state, json.loads(json.dumps(whole))  # as the database gives it back
    assert reused, "no state shared a part with the state before it"
    field = next(f for f in stored if f != "type")
    older = {k: v for k, v in stored.items() if k != field}
    assert to_json_against(before, before, older) is older  # the very state: its own JSON
    again = game.evolve(None, playout.events[0])
    assert to_json_against(again, before, older) == to_json(again)


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
