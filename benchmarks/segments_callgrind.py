"""Instruction counts of the counted moves alone, for `benchmarks/profile_move.py
--segments benchmarks/segments_callgrind.py` under callgrind: each counted POST runs inside
a ctypes call, so callgrind collects only while one runs (nothing else in a move goes
through ctypes), and the set-up, the test client's GETs and the interpreter's start are
left out (issue 14, B1; the eleventh and twelfth passes):

    valgrind --tool=callgrind --collect-atstart=no --toggle-collect=ffi_call \\
        --callgrind-out-file=/tmp/cg.out .venv/bin/python -m benchmarks.profile_move \\
        --games 1 --warm 1 --no-migrate --segments benchmarks/segments_callgrind.py
    grep '^summary:' /tmp/cg.out    # instructions over the 26 moves of one game

Two runs of the same tree differ by about 0.1 %.
"""

from __future__ import annotations

import ctypes
from typing import Any

_POSTS = [0]


def install() -> None:
    from django.test import Client

    inner = Client.generic

    def generic(self: Client, method: str, *args: Any, **kwargs: Any) -> Any:
        if method != "POST":
            return inner(self, method, *args, **kwargs)
        answer: list[Any] = []

        def run() -> int:
            answer.append(inner(self, method, *args, **kwargs))
            return 0

        ctypes.CFUNCTYPE(ctypes.c_int)(run)()
        _POSTS[0] += 1
        return answer[0]

    Client.generic = generic  # type: ignore[method-assign,assignment]


def report(moves: int) -> None:
    print(f"{_POSTS[0]} POSTs counted inside ctypes calls ({moves} moves)")
