"""`replace`: a copy of one of the Tournament's records with some fields changed.

It lives apart from state.py because state.py defines the records and so stays plain
Python (scripts/build_engine.py), while this module is compiled: the fold copies the state
or a player for nearly every event, and a call into interpreted code cost a frame and a
dict of the keywords on top of the copy itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, TypeVar

if TYPE_CHECKING:
    from .state import TState

T = TypeVar("T")


def replace(obj: T, **changes: Any) -> T:
    """`dataclasses.replace` for the state's frozen dataclasses, without running `__init__`
    over every field again: folding events is the engine's hot path and the state has some
    fifty fields. Unknown field names are refused as `dataclasses.replace` would."""
    return replace_with(obj, changes)


def replace_with(obj: T, changes: dict[str, Any]) -> T:
    """`replace(obj, **changes)` for a caller holding the changes in a dict already: no
    keywords to unpack and parse again (a call with `**` goes through Python's calling
    convention, about 2,500 instructions more, at every card played)."""
    fields: dict[str, Any] = obj.__dict__
    attrs = fields.copy()  # one copy of the whole table, then the changes over it
    attrs.update(changes)
    if len(attrs) != len(fields):  # a name that is no field added a key
        raise TypeError(f"unknown fields {sorted(changes.keys() - fields.keys())}")
    new: T = _new(type(obj))
    _set(new, "__dict__", attrs)
    return new


def record(cls: type[T], fields: dict[str, Any]) -> T:
    """`cls(**fields)` for a record whose every field `fields` names, in its order, without
    the call through its interpreted `__init__` (the same instance dictionary): for the two
    records the play path builds at every card, its CardPlayed and its Melee entry."""
    new: T = _new(cls)
    _set(new, "__dict__", fields)
    return new


def with_player(state: TState, seat: int, **changes: Any) -> TState:
    """`state.with_player(seat, **changes)`: the state with one player's record changed
    (compiled here, as `replace`: the fold calls it for most events about one seat)."""
    players = list(state.players)
    players[seat] = replace_with(players[seat], changes)
    return replace(state, players=tuple(players))


_new: Final = object.__new__
_set: Final = object.__setattr__  # the frozen dataclass's own refuses
