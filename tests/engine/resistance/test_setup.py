"""Set-up: players, sides, roles, advice and the deal (RA-1 .. RA-5, RA-26)."""

from __future__ import annotations

from collections import Counter

import pytest

from games.engine.core import InvalidConfig, config_fields, rng_for, start
from games.engine.games.resistance import GAME, ResistanceConfig
from games.engine.games.resistance.config import SIDES
from games.engine.games.resistance.roles import Role, Side


def deal(config: ResistanceConfig, players: int, seed: str = "s"):
    _, state = start(GAME, config, players, rng_for(seed, 0))
    return state


@pytest.mark.parametrize("players", [3, 4, 11])
def test_ra1_refuses_fewer_than_5_or_more_than_10_players(players: int) -> None:
    with pytest.raises(InvalidConfig, match="5 to 10 players"):
        ResistanceConfig().validate(players)


def test_ra1_accepts_5_to_10_players() -> None:
    assert (GAME.min_players, GAME.max_players) == (5, 10)
    for players in range(5, 11):
        ResistanceConfig().validate(players)


@pytest.mark.parametrize(
    ("players", "good", "evil"), [(5, 3, 2), (6, 4, 2), (7, 4, 3), (8, 5, 3), (9, 6, 3), (10, 6, 4)]
)
def test_ra2_sides_by_player_count(players: int, good: int, evil: int) -> None:
    assert SIDES[players] == (good, evil)
    state = deal(ResistanceConfig(), players)
    sides = Counter(r.side for r in state.roles)
    assert sides == {Side.GOOD: good, Side.EVIL: evil}


def test_ra3_merlin_and_assassin_by_default_rest_servants_and_minions() -> None:
    state = deal(ResistanceConfig(), 7)
    assert Counter(state.roles) == {
        Role.MERLIN: 1,
        Role.SERVANT: 3,
        Role.ASSASSIN: 1,
        Role.MINION: 2,
    }


def test_ra3_merlin_and_assassin_switch_off_together() -> None:
    state = deal(ResistanceConfig(merlin_assassin=False), 6)
    assert Counter(state.roles) == {Role.SERVANT: 4, Role.MINION: 2}


def test_ra3_optional_roles_are_dealt() -> None:
    config = ResistanceConfig(percival=True, mordred=True, morgana=True, oberon=True)
    state = deal(config, 10)
    assert Counter(state.roles) == {
        Role.MERLIN: 1,
        Role.PERCIVAL: 1,
        Role.SERVANT: 4,
        Role.ASSASSIN: 1,
        Role.MORDRED: 1,
        Role.MORGANA: 1,
        Role.OBERON: 1,
    }


def test_ra3_refuses_more_evil_characters_than_evil_seats_with_a_clear_message() -> None:
    config = ResistanceConfig(mordred=True, morgana=True)
    with pytest.raises(InvalidConfig) as err:
        config.validate(5)
    assert "only 2 Evil players" in err.value.message
    assert "Mordred" in err.value.message
    assert "Morgana" in err.value.message
    assert err.value.code == "invalid_config"
    config.validate(7)  # three Evil seats: it fits


def test_ra3_refuses_percival_without_merlin() -> None:
    with pytest.raises(InvalidConfig, match="Percival needs Merlin"):
        ResistanceConfig(merlin_assassin=False, percival=True).validate(7)


def test_ra3_start_refuses_an_undealable_table() -> None:
    config = ResistanceConfig(mordred=True, morgana=True, oberon=True)
    with pytest.raises(InvalidConfig):
        start(GAME, config, 7, rng_for("s", 0))


def test_ra4_advises_mordred_or_morgana_with_percival_at_5_but_does_not_refuse() -> None:
    config = ResistanceConfig(percival=True)
    config.validate(5)
    assert any("Mordred or Morgana" in str(line) for line in config.advice(5))
    assert not any(
        "Mordred" in str(line) for line in ResistanceConfig(percival=True, morgana=True).advice(5)
    )
    assert not any("Mordred" in str(line) for line in config.advice(6))


def test_ra5_roles_and_first_leader_are_random_and_recorded() -> None:
    deals = {deal(ResistanceConfig(), 8, f"seed{i}").roles for i in range(20)}
    leaders = {deal(ResistanceConfig(), 8, f"seed{i}").leader for i in range(40)}
    assert len(deals) > 10
    assert len(leaders) > 4
    # The draw is in the event, so the same seed gives the same deal.
    assert deal(ResistanceConfig(), 8, "same").roles == deal(ResistanceConfig(), 8, "same").roles


def test_ra5_lady_starts_to_the_right_of_the_leader() -> None:
    for i in range(10):
        state = deal(ResistanceConfig(lady_of_the_lake=True), 7, f"lady{i}")
        assert state.lady == (state.leader - 1) % 7
    assert deal(ResistanceConfig(), 7).lady is None


def test_ra26_no_plot_cards_option() -> None:
    names = {f["name"] for f in config_fields(ResistanceConfig)}
    assert names == {
        "merlin_assassin",
        "percival",
        "mordred",
        "morgana",
        "oberon",
        "lady_of_the_lake",
        "targeting",
    }
    assert not any("plot" in n for n in names)
