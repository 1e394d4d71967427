"""The notifications of a batch of changes (a sweep of the clock: one task for the batch)
send exactly the emails that one task per game sends, over one SMTP connection, and a
repeated batch sends nothing new."""

from __future__ import annotations

from typing import Any

import pytest
from django.core import mail

from notifications import emails
from notifications.models import Notice
from notifications.services import notices_for_game, notices_for_games
from tests.clock.helpers import vote
from tests.games.conftest import make_user, started_game

pytestmark = pytest.mark.django_db


def sent() -> list[tuple[str, str]]:
    return sorted((m.to[0], str(m.subject)) for m in mail.outbox)


def test_a_batch_sends_the_emails_one_task_per_game_sends(clock, monkeypatch) -> None:
    over = started_game([make_user(), make_user()], time_per_move=86400, options={"rounds": 1})
    vote(over, 0)
    vote(over, 1)
    fresh = started_game([make_user(), make_user()], time_per_move=86400)
    waiting = started_game([make_user(), make_user()], time_per_move=86400)
    vote(waiting, 0)
    games = [over.pk, fresh.pk, waiting.pk, over.pk]  # a game changed twice in the batch
    mail.outbox.clear()
    for game_id in dict.fromkeys(games):
        notices_for_game(game_id)
    one_per_game = sent()
    # Game over to both players, your move to both of the fresh game, to seat 1 of the other.
    assert len(one_per_game) == 5
    assert sum("Game over" in subject for _, subject in one_per_game) == 2

    Notice.objects.all().delete()
    mail.outbox.clear()
    opened: list[Any] = []
    real = mail.get_connection

    def counting(*args: Any, **kwargs: Any) -> Any:
        opened.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(emails, "get_connection", counting)
    assert notices_for_games(games) == 5
    assert sent() == one_per_game
    assert len(opened) == 1  # one connection for the batch's emails
    assert notices_for_games(games) == 0  # a repeated task sends nothing new
    assert len(mail.outbox) == 5
