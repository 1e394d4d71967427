"""Fixtures of the notification tests: tasks run in-process (also when REDIS_URL is set, so
nothing is queued for a worker that is not there), a frozen clock, users and games."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from typing import Any

import pytest
import time_machine

from avalon_site.celery import app
from tests.games.conftest import make_user, started_game  # noqa: F401

WEDNESDAY_NOON = dt.datetime(2026, 11, 18, 12, 0, tzinfo=dt.UTC)


@pytest.fixture(autouse=True)
def _eager_tasks() -> Iterator[None]:
    before = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = before


@pytest.fixture
def clock() -> Iterator[time_machine.Traveller]:
    with time_machine.travel(WEDNESDAY_NOON, tick=False) as traveller:
        yield traveller


@pytest.fixture
def committed(django_capture_on_commit_callbacks: Any) -> Any:
    """`with committed(): ...` runs the on-commit hooks (notifications) of what is inside."""
    return lambda: django_capture_on_commit_callbacks(execute=True)
