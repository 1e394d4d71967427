"""A game a moderator voids or aborts gets exactly one email per player: moderation's own
("was voided"/"was aborted"), never also the notifications' "game over". An abandoned game
(timeout policy, no moderator) still gets its "game abandoned" email."""

from __future__ import annotations

import pytest
from django.core import mail

from moderation.services.games import game_abort, game_void
from tests.games.conftest import make_user, started_game
from tests.moderation.conftest import make_moderator

from .conftest import played_to_the_end

pytestmark = pytest.mark.django_db


def _subjects_of(email: str) -> list[str]:
    return [str(m.subject) for m in mail.outbox if email in m.to]


@pytest.mark.parametrize(("close", "verb"), [(game_void, "voided"), (game_abort, "aborted")])
def test_a_moderator_closing_a_game_in_play_sends_one_email(clock, committed, close, verb) -> None:
    users = [make_user() for _ in range(2)]
    game = started_game(users, time_per_move=86400)
    moderator = make_moderator()
    mail.outbox.clear()
    with committed():
        close(game=game, by=moderator, reason="cheating reported")
    for user in users:
        subjects = _subjects_of(user.email)
        assert subjects == [f"[Avalon Tables] Game {game.pk} was {verb}"], subjects
    assert not [m for m in mail.outbox if "Game over" in m.subject]


def test_voiding_a_finished_game_sends_only_the_void_email(clock, committed) -> None:
    users = [make_user() for _ in range(2)]
    game = started_game(users, time_per_move=86400, options={"rounds": 1})
    played_to_the_end(game, committed)
    assert len([m for m in mail.outbox if "Game over" in m.subject]) == 2
    mail.outbox.clear()
    with committed():
        game_void(game=game, by=make_moderator(), reason="collusion")
    for user in users:
        assert _subjects_of(user.email) == [f"[Avalon Tables] Game {game.pk} was voided"]
