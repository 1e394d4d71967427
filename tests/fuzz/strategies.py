"""Hypothesis generators of hostile input for the fuzz suite (R5).

Values are built as Python objects and encoded by `encode`, which also writes what
`json.dumps` refuses or cannot reach: JSON nested thousands of levels deep (`Raw` text made
without recursion), integers longer than Python's 4,300-digit parse limit, NaN and
Infinity, lone surrogates. Move payloads are built from a game's own legal moves, with one
part made wrong, so they pass the shape checks and reach the rules.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from hypothesis import strategies as st


@dataclass(frozen=True)
class Raw:
    """Already-encoded JSON text, spliced into a payload as is."""

    text: str

    def __repr__(self) -> str:  # a failure report shows the shape, not 100 kB of brackets
        return f"Raw({self.text[:40]!r}... {len(self.text)} chars)"


def encode(value: Any) -> str:
    """JSON text of `value`: Raw parts verbatim; NaN/Infinity written as Python's json does."""
    if isinstance(value, Raw):
        return value.text
    if isinstance(value, dict):
        inner = ",".join(f"{json.dumps(str(k))}:{encode(v)}" for k, v in value.items())
        return "{" + inner + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ",".join(encode(v) for v in value) + "]"
    if isinstance(value, float) and not math.isfinite(value):
        return "NaN" if math.isnan(value) else ("Infinity" if value > 0 else "-Infinity")
    return json.dumps(value)


def nested(depth: int, kind: str, leaf: str = "0") -> Raw:
    """`depth` levels of lists or objects around `leaf`, as text (no recursion involved)."""
    if kind == "list":
        return Raw("[" * depth + leaf + "]" * depth)
    return Raw('{"a":' * depth + leaf + "}" * depth)


EDGE_INTS = [
    -1,
    0,
    1,
    2**31 - 1,
    2**31,
    -(2**31) - 1,
    2**63 - 1,
    2**63,
    -(2**63) - 1,
    2**64,
    10**30,
    -(10**30),
]

ints = st.one_of(
    st.integers(-5, 60),
    st.sampled_from(EDGE_INTS),
    st.integers(),
)
# Longer than Python's int-parsing limit (4,300 digits): only expressible as raw JSON text.
giant_ints = st.integers(4_000, 20_000).map(lambda n: Raw("9" * n))
floats = st.one_of(
    st.sampled_from([math.nan, math.inf, -math.inf, -0.0, 1e308, 5e-324, 0.5]),
    st.floats(),
)
NASTY_TEXT = [
    "",
    " ",
    "\x00",
    "a\x00b",
    "\ud800",
    "x\udfffy",
    "\u202e\u200b",
    "<script>alert(1)</script>",
    "'; DROP TABLE games_game; --",
    "%s%n{0}",
    "../../etc/passwd",
    "\U0001f5e1" * 3,
    "null",
    "1e9999",
]
long_text = st.builds(
    lambda unit, times: unit * times,
    st.sampled_from(["a", "\u00e9", "\U0001f3f0", "\x00", " ", "ab\n"]),
    st.integers(80, 120_000),
)
texts = st.one_of(
    st.text(max_size=20),
    st.sampled_from(NASTY_TEXT),
    st.text(alphabet=st.characters(min_codepoint=0, max_codepoint=0x10FFFF), max_size=8),
    long_text,
)
scalars = st.one_of(st.none(), st.booleans(), ints, floats, texts)
keys = st.one_of(st.text(max_size=12), st.sampled_from(["type", "__proto__", "\x00", "move"]))
json_values = st.recursive(
    scalars,
    lambda children: st.one_of(
        st.lists(children, max_size=4), st.dictionaries(keys, children, max_size=4)
    ),
    max_leaves=6,
)
deep_values = st.builds(
    nested,
    st.one_of(st.integers(50, 200), st.integers(900, 1100), st.integers(2_000, 60_000)),
    st.sampled_from(["list", "dict"]),
)
hostile = st.one_of(json_values, deep_values, giant_ints)


# --- moves built from a game's legal moves ---------------------------------------------------


def leaf_paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Paths (dict keys and list indexes) to every part of a move, "type" excluded."""
    out: list[tuple[Any, ...]] = []
    if isinstance(value, dict):
        for k, v in value.items():
            if prefix == () and k == "type":
                continue
            out.append((*prefix, k))
            out.extend(leaf_paths(v, (*prefix, k)))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out.append((*prefix, i))
            out.extend(leaf_paths(v, (*prefix, i)))
    return out


def plain_leaves(value: Any) -> list[Any]:
    """Every scalar inside a move: the pool of plausible wrong values (other cards, seats)."""
    if isinstance(value, dict):
        return [x for k, v in value.items() if k != "type" for x in plain_leaves(v)]
    if isinstance(value, list):
        return [x for v in value for x in plain_leaves(v)]
    return [value]


def _copy(value: Any) -> Any:
    return json.loads(json.dumps(value))


def _set(move: Any, path: tuple[Any, ...], new: Any) -> Any:
    out = _copy(move)
    target = out
    for part in path[:-1]:
        target = target[part]
    target[path[-1]] = new
    return out


def _delete(move: Any, path: tuple[Any, ...]) -> Any:
    out = _copy(move)
    target = out
    for part in path[:-1]:
        target = target[part]
    del target[path[-1]]
    return out


class Shapes:
    """The legal moves of a position and what wrong values are built from, computed once
    (a Tournament at Avalon pass has 220 legal moves)."""

    def __init__(self, legal: Sequence[dict[str, Any]], type_names: Sequence[str]) -> None:
        self.moves = st.sampled_from(list(legal))
        pool = sorted({json.dumps(v) for m in legal for v in plain_leaves(m)})
        self.plausible = st.one_of(
            st.sampled_from([json.loads(v) for v in pool]) if pool else st.none(),
            st.integers(-3, 60),
        )
        self.types = st.sampled_from(list(type_names)) | texts


@st.composite
def wrong_moves(draw: st.DrawFn, shapes: Shapes) -> Any:
    """A legal move with one part made wrong: a plausible value of another move (another
    card, seat, region), a hostile value, a missing or unknown field, another move type, a
    list with an item dropped, doubled or added."""
    move = draw(shapes.moves)
    plausible = shapes.plausible
    paths = leaf_paths(move)
    how = draw(
        st.sampled_from(["plausible", "hostile", "drop", "unknown", "type", "list", "as_is"])
    )
    if how == "plausible" and paths:
        return _set(move, draw(st.sampled_from(paths)), draw(plausible))
    if how == "hostile" and paths:
        return _set(move, draw(st.sampled_from(paths)), draw(hostile))
    if how == "drop" and paths:
        return _delete(move, draw(st.sampled_from(paths)))
    if how == "unknown":
        return {**_copy(move), draw(st.text(min_size=1, max_size=10)): draw(json_values)}
    if how == "type":
        return {**_copy(move), "type": draw(shapes.types)}
    lists = [p for p in paths if isinstance(_get(move, p), list)]
    if how == "list" and lists:
        path = draw(st.sampled_from(lists))
        items = list(_get(move, path))
        op = draw(st.sampled_from(["drop", "double", "add", "reverse"]))
        if op == "drop" and items:
            items.pop(draw(st.integers(0, len(items) - 1)))
        elif op == "double" and items:
            items.append(items[draw(st.integers(0, len(items) - 1))])
        elif op == "add":
            items.append(draw(plausible))
        else:
            items.reverse()
        return _set(move, path, items)
    return _copy(move)  # a legal move, sent by the wrong user or at the wrong seq


def _get(move: Any, path: tuple[Any, ...]) -> Any:
    target = move
    for part in path:
        target = target[part]
    return target
