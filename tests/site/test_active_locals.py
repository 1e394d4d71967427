"""The active language and time zone in plain context variables (avalon_site.active_locals,
issue 14): installed at start-up, and holding Django's meaning of its own `Local`s: per
thread in sync code, per task in async code, carried through sync_to_async and
async_to_sync, restored by `override`."""

from __future__ import annotations

import asyncio
import threading
import zoneinfo

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from django.conf import settings
from django.utils import timezone, translation
from django.utils.translation import trans_real

from avalon_site.active_locals import ActiveValue

TOKYO = zoneinfo.ZoneInfo("Asia/Tokyo")


@pytest.fixture(autouse=True)
def _django_defaults() -> None:
    translation.deactivate()
    timezone.deactivate()


def test_the_site_runs_with_them() -> None:
    assert isinstance(trans_real._active, ActiveValue)  # type: ignore[attr-defined]
    assert isinstance(timezone._active, ActiveValue)  # type: ignore[attr-defined]


def test_activate_override_and_deactivate_as_django_means_them() -> None:
    default = translation.get_language()
    translation.activate("fr")
    assert translation.get_language() == "fr"
    assert translation.gettext("Rematch") == "Revanche"
    with translation.override("en"):
        assert translation.get_language() == "en"
        with translation.override(None):  # deactivate_all: no language at all
            assert translation.get_language() is None
        assert translation.get_language() == "en"
    assert translation.get_language() == "fr"
    translation.deactivate()
    assert translation.get_language() == default
    translation.deactivate()  # twice: nothing to remove, no error

    assert timezone.get_current_timezone_name() == timezone.get_default_timezone_name()
    with timezone.override(TOKYO):
        assert timezone.get_current_timezone() is TOKYO
    assert timezone.get_current_timezone_name() == timezone.get_default_timezone_name()


def test_another_thread_starts_with_the_defaults_and_keeps_its_own() -> None:
    translation.activate("fr")
    timezone.activate(TOKYO)
    seen: list[object] = []

    def other() -> None:
        seen.append(translation.get_language())
        seen.append(timezone.get_current_timezone_name())
        translation.activate("fr")
        translation.activate("en")

    thread = threading.Thread(target=other)
    thread.start()
    thread.join()
    assert seen == [settings.LANGUAGE_CODE, timezone.get_default_timezone_name()]
    assert translation.get_language() == "fr"  # the other thread's activate stayed there
    assert timezone.get_current_timezone() is TOKYO


def test_async_tasks_each_keep_their_own_language() -> None:
    async def reader(language: str, started: asyncio.Event, other: asyncio.Event) -> str:
        translation.activate(language)
        started.set()
        await other.wait()  # the other task has activated its own by now
        return str(translation.get_language())

    async def both() -> list[str]:
        a, b = asyncio.Event(), asyncio.Event()
        return list(await asyncio.gather(reader("fr", a, b), reader("en", b, a)))

    assert asyncio.run(both()) == ["fr", "en"]


def test_the_language_crosses_sync_to_async_both_ways() -> None:
    """A consumer's language reaches the sync code it calls, and what that code activates
    comes back (asgiref copies the context both ways)."""

    def in_a_thread() -> str:
        seen = str(translation.get_language())
        translation.activate("en")
        return seen

    async def consumer() -> tuple[str, str]:
        translation.activate("fr")
        seen = await sync_to_async(in_a_thread)()
        return seen, str(translation.get_language())

    assert asyncio.run(consumer()) == ("fr", "en")


def test_the_language_crosses_async_to_sync_both_ways() -> None:
    async def in_the_loop() -> str:
        seen = str(translation.get_language())
        translation.activate("en")
        return seen

    translation.activate("fr")
    assert async_to_sync(in_the_loop)() == "fr"
    assert translation.get_language() == "en"
