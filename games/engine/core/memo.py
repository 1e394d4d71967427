"""`shared`: a part of a view built once from a record that never changes, then reused.

Views are rebuilt for every seat after every move, yet most of what they show comes from
records that never change once made (a revealed proposal, a resolved quest, a region's
piles). A view is a read-only JSON document, so such parts are built once and the same
objects are handed to every view that shows them. Parts are remembered by the record's
identity (the record is held, so its id cannot be reused) or, for small values, by value;
the table empties at once when full, which stays safe when threads share it.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from functools import update_wrapper
from typing import Any, Concatenate, Final, ParamSpec, TypeVar

from .codec import to_json

S = TypeVar("S")
T = TypeVar("T")
A = TypeVar("A")
B = TypeVar("B")
P = ParamSpec("P")

_BUILT: Final[dict[tuple[str, Hashable], tuple[object, Any]]] = {}


def last_answer(compute: Callable[[S], T]) -> Callable[[S], T]:
    """`compute`, keeping its answer for the last argument (by identity): for questions
    asked several times of one state (the runner, legal_moves, decide, the table's loop ask
    whose turn it is). States never change, and the one slot is replaced whole, so threads
    sharing it read a consistent pair."""
    slot: list[tuple[object, Any]] = [(None, None)]

    def answer(state: S) -> T:
        last, value = slot[0]
        if last is not state:
            value = compute(state)
            slot[0] = (state, value)
        return value  # type: ignore[no-any-return]

    return update_wrapper(answer, compute)  # its name, module and doc: the rule's own


_KEPT: Final = 16384


def shared(kind: str, source: S, build: Callable[[S], T], by_value: bool = False) -> T:
    """`build(source)`, remembered for `source`: by identity, or by its value if `by_value`
    (`source` must then be hashable). `kind` keeps different builds of one source apart."""
    slot = (kind, source if by_value else id(source))
    hit = _BUILT.get(slot)
    if hit is not None and (by_value or hit[0] is source):
        return hit[1]  # type: ignore[no-any-return]  # what `build` made for this source
    value = build(source)
    if len(_BUILT) >= _KEPT:
        _BUILT.clear()
    _BUILT[slot] = (source, value)
    return value


class SharedTable:
    """`shared` with a table of its own of at most `kept` entries, for the parts built from
    one game's records (its proposals, its quests), which no other game shows: a finished
    game's parts go with the next clearing of a small table instead of staying among the
    16,384 entries of the common one, every one of which (the record held, the part built)
    each full collection of the cyclic collector walks until that table fills."""

    def __init__(self, kept: int) -> None:
        self._built: dict[tuple[str, int], tuple[object, Any]] = {}
        self._kept = kept

    def shared(self, kind: str, source: S, build: Callable[[S], T]) -> T:
        """`shared(kind, source, build)`: remembered by the identity of `source`."""
        slot = (kind, id(source))
        hit = self._built.get(slot)
        if hit is not None and hit[0] is source:
            return hit[1]  # type: ignore[no-any-return]  # what `build` made for this source
        value = build(source)
        if len(self._built) >= self._kept:
            self._built.clear()
        self._built[slot] = (source, value)
        return value


def shared_each(kind: str, sources: Iterable[S], build: Callable[[S], T]) -> list[T]:
    """`[shared(kind, source, build, by_value=True) for source in sources]` in one call: the
    rows of a view (a board's regions), most of them unchanged since the last move."""
    built = _BUILT
    out: list[T] = []
    for source in sources:
        slot = (kind, source)
        hit = built.get(slot)
        if hit is None:
            value = build(source)
            if len(built) >= _KEPT:
                built.clear()
            built[slot] = (source, value)
            out.append(value)
        else:
            out.append(hit[1])
    return out


def last_pair(build: Callable[Concatenate[A, B, P], T]) -> Callable[Concatenate[A, B, P], T]:
    """`build(a, b, ...)`, its last answer kept and found by the identity of `a` and `b`
    (any further arguments are only read to build): for facts of a state's fields that
    most moves hand over unchanged (the very same objects), asked many times per move.
    Comparing identities costs less than hashing the values for a cache by value, which
    `build` may still keep for pairs asked before. The pair is held, so its ids cannot be
    reused; the slot is replaced whole (thread-safe)."""
    slot: list[tuple[object, object, Any]] = [(_NOTHING, _NOTHING, None)]

    def ask(a: A, b: B, /, *args: P.args, **kwargs: P.kwargs) -> T:
        last_a, last_b, value = slot[0]
        if a is last_a and b is last_b:
            return value  # type: ignore[no-any-return]  # what `build` made for this pair
        value = build(a, b, *args, **kwargs)
        slot[0] = (a, b, value)
        return value

    ask.__wrapped__ = build  # type: ignore[attr-defined]  # as functools.wraps would
    return ask


_NOTHING: Final = object()  # no pair asked yet


class _PerKey(dict[Hashable, T]):
    """`per_key`'s table: a missing key is worked out, and kept while there is room."""

    __slots__ = ("_kept", "_work_out")

    def __init__(self, work_out: Callable[[Any], T], kept: int) -> None:
        super().__init__()
        self._work_out, self._kept = work_out, kept

    def __missing__(self, key: Hashable) -> T:
        value = self._work_out(key)
        if len(self) < self._kept:
            self[key] = value
        return value


def per_key(work_out: Callable[[S], T], kept: int = 256) -> Callable[[S], T]:
    """`work_out(key)`, worked out once per key and then read by the table's own dict
    lookup, in C: for the small closed sets of values a game asks about thousands of times
    a game (its card names), where an `lru_cache` hit costs about twice a dict lookup and
    three times under `map`. At most `kept` keys are kept, as a bounded cache would: a key
    outside the set (a refused move's card name) is worked out each time once it is full."""
    return _PerKey(work_out, kept).__getitem__


def options_of(config: Any) -> dict[str, Any]:
    """A table's options as views show them: the config's fields without its type name.
    A fresh dict each time; the encoding is done once per distinct config."""
    return dict(shared("options", config, _options, by_value=True))


def _options(config: Any) -> dict[str, Any]:
    return {k: v for k, v in to_json(config).items() if k != "type"}
