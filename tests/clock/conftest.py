"""Fixtures of the time-control tests: the web layer's helpers (verified users, the toy
game, started games) and a clock frozen at a known instant that tests move by hand."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator

import pytest
import time_machine

from avalon_site.celery import app
from tests.games.conftest import five_users, make_user, started_game  # noqa: F401

# A Wednesday, so a one-day period never touches a weekend unless a test wants it to.
WEDNESDAY_NOON = dt.datetime(2026, 11, 18, 12, 0, tzinfo=dt.UTC)


@pytest.fixture(autouse=True)
def _eager_tasks() -> Iterator[None]:
    """Tasks queued on commit run in-process (with REDIS_URL set too: no worker here)."""
    before = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = before


@pytest.fixture
def clock() -> Iterator[time_machine.Traveller]:
    """Time stands still at WEDNESDAY_NOON until the test moves it (`clock.shift(...)`)."""
    with time_machine.travel(WEDNESDAY_NOON, tick=False) as traveller:
        yield traveller
