"""`replace`: a copy of a frozen record with some fields changed, for the hot fold paths.

`dataclasses.replace` goes through `__init__` (keyword parsing, one `object.__setattr__` per
field of a frozen class): a few microseconds, and a game's fold calls it for every event.
The records games evolve are plain frozen dataclasses (no `__post_init__`, no `init=False`
fields, no slots), so copying the instance dictionary and updating it builds the same
value. Each class is checked once; anything else falls back to `dataclasses.replace`.
"""

from __future__ import annotations

import dataclasses
import functools
from typing import Any, Final, TypeVar

T = TypeVar("T")

# Per class: its init field names when the fast copy is exact for it, else None.
_FAST: Final[dict[type, frozenset[str] | None]] = {}


def _fast_fields(cls: type) -> frozenset[str] | None:
    if cls not in _FAST:
        fields = dataclasses.fields(cls)
        plain = (
            not hasattr(cls, "__post_init__")
            and not hasattr(cls, "__slots__")
            and all(f.init for f in fields)
            # a cached_property keeps its value in the instance dictionary: never copy it
            and not any(isinstance(v, functools.cached_property) for v in vars(cls).values())
        )
        _FAST[cls] = frozenset(f.name for f in fields) if plain else None
    return _FAST[cls]


def replace(obj: T, /, **changes: Any) -> T:
    """`dataclasses.replace(obj, **changes)`, without the trip through `__init__`."""
    cls = type(obj)
    names = _FAST.get(cls, _UNSEEN)
    if names is _UNSEEN:
        names = _fast_fields(cls)
    # (`issuperset` reads the keys in C, without the keys view `<=` would make)
    if names is None or not names.issuperset(changes):
        return dataclasses.replace(obj, **changes)  # type: ignore[type-var]
    new = _new(cls)
    # one copy of the whole table, then the changes over it (a display: no method calls)
    _set(new, "__dict__", {**obj.__dict__, **changes})
    return new


# Bound once: each is a global and an attribute lookup per call otherwise (replace is
# called for nearly every event a game folds).
_new: Final = object.__new__
_set: Final = object.__setattr__
_UNSEEN: Final = frozenset({"<unseen>"})  # not in `_FAST` yet


def fill(fresh: object, /, **changes: Any) -> None:
    """Set fields of `fresh`, a copy `replace` has just made that nobody else holds yet (a
    fold's working copy of the state): an event that changes several fields in turn then
    copies the state once instead of once per step. Never on a record already handed out."""
    fresh.__dict__.update(changes)


def plain_class(cls: type[T]) -> type[T]:
    """Keeps a class a plain Python class when scripts/build_engine.py compiles its module
    with mypyc (mypyc makes a native class of none with a decorator it does not know): a
    native instance has no `__dict__`, which `replace`, `fill`, `speed_up_init` and a
    cached property write. Does nothing else."""
    return cls
