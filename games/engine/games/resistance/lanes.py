"""Whole numbers per world, counted for every world at once (beliefs._Record).

A count per world lives in one 16-bit lane of a Python integer (world i in bits 16i to
16i + 15), so adding something to every world's count is one integer addition in C, not a
Python loop over up to C(10,4) = 210 worlds. Every count here stays far below a lane's
65,536 (at most 25 proposals of 10 votes, 5 quests of 5 seats), so no lane ever carries
into the next one, and each lane reads back as exactly the whole number a loop would count.
"""

from __future__ import annotations

import functools
import sys
from array import array
from collections.abc import Sequence
from typing import Final

BITS: Final = 16
FULL: Final = 0xFFFF  # a whole lane
_HIGH: Final = 1 << (BITS - 1)


@functools.cache
def ones(worlds: int) -> int:
    """1 in each of `worlds` lanes."""
    return int.from_bytes(b"\x01\x00" * worlds, "little")


@functools.cache
def by_seat(worlds: tuple[int, ...], players: int) -> tuple[int, ...]:
    """Per seat, 1 in the lane of each world (a mask of Evil seats) in which it is Evil."""
    return tuple(
        sum(1 << (BITS * i) for i, world in enumerate(worlds) if world >> seat & 1)
        for seat in range(players)
    )


def count(seats: Sequence[int], mask: int) -> int:
    """Per world, how many seats of `mask` are Evil in it (`seats`: `by_seat`)."""
    out, seat = 0, 0
    while mask:
        if mask & 1:
            out += seats[seat]
        mask >>= 1
        seat += 1
    return out


def at_least(counts: int, least: int, worlds: int) -> int:
    """1 in the lanes whose count is `least` or more, 0 in the others: adding 2^15 - least
    to every lane sets a lane's top bit exactly when its count reaches `least`."""
    unit = ones(worlds)
    return ((counts + (_HIGH - least) * unit) >> (BITS - 1)) & unit


def values(lanes: int, worlds: int) -> array[int]:
    """Each lane's whole number, world by world."""
    out = array("H", lanes.to_bytes(2 * worlds, "little"))
    if sys.byteorder == "big":
        out.byteswap()
    return out
