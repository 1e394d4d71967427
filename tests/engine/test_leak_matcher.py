"""The leak matcher of the contract test: knowers may see a secret, nobody else may."""

from __future__ import annotations

from games.engine.core import Secret

from .contract import leaks


def test_leaks_ignore_knowers_and_flag_others() -> None:
    secret = Secret(knowers=frozenset({3}), fragment={"seat": 3, "role": "assassin"})
    view = {"you": {"seat": 3, "role": "assassin"}}
    assert leaks(view, 3, [secret]) == []
    assert leaks(view, 2, [secret]) == [secret]
    assert leaks(view, None, [secret]) == [secret]
    assert leaks({"players": [{"seat": 3}]}, 2, [secret]) == []
