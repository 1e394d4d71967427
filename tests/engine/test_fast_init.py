"""core.fast_init: a record built by the quicker `__init__` is the record the
dataclass's own `__init__` builds (fields, defaults, default factories, refusals)."""

from __future__ import annotations

import dataclasses
from dataclasses import field
from typing import Any

import pytest

from games.engine.core import Move, Registered
from games.engine.core.fast_init import speed_up_init


@dataclasses.dataclass(frozen=True)
class _Record:  # what Registered makes of a record (not registered: no wire name)
    seat: int
    cards: tuple[str, ...] = ()
    to: int | None = None
    known: dict[str, int] = field(default_factory=dict)


speed_up_init(_Record)


@dataclasses.dataclass(frozen=True)
class _Plain:  # the same record with the generated __init__
    seat: int
    cards: tuple[str, ...] = ()
    to: int | None = None
    known: dict[str, int] = field(default_factory=dict)


def test_the_quicker_init_builds_the_same_record() -> None:
    assert _Record.__init__.__qualname__ == "_Record.__init__"
    compiled_on_first_use = _Record.__init__
    _Record(0)
    assert _Record.__init__ is not compiled_on_first_use
    calls: list[tuple[tuple[Any, ...], dict[str, Any]]] = [
        ((1,), {}),
        ((1, ("a",)), {"to": 2}),
        ((), {"seat": 3, "known": {}}),
    ]
    for args, kwargs in calls:
        fast, plain = _Record(*args, **kwargs), _Plain(*args, **kwargs)
        assert vars(fast) == vars(plain)
        assert list(vars(fast)) == list(vars(plain))  # the same field order
    a, b = _Record(1), _Record(1)
    assert a == b
    assert a != _Record(2)
    assert a.known is not b.known  # a fresh dict per record, as default_factory gives
    assert dataclasses.replace(a, to=4) == _Record(1, to=4)
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.seat = 2  # type: ignore[misc]
    with pytest.raises(TypeError):
        _Record()  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        _Record(1, unknown=2)  # type: ignore[call-arg]


class _FastInitMove(Move, Registered, prefix="fast-init-test"):
    """Records made by Registered, as a game's are."""


class _Doubled(_FastInitMove):
    seat: int

    def __init__(self, seat: int) -> None:
        object.__setattr__(self, "seat", seat * 2)


class _Registered(_FastInitMove):
    seat: int


def test_a_record_with_its_own_init_keeps_it() -> None:
    """A registered record that writes its own `__init__` (the dataclass keeps it) is not
    given the quicker one, which would skip what that `__init__` does."""
    assert [_Doubled(2).seat, _Doubled(3).seat] == [4, 6]  # its first record and the next
    assert [_Registered(2).seat, _Registered(3).seat] == [2, 3]
