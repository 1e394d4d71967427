"""`manage.py verify_games`: every game folds again from its log to the cached state, seq
and status; a tampered cache or status is reported and fails the command; rows are counted."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from accounts.models import User
from games.models import Game, GameEvent

from .conftest import play_pending_once, started_game

pytestmark = pytest.mark.django_db


def report(*args: str) -> dict[str, object]:
    out = StringIO()
    call_command("verify_games", "--json", *args, stdout=out)
    return dict(json.loads(out.getvalue()))


def test_played_games_verify_and_rows_are_counted(five_users: list[User]) -> None:
    finished = started_game(five_users[:2], options={"rounds": 1})
    while play_pending_once(finished):
        pass
    playing = started_game(five_users[2:])
    play_pending_once(playing)
    result = report()
    assert result["games"] == 2
    assert result["verified"] == 2
    assert result["failed"] == []
    assert result["events"] == GameEvent.objects.count() > 0
    rows = result["rows"]
    assert isinstance(rows, dict)
    assert rows["games.game"] == 2
    assert rows["accounts.user"] == 5
    assert rows["games.gameevent"] == result["events"]
    assert Game.objects.get(pk=finished.pk).status == Game.Status.FINISHED


def test_a_tampered_cache_or_status_fails_the_command(five_users: list[User]) -> None:
    game = started_game(five_users[:2])
    other = started_game(five_users[2:4])
    play_pending_once(game)
    state = dict(game.state or {})
    state["cards"] = [1, 2, 3]
    Game.objects.filter(pk=game.pk).update(state=state)
    Game.objects.filter(pk=other.pk).update(status=Game.Status.FINISHED)  # no outcome yet
    out = StringIO()
    with pytest.raises(CommandError, match="2 game"):
        call_command("verify_games", stdout=out)
    text = out.getvalue()
    assert "0 of 2 games" in text
    assert f"game {game.pk}:" in text
    assert '"cards"' in text
    assert f"game {other.pk}:" in text
    assert '"status"' in text
    only = StringIO()
    with pytest.raises(CommandError, match="1 game"):
        call_command("verify_games", "--json", "--game", str(other.pk), stdout=only)
    result = json.loads(only.getvalue())
    assert result["games"] == 1
    assert [f["game"] for f in result["failed"]] == [other.pk]
    assert result["failed"][0]["differing"] == ["status"]
