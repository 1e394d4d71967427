"""Small template helpers of the game pages: index into a list, look up a key, count."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from django import template

register = template.Library()


@register.filter
def at(items: Sequence[Any] | None, index: Any) -> Any:
    """`names|at:seat` — the item at an index, or "" when out of range."""
    try:
        return items[int(index)] if items is not None else ""
    except (IndexError, TypeError, ValueError):
        return ""


@register.filter
def get(mapping: Mapping[Any, Any] | None, key: Any) -> Any:
    return mapping.get(key, "") if isinstance(mapping, Mapping) else ""


@register.filter
def upto(n: Any) -> range:
    """`5|upto` — 1..n for loops over tracks."""
    try:
        return range(1, int(n) + 1)
    except (TypeError, ValueError):
        return range(0)


@register.filter
def pretty(value: Any) -> str:
    return json.dumps(value, indent=2, sort_keys=True)


@register.filter
def seat_names(seats: Sequence[int] | None, names: Sequence[str]) -> str:
    """`team|seat_names:names` — "Ann, Bob"."""
    return ", ".join(at(names, s) or f"Seat {s}" for s in (seats or []))
