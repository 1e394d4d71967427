"""Fixtures for the whole suite. Kept minimal and generic; app-specific ones live beside
their tests."""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Iterator
from typing import Any

import pytest
import time_machine
from django.conf import settings as django_settings
from django.core.cache import cache

from tests.clock.procs import Inbox, private_redis_url, smtp_server, tasks_run_here

# A Wednesday, so a one-day period never touches a weekend unless a test wants it to.
WEDNESDAY_NOON = dt.datetime(2026, 11, 18, 12, 0, tzinfo=dt.UTC)


def pytest_configure(config: pytest.Config) -> None:
    """Under pytest-xdist each worker has its own test database (pytest-django) and gets
    its own Redis database here, before anything connects: the workers' games share primary
    keys, so on one Redis their channel groups ("game-1"...) would cross. Processes a test
    spawns inherit it through REDIS_URL."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    if not worker or not django_settings.REDIS_URL:
        return
    url = private_redis_url(django_settings.REDIS_URL, 1 + int(worker.removeprefix("gw")))
    os.environ["REDIS_URL"] = url
    django_settings.REDIS_URL = url
    django_settings.CELERY_BROKER_URL = url
    layer: dict[str, Any] = django_settings.CHANNEL_LAYERS["default"]
    layer["CONFIG"]["hosts"][0]["address"] = url
    django_settings.CACHES["default"]["LOCATION"] = url


@pytest.fixture(autouse=True)
def _isolated_cache(settings: Any) -> Iterator[None]:
    """A private in-memory cache per test.

    With REDIS_URL set the site caches in Redis, shared by every process; rate-limit counters
    (allauth) must not leak between tests or from other runs, and clearing Redis would flush
    data other processes own. So tests always get a fresh local-memory cache.
    """
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def eager_tasks() -> Iterator[None]:
    """Tasks queued on commit (notifications, clock) run in-process, also with REDIS_URL
    set: no worker is there to take them. Packages that need it everywhere make it autouse
    in their conftest."""
    with tasks_run_here():
        yield


@pytest.fixture
def clock() -> Iterator[time_machine.Traveller]:
    """Time stands still at WEDNESDAY_NOON until the test moves it (`clock.shift(...)`)."""
    with time_machine.travel(WEDNESDAY_NOON, tick=False) as traveller:
        yield traveller


@pytest.fixture
def smtp() -> Iterator[tuple[int, Inbox]]:
    """(port, inbox) of an SMTP server (aiosmtpd) collecting what spawned processes send."""
    controller, inbox = smtp_server()
    yield controller.port, inbox
    controller.stop()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Browser tests drive several Chromium pages against a live server over websockets; a
    page that misses one push can stall a step. Retry such a test once more before failing,
    and the report still lists the rerun, so a flaky page is seen, not hidden."""
    for item in items:
        if item.get_closest_marker("browser") and not item.get_closest_marker("flaky"):
            item.add_marker(pytest.mark.flaky(reruns=1))
