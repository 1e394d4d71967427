"""Fixtures of the notification tests: tasks run in-process (also when REDIS_URL is set, so
nothing is queued for a worker that is not there), users and games. The frozen `clock` is the
suite's (tests/conftest.py)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.games.conftest import make_user, started_game  # noqa: F401


@pytest.fixture(autouse=True)
def _eager_tasks(eager_tasks: None) -> None:
    """Every test here runs its on-commit tasks in-process."""


@pytest.fixture
def committed(django_capture_on_commit_callbacks: Any) -> Any:
    """`with committed(): ...` runs the on-commit hooks (notifications) of what is inside."""
    return lambda: django_capture_on_commit_callbacks(execute=True)
