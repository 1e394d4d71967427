"""The pieces games share from games.engine.core (issue 13: one emit-and-fold helper and one
power-hook registry, not a copy per game)."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from games.engine.core import Emitter, Event, HookRegistry


@dataclass(frozen=True)
class Added(Event):
    amount: int


def _evolve(state: int | None, event: Event) -> int:
    assert isinstance(event, Added)
    return (state or 0) + event.amount


def test_emitter_folds_each_event_before_the_next_is_decided() -> None:
    emitter = Emitter(_evolve, 10)
    emitter.emit(Added(1))
    assert emitter.state == 11  # a later decision of the same move reads the state so far
    emitter.emit(Added(2), Added(3))
    assert emitter.state == 16
    assert emitter.events == [Added(1), Added(2), Added(3)]


def test_emitter_opens_a_log_from_no_state() -> None:
    emitter: Emitter[int] = Emitter(_evolve)
    assert not emitter.started
    with pytest.raises(RuntimeError):
        _ = emitter.state
    emitter.emit(Added(5))
    assert emitter.started and emitter.state == 5


def test_hook_registry_answers_per_hook_and_power_key() -> None:
    hooks = HookRegistry(("dawn", "dusk"))

    @hooks.handler("dawn", "castle")
    def _castle(bonus: int) -> int:
        return bonus + 1

    assert hooks.get("dawn", "castle") is _castle
    assert hooks.get("dusk", "castle") is None  # a power ignores the hooks it has no handler for
    assert hooks.registered("dawn") == frozenset({"castle"})
    assert hooks.registered("dusk") == frozenset()


def test_hook_registry_refuses_unknown_hooks_and_a_second_handler() -> None:
    hooks = HookRegistry(("dawn",))
    with pytest.raises(ValueError, match="unknown hook"):
        hooks.handler("noon", "castle")
    hooks.handler("dawn", "castle")(lambda: 1)
    with pytest.raises(ValueError, match="already has a handler"):
        hooks.handler("dawn", "castle")(lambda: 2)
