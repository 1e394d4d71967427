"""JSON sent by clients, read with a nesting limit.

Python's decoder recurses once per level: a body nested a few thousand levels deep raised
RecursionError, a 500 (issue 15). No move, option set or chat message of ours nests deeper
than a handful of levels, so anything past MAX_DEPTH is refused as malformed, the same way
at every door: the API's parser, the move form, the websocket.
"""

from __future__ import annotations

import json
from typing import Any

MAX_DEPTH = 32


class TooDeep(ValueError):
    """JSON nested past MAX_DEPTH (a ValueError, so callers refusing bad JSON refuse it)."""

    def __init__(self) -> None:
        super().__init__(f"JSON may nest at most {MAX_DEPTH} levels deep.")


def check_depth(value: Any, limit: int = MAX_DEPTH) -> None:
    """Raise TooDeep when lists or objects nest past `limit` (an explicit stack: walking a
    hostile value must not recurse either)."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth > limit:
            raise TooDeep
        stack.extend((child, depth + 1) for child in children)


def loads(text: str | bytes) -> Any:
    """json.loads with the nesting limit; every failure is a ValueError."""
    try:
        value = json.loads(text)
    except RecursionError:
        raise TooDeep from None
    check_depth(value)
    return value
