"""The shared contract test really catches leaks: break Resistance on purpose and watch it fail.

Also pins the secrets model: legitimate knowledge (RA-6, RA-8, RA-9, RA-24) is not flagged.
"""

from __future__ import annotations

import pytest

from games.engine.games.resistance import GAME, ResistanceConfig, views
from games.engine.games.resistance.events import VoteCast
from games.engine.games.resistance.moves import Examine

from ..contract import check_playout, leaks
from .helpers import play, propose, round_, table

CONFIG = ResistanceConfig(percival=True, morgana=True, lady_of_the_lake=True)


def test_contract_catches_a_view_that_shows_roles(monkeypatch: pytest.MonkeyPatch) -> None:
    original = views.view

    def leaky(state, viewer):
        out = original(state, viewer)
        out["debug"] = views._reveal(state)
        return out

    monkeypatch.setattr(views, "view", leaky)
    with pytest.raises(AssertionError, match="leaks"):
        check_playout(GAME, CONFIG, 7, "leaky-view")


def test_contract_catches_a_redaction_that_shows_a_pending_vote(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    original = views.redact

    def leaky(event, viewer, state):
        if isinstance(event, VoteCast):
            return {
                "type": event.TYPE,
                "seat": event.seat,
                "vote": "approve" if event.approve else "reject",
                "proposal": len(state.proposals) + 1,
            }
        return original(event, viewer, state)

    monkeypatch.setattr(views, "redact", leaky)
    with pytest.raises(AssertionError, match="VoteCast redacted"):
        check_playout(GAME, CONFIG, 7, "leaky-redaction")


def test_contract_catches_an_end_that_hides_roles(monkeypatch: pytest.MonkeyPatch) -> None:
    original = views.view

    def secretive(state, viewer):
        out = original(state, viewer)
        out["reveal"] = None
        out["players"] = [{"seat": p["seat"]} for p in out["players"]]
        return out

    monkeypatch.setattr(views, "view", secretive)
    with pytest.raises(AssertionError, match="still hides"):
        check_playout(GAME, ResistanceConfig(), 5, "secretive-end")


def test_legitimate_knowledge_is_not_a_leak() -> None:
    # 0 Merlin, 1 Percival, 2-3 Servants, 4 Assassin, 5 Morgana, 6 Minion
    state = table("MPSSAGm", config=CONFIG, leader=2)  # the Lady starts with seat 1
    state = play(round_(round_(state, [0, 1]), [0, 1, 2]), 1, Examine(4))
    state = propose(state, [0, 1, 2])
    secrets = GAME.secrets(state)
    for viewer in [*range(7), None]:
        assert leaks(GAME.view(state, viewer), viewer, secrets) == []
    assert {"seat": 4, "side": "evil"} in GAME.view(state, 1)["you"]["lady_results"]
    assert {"seat": 5, "seen_as": "merlin_or_morgana"} in GAME.view(state, 1)["you"]["knowledge"]
