"""Fixtures for the whole suite. Kept minimal and generic; app-specific ones live beside
their tests."""

from __future__ import annotations

import datetime as dt
import hashlib
import itertools
import os
import random
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import time_machine
from django.conf import settings as django_settings
from django.core.cache import cache
from django.utils import translation

from tests.browser import needs_chromium
from tests.clock.procs import Inbox, private_redis_url, smtp_server, tasks_run_here

# A Wednesday, so a one-day period never touches a weekend unless a test wants it to.
WEDNESDAY_NOON = dt.datetime(2026, 11, 18, 12, 0, tzinfo=dt.UTC)


def _compile_catalogues() -> None:
    """Build the .mo files (never committed) once, before any worker starts, when one is
    missing or older than its .po: a plain `pytest` after editing a catalogue tests it."""
    root = Path(django_settings.BASE_DIR)
    # The project's catalogues (the site's, the rules pages', the games'), not .venv's.
    dirs = [*map(Path, django_settings.LOCALE_PATHS), root / "games/locale"]
    stale = [
        po
        for po in (po for d in dirs for po in d.glob("*/LC_MESSAGES/*.po"))
        if not po.with_suffix(".mo").exists()
        or po.with_suffix(".mo").stat().st_mtime < po.stat().st_mtime
    ]
    for po in stale:
        subprocess.run(
            ["msgfmt", "--check-format", "-o", str(po.with_suffix(".mo")), str(po)], check=True
        )


def pytest_configure(config: pytest.Config) -> None:
    """Under pytest-xdist each worker has its own test database (pytest-django) and gets
    its own Redis database here, before anything connects: the workers' games share primary
    keys, so on one Redis their channel groups ("game-1"...) would cross. Processes a test
    spawns inherit it through REDIS_URL."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    if not worker:
        _compile_catalogues()
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


@pytest.fixture(autouse=True)
def _default_language_between_tests() -> Iterator[None]:
    """Each test starts in the site's default language: a request's LocaleMiddleware (or a
    view) leaves its language active in the thread, which the next test would inherit."""
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def _bots_at_once(settings: Any) -> None:
    """Bots at the table play without their human-like delay (games.services.bot_turns)."""
    settings.BOT_MOVE_DELAY_SECONDS = 0


def seed_for_test(nodeid: str, *parts: object) -> str:
    """A seed that follows from a test's id (with its parameters) and `parts`: 64 hex
    digits, the shape of a game's own seed (games.models.new_seed)."""
    text = ":".join([nodeid, *map(str, parts)])
    return hashlib.sha256(text.encode()).hexdigest()


class _SeatOrderOf:
    """Stands for the `random` module in games.services.lobby during a test: its
    SystemRandom (the seat order of table_start) is a Random seeded from the test."""

    def __init__(self, nodeid: str) -> None:
        self.nodeid = nodeid
        self.tables = itertools.count()

    def SystemRandom(self) -> random.Random:  # the name lobby calls
        return random.Random(seed_for_test(self.nodeid, "seats", next(self.tables)))

    def __getattr__(self, name: str) -> Any:
        return getattr(random, name)


@pytest.fixture(autouse=True)
def _reproducible_games(request: pytest.FixtureRequest, monkeypatch: Any) -> Iterator[None]:
    """A game started in a test deals and seats its players the same way on every run: its
    seed (else secrets.token_hex) and table_start's seat order (else SystemRandom) follow
    from the test's id and how many games it started before. So a failure CI met once (a
    test choosing moves at random over a random deal) is met again by running that test."""
    from django.db.models.signals import post_init

    import games.services.lobby as lobby
    from games.models import Game

    nodeid = request.node.nodeid
    games = itertools.count()

    def seeded(sender: type[Game], instance: Game, **kwargs: Any) -> None:
        if instance.pk is None:  # a new game (one read from the database has its seed)
            instance.seed = seed_for_test(nodeid, "game", next(games))

    post_init.connect(seeded, sender=Game, weak=False, dispatch_uid="tests-reproducible-games")
    monkeypatch.setattr(lobby, "random", _SeatOrderOf(nodeid))
    try:
        yield
    finally:
        post_init.disconnect(sender=Game, dispatch_uid="tests-reproducible-games")


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


@pytest.hookimpl(tryfirst=True)  # before `-m` selects by marker
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The tests of the modules test_browser*.py drive Chromium: each is marked `browser`
    and skipped without Playwright and Debian's chromium. They drive several pages against
    a live server over websockets; a page that misses one push can stall a step. Retry such
    a test once more before failing, and the report still lists the rerun, so a flaky page
    is seen, not hidden."""
    for item in items:
        if not item.path.name.startswith("test_browser"):
            continue
        item.add_marker(pytest.mark.browser)
        item.add_marker(needs_chromium)
        if not item.get_closest_marker("flaky"):
            item.add_marker(pytest.mark.flaky(reruns=1))
