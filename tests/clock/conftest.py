"""Fixtures of the time-control tests: the web layer's helpers (verified users, the toy
game, started games); tasks run in-process. The frozen `clock` is the suite's
(tests/conftest.py)."""

from __future__ import annotations

import pytest

from tests.games.conftest import five_users, make_user, started_game  # noqa: F401


@pytest.fixture(autouse=True)
def _eager_tasks(eager_tasks: None) -> None:
    """Every test here runs its on-commit tasks in-process."""
