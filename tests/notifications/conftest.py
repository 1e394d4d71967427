"""Fixtures of the notification tests: tasks run in-process (also when REDIS_URL is set, so
nothing is queued for a worker that is not there), users and games. The frozen `clock` is the
suite's (tests/conftest.py)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from accounts.models import User
from games.models import Game
from notifications import vapid
from tests.clock.helpers import player, vote
from tests.games.conftest import make_user, started_game  # noqa: F401

from .push_service import PushService, push_service


@pytest.fixture(autouse=True)
def _eager_tasks(eager_tasks: None) -> None:
    """Every test here runs its on-commit tasks in-process."""


@pytest.fixture
def stub(settings: Any, tmp_path: Path) -> Iterator[PushService]:
    """The stub push service, with a VAPID key made for this test in its own var/."""
    settings.WEBPUSH_ALLOW_HTTP = True
    settings.WEBPUSH_ALLOW_PRIVATE_ADDRESSES = True  # it listens on 127.0.0.1
    settings.WEBPUSH_VAPID_PRIVATE_KEY = ""
    settings.WEBPUSH_VAPID_KEY_FILE = tmp_path / "vapid_private.key"
    vapid.forget()
    with push_service() as service:
        yield service
    vapid.forget()


@pytest.fixture
def committed(django_capture_on_commit_callbacks: Any) -> Any:
    """`with committed(): ...` runs the on-commit hooks (notifications) of what is inside."""
    return lambda: django_capture_on_commit_callbacks(execute=True)


def played_to_the_end(game: Game, committed: Any) -> User:
    """Both seats of a one-round toy game vote, running the notifications on commit: the
    game is over. Its winner."""
    with committed():
        vote(game, 0)
        vote(game, 1)
    game.refresh_from_db()
    assert game.outcome is not None
    return player(game, game.outcome["winners"][0])
