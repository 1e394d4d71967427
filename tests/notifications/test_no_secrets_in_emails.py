"""Emails never carry hidden information: complete games of The Resistance: Avalon and the
toy game are played (players, timeouts and bots), every email sent meanwhile is collected,
and none may name any secret of the recipient or of others - no role, role label, side,
vote or quest card - in the subject or the body. Secrets come from the engine's own
`secrets(state)` after every move, plus the role names of every seat.

The "your turn" and digest emails tell what happened since the reader's last visit (issue
11): those lines may only be lines of the log as spectators read it (what every seat may
see: a revealed vote, a quest's Fail count), and they are set aside before the words are
checked in the rest."""

from __future__ import annotations

import datetime as dt
import random
import re
from typing import Any

import pytest
from django.core import mail

from clock.sweeper import sweep
from games.engine.core import get_game
from games.engine.games.resistance.roles import Role
from games.log import definition_of, load_state
from games.models import Game, Seat
from games.rendering import log_lines
from games.selectors import events_after, game_view_for_seat, players_of
from games.services.moves import move_submit
from tests.games.conftest import make_user, started_game

pytestmark = pytest.mark.django_db


def secret_words(fragment: Any) -> set[str]:
    """The words a secret fragment would show in text: its string values (not seat numbers)."""
    words = set()
    for value in fragment.values():
        if isinstance(value, str):
            words |= {value.lower(), value.replace("_", " ").lower()}
    return words


def public_lines(game: Game) -> set[str]:
    """Every line of the log as spectators read it, and the rows of its tables."""
    feed = {**game_view_for_seat(game, None), "players": players_of(game)}
    out = set()
    for line in log_lines(feed, events_after(game, 0, None)):
        out.add(line["text"])
        out |= {f"{name}: {what}" for name, what, _tone in line["table"]}
    return out


def split_summary(body: str) -> tuple[str, set[str]]:
    """The email's body without its "since your last visit" lines, and those lines."""
    rest, summary = [], set()
    for raw in body.splitlines():
        line = raw.strip()
        if raw.startswith("* "):
            summary.add(line[2:])
        elif raw.startswith("    ") and ": " in line:
            summary.add(line)
        else:
            rest.append(raw)
    return "\n".join(rest), summary


def play_out(game: Game, rng: random.Random, clock: Any, committed: Any) -> set[str]:
    """Play to the end: most seats move as players, some let the clock run out. Returns the
    words of every secret seen along the way."""
    definition = definition_of(game)
    users = {s.position: s.user for s in Seat.objects.filter(table_id=game.table_id)}
    words: set[str] = set()
    for _ in range(500):
        game.refresh_from_db()
        if game.status != Game.Status.PLAYING:
            return words
        state = load_state(game, definition)
        for secret in definition.secrets(state):
            words |= secret_words(secret.fragment)
        pending = sorted(definition.pending_seats(state))
        if rng.random() < 0.25:
            clock.shift(dt.timedelta(seconds=game.table.time_per_move + 1))
            with committed():
                sweep()
            continue
        position = pending[0]
        legal = definition.legal_moves(state, position)
        move = definition.bot_move(definition.view(state, position), legal, rng)
        with committed():
            move_submit(game=game, user=users[position], move=move, expected_seq=game.state_seq)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(
    ("slug", "players", "options", "policy"),
    [
        ("resistance-avalon", 5, {}, "default_move"),
        (
            "resistance-avalon",
            7,
            {"percival": True, "morgana": True, "lady_of_the_lake": True},
            "bot",
        ),
        ("toy-secrets", 3, {"rounds": 3}, "default_move"),
    ],
)
def test_no_email_of_a_complete_game_names_a_secret(
    slug: str, players: int, options: dict[str, Any], policy: str, clock: Any, committed: Any
) -> None:
    users = [make_user() for _ in range(players)]
    with committed():
        game = started_game(
            users,
            slug,
            options=options,
            time_per_move=86400,
            timeout_policy=policy,
            bot_after_timeouts=2,
        )
    words = play_out(game, random.Random(players), clock, committed)
    if slug == "resistance-avalon":
        words |= {r.value for r in Role} | {r.label.lower() for r in Role}
        words |= {"good", "evil", "approve", "reject", "success", "fail"}
    words -= {""}
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert len(mail.outbox) >= players * 2  # turn emails and the game-over emails at least
    assert get_game(slug).name in mail.outbox[0].subject
    public = public_lines(game)
    summaries = 0
    for message in mail.outbox:
        body, summary = split_summary(str(message.body))
        assert summary <= public, (summary - public, message.subject)
        summaries += bool(summary)
        text = f"{message.subject}\n{body}".lower()
        for word in words:
            assert not re.search(rf"\b{re.escape(word)}\b", text), (word, message.subject)
    # The turn emails told what happened meanwhile (the toy game words no story).
    assert summaries or slug == "toy-secrets"
