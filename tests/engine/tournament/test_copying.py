"""copying.py: the fold's copies and the records built without `__init__` are the values the
classes themselves make (issue 14: the play path builds them at every card)."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from games.engine.games.tournament import AVALON
from games.engine.games.tournament import events as ev
from games.engine.games.tournament.config import AvalonConfig
from games.engine.games.tournament.copying import record, replace, with_player
from games.engine.games.tournament.state import Entry
from games.engine.tools.simulate_tournament import play


def _fields(cls: type) -> list[str]:
    return [f.name for f in dataclasses.fields(cls)]


def test_record_is_the_classes_own_value() -> None:
    values = (3, 1, 2, "swords-5", 5, "swords", False, False)
    fields: dict[str, Any] = dict(zip(_fields(Entry), values, strict=True))
    built = record(Entry, fields)
    assert type(built) is Entry
    assert built == Entry(**fields)
    assert vars(built) == vars(Entry(**fields))


def test_replace_and_with_player_refuse_unknown_fields() -> None:
    entry = Entry(0, 0, 0, "swords-5", 5, "swords")
    assert replace(entry, value=7) == dataclasses.replace(entry, value=7)
    with pytest.raises(TypeError, match="unknown fields"):
        replace(entry, colour="red")
    state, _ = play(AVALON, AvalonConfig(), 3, "copying", frozenset({0, 1, 2}))
    changed = with_player(state, 1, health=7)
    assert changed.players[1] == dataclasses.replace(state.players[1], health=7)
    assert changed.players[0] is state.players[0]


def test_played_cards_and_entries_name_every_field() -> None:
    """`record` trusts its caller to name every field: each CardPlayed of a whole game, and
    each Melee entry of every state it passes through, has exactly its class's fields."""
    seen: dict[type, int] = {}

    def watch(state: Any, seat: int, legal: list[Any]) -> None:
        for entry in state.melee:
            assert list(vars(entry)) == _fields(Entry)
            seen[Entry] = seen.get(Entry, 0) + 1

    _, log = play(AVALON, AvalonConfig(), 4, "copying", frozenset(range(4)), watch=watch)
    for event in log:
        if isinstance(event, ev.CardPlayed):
            assert sorted(vars(event)) == sorted(_fields(ev.CardPlayed))
            seen[ev.CardPlayed] = seen.get(ev.CardPlayed, 0) + 1
    assert seen[Entry] > 0
    assert seen[ev.CardPlayed] > 0
