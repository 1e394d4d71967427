"""The night phase: what each role sees at the start (RA-6 .. RA-10)."""

from __future__ import annotations

from games.engine.games.resistance import GAME, ResistanceConfig
from games.engine.games.resistance.knowledge import night_knowledge
from games.engine.games.resistance.roles import Role

from ..contract import contains_fragment
from .helpers import roles, table

ALL = ResistanceConfig(percival=True, mordred=True, morgana=True, oberon=True)
# seats: 0 Merlin, 1 Percival, 2-5 Servants, 6 Assassin, 7 Mordred, 8 Morgana, 9 Oberon
SPEC = "MPSSSSADGO"


def knows(seat: int) -> list[dict[str, object]]:
    return GAME.view(table(SPEC, config=ALL), seat)["you"]["knowledge"]  # type: ignore[no-any-return]


def evil_seen(seat: int) -> set[int]:
    return {int(k["seat"]) for k in knows(seat) if k.get("side") == "evil"}  # type: ignore[call-overload]


def test_ra6_evil_see_evil_except_oberon_as_allegiance_only() -> None:
    for seat in (6, 7, 8):  # Assassin, Mordred, Morgana
        assert evil_seen(seat) == {6, 7, 8} - {seat}
        assert all(set(k) == {"seat", "side"} for k in knows(seat))  # no roles


def test_ra7_oberon_sees_nothing_and_is_unseen_by_evil() -> None:
    assert knows(9) == []
    for seat in (6, 7, 8):
        assert 9 not in evil_seen(seat)


def test_ra8_merlin_sees_evil_except_mordred_oberon_included() -> None:
    assert evil_seen(0) == {6, 8, 9}
    assert all(set(k) == {"seat", "side"} for k in knows(0))


def test_ra9_percival_sees_merlin_and_morgana_without_knowing_which() -> None:
    facts = knows(1)
    assert facts == [
        {"seat": 0, "seen_as": "merlin_or_morgana"},
        {"seat": 8, "seen_as": "merlin_or_morgana"},
    ]


def test_ra9_without_morgana_percival_sees_merlin_alone() -> None:
    assert night_knowledge(roles("SMPAm"), 2) == [{"seat": 1, "seen_as": "merlin_or_morgana"}]


def test_ra10_servants_see_nothing() -> None:
    for seat in range(2, 6):
        assert knows(seat) == []


def test_ra10_nobody_sees_another_role_card_in_any_view() -> None:
    state = table(SPEC, config=ALL)
    for viewer in [*range(10), None]:
        view = GAME.view(state, viewer)
        for seat, role in enumerate(state.roles):
            if seat != viewer:
                assert not contains_fragment(view, {"seat": seat, "role": role.value})
        if viewer is not None:
            assert view["you"]["role"] == state.roles[viewer].value


def test_ra10_each_role_has_one_small_sight_function() -> None:
    from games.engine.games.resistance.knowledge import SIGHT

    assert set(SIGHT) == set(Role)
