"""scripts/backup-restore-drill against this run's PostgreSQL test database: pg_dump -Fc,
pg_restore into a scratch database, `verify_games` on the copy, the scratch dropped. The
copy must hold the same games, events and rows; a cache that no longer folds from its log
fails the drill."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import psycopg
import pytest
from django.db import connection

from accounts.models import User
from games.models import Game, GameEvent
from tests.clock.procs import ROOT, database_url, needs_postgres, tasks_run_here
from tests.games.conftest import make_user, play_pending_once, started_game

DRILL = ROOT / "scripts" / "backup-restore-drill"

pytestmark = [
    pytest.mark.slow,
    pytest.mark.django_db(transaction=True),
    needs_postgres,
]


@pytest.fixture(autouse=True)
def _tasks_here() -> Iterator[None]:
    with tasks_run_here():
        yield


def drill() -> tuple[int, dict[str, Any], str]:
    """Run the drill on the test database: (exit status, report, progress output)."""
    env = {**os.environ, "DATABASE_URL": database_url(connection.settings_dict)}
    done = subprocess.run(
        [sys.executable, str(DRILL)], env=env, capture_output=True, text=True, timeout=300
    )
    report = json.loads(done.stdout) if done.stdout.strip() else {}
    return done.returncode, report, done.stderr


def scratch_databases() -> list[str]:
    with psycopg.connect(database_url({**connection.settings_dict, "NAME": "postgres"})) as c:
        pattern = f"{connection.settings_dict['NAME']}_drill_%"
        rows = c.execute("SELECT datname FROM pg_database WHERE datname LIKE %s", [pattern])
        return [row[0] for row in rows]


def test_the_drill_restores_the_same_games_and_fails_on_a_broken_cache() -> None:
    finished = started_game([make_user() for _ in range(5)], slug="resistance-avalon")
    while play_pending_once(finished):
        pass
    playing = started_game([make_user() for _ in range(5)], slug="resistance-avalon")
    for _ in range(3):
        play_pending_once(playing)
    assert Game.objects.get(pk=finished.pk).status == Game.Status.FINISHED

    status, report, progress = drill()
    assert status == 0, progress
    assert report["source"] == connection.settings_dict["NAME"]
    assert report["games"] == report["verified"] == 2
    assert report["failed"] == []
    assert report["events"] == GameEvent.objects.count() > 20
    assert report["rows"]["games.game"] == 2
    assert report["rows"]["games.gameevent"] == report["events"]
    assert report["rows"]["accounts.user"] == User.objects.count() == 10
    assert "pg_dump -Fc" in progress
    assert "dropping" in progress
    assert scratch_databases() == []

    # The cached state of the game in play no longer matches its log: the drill says so.
    state = dict(Game.objects.get(pk=playing.pk).state or {})
    state["phase"] = "tampered"
    Game.objects.filter(pk=playing.pk).update(state=state)
    status, report, progress = drill()
    assert status == 1, progress
    assert [f["game"] for f in report["failed"]] == [playing.pk]
    assert report["failed"][0]["differing"] == ["phase"]
    assert scratch_databases() == []
