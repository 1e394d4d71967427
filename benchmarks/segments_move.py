"""Stage timers of an API move for `python -m benchmarks.profile_move --segments
benchmarks/segments_move.py`: the CPU (time.process_time, this thread) of each stage per
counted move, nested stages included in their callers'. Functions are wrapped where their
callers look them up, once the counted moves start."""

from __future__ import annotations

import functools
import importlib
import time
from typing import Any

_TIMES: dict[str, list[float]] = {}  # label: [cpu seconds, calls]


def _wrap(module_name: str, attr: str, label: str, *also: str) -> None:
    """Time `module_name.attr` (and the same function where the modules `also` imported
    it)."""
    module = importlib.import_module(module_name)
    inner = getattr(module, attr)

    @functools.wraps(inner)
    def timed(*args: Any, **kwargs: Any) -> Any:
        start = time.thread_time()
        try:
            return inner(*args, **kwargs)
        finally:
            spent = _TIMES.setdefault(label, [0.0, 0])
            spent[0] += time.thread_time() - start
            spent[1] += 1

    setattr(module, attr, timed)
    for other in also:
        setattr(importlib.import_module(other), attr, timed)


def _wrap_method(cls: Any, attr: str, label: str) -> None:
    inner = getattr(cls, attr)

    @functools.wraps(inner)
    def timed(self: Any, *args: Any, **kwargs: Any) -> Any:
        start = time.thread_time()
        try:
            return inner(self, *args, **kwargs)
        finally:
            spent = _TIMES.setdefault(label, [0.0, 0])
            spent[0] += time.thread_time() - start
            spent[1] += 1

    setattr(cls, attr, timed)


def install() -> None:
    from django.core.handlers.base import BaseHandler
    from rest_framework.views import APIView

    import games.services.commit as commit
    from games.api.views import GameMoveApi
    from games.prepared import Prepared

    _wrap_method(BaseHandler, "get_response", "request (middleware, view, reply)")
    _wrap_method(APIView, "initial", "DRF initial (token auth, permission)")
    _wrap_method(GameMoveApi, "post", "the view's post")
    _wrap("games.services.moves", "move_play", "move_play (lock to after-commit)")
    _wrap_method(Prepared, "list", "prepared reads (token, game, seats)")
    _wrap("games.services.moves", "game_commit", "game_commit (in transaction)")
    _wrap("games.services.commit", "encode_state", "  encode_state")
    _wrap("games.services.commit", "append", "  append (events' INSERT)")
    _wrap("games.services.commit", "deadlines_set", "  deadlines_set")
    _wrap("games.services.commit", "ratings_follow", "  ratings_follow")
    _wrap("games.services.commit", "_run_after_commit", "after-commit steps")
    _wrap("games.services.commit", "notices_owed", "  notices_owed")
    for step in ("broadcast_commit", "vacation_accrue"):
        _wrap("games.services.commit", step, f"  {step}")
    # The step lists hold the functions themselves: the wrapped ones in their places.
    commit.IN_TRANSACTION = tuple(getattr(commit, s.__name__) for s in commit.IN_TRANSACTION)
    commit.AFTER_COMMIT = tuple(getattr(commit, s.__name__) for s in commit.AFTER_COMMIT)
    from celery.app.task import Task

    _wrap_method(Task, "apply_async", "Celery queueing (apply_async)")


def report(moves: int) -> None:
    print(f"{'stage':<44} {'ms per move':>11} {'calls':>7}")
    for label, (cpu, calls) in _TIMES.items():
        print(f"{label:<44} {1000 * cpu / moves:>11.3f} {int(calls):>7}")
