"""Embedded mode: the site's own in-process scheduler (avalon_site/embedded.py) fires the
settings' beat entry `clock.sweep` every few seconds, and overdue seats time out in-process,
with no worker and no Redis."""

from __future__ import annotations

import datetime as dt

import pytest
import time_machine
from django.conf import settings

from avalon_site.embedded import EmbeddedScheduler
from games.models import Game
from tests.games.conftest import make_user, started_game

from .helpers import moves_by, vote


class FakeMonotonic:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_the_beat_schedule_sweeps_every_few_seconds() -> None:
    entry = settings.CELERY_BEAT_SCHEDULE["clock-sweep"]
    assert entry["task"] == "clock.sweep"
    assert isinstance(entry["schedule"], float)
    assert entry["schedule"] <= 5


@pytest.mark.django_db(transaction=True)
def test_the_embedded_scheduler_applies_timeouts_in_process() -> None:
    start = dt.datetime(2026, 11, 18, 12, 0, tzinfo=dt.UTC)
    with time_machine.travel(start, tick=False) as traveller:
        game = started_game([make_user(), make_user()], time_per_move=300)
        vote(game, 0)
        monotonic = FakeMonotonic()
        scheduler = EmbeddedScheduler(
            {"clock-sweep": settings.CELERY_BEAT_SCHEDULE["clock-sweep"]}, clock=monotonic
        )
        traveller.shift(dt.timedelta(seconds=301))
        monotonic.now += 2.0
        scheduler.tick(monotonic.now)
        assert [e.actor_seat for e in moves_by(game, "timeout")] == [1]
        monotonic.now += 2.0
        scheduler.tick(monotonic.now)  # the next run finds nothing left to do
        assert len(moves_by(game, "timeout")) == 1
        game.refresh_from_db()
        assert game.status == Game.Status.PLAYING
        assert game.state_seq == 5
