"""A move posted by the game page's htmx form is answered with the page's partials
(games.views.play.game_move): the mover's view as the commit built it for the broadcast,
the very partials a fresh read of the game renders, and without reading the game's log or
its chat, which the reply does not show (issue 14: a long game's every move read them
whole again)."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from games.engine.core import to_json
from games.models import Game
from games.rendering import game_context, render_partials
from games.selectors import chat_for, events_after, game_view_for_user
from games.services.chat import chat_post

from .conftest import seat_users
from .page_play import game_at_pages, states_in_play

pytestmark = pytest.mark.django_db

# Each render masks the CSRF token afresh: compared, the forms' tokens are one.
TOKEN = re.compile(r'(name="csrfmiddlewaretoken" value=")[^"]*(")')


def _posted(client: Client, game: Game, move: Any) -> str:
    reply = client.post(
        f"/games/{game.pk}/move/",
        {"expected_seq": game.state_seq, "move": json.dumps(to_json(move))},
        headers={"HX-Request": "true"},
    )
    assert reply.status_code == 200
    return reply.content.decode()


def _fresh(game: Game, user: Any) -> str:
    """The partials of a full read of the game, log and chat included, as the page has them."""
    feed = game_view_for_user(game, user)
    seat = feed["my_seat"]
    log = events_after(game, 0, seat)
    context = game_context(feed, csrf_token="x", log=log, chat=list(chat_for(game.table, seat)))
    return render_partials(context)


@pytest.mark.parametrize(("slug", "players"), [("resistance-avalon", 5), ("jousting-avalon", 3)])
def test_the_reply_to_a_page_move_is_what_a_fresh_read_renders(slug: str, players: int) -> None:
    game, definition, clients = game_at_pages(slug, players)
    users = seat_users(game)
    chat_post(table=game.table, user=users[0], body="Good luck, all.")
    for count, state in enumerate(states_in_play(game, definition, 60)):
        seat = min(definition.pending_seats(state))
        reply = _posted(clients[seat], game, definition.legal_moves(state, seat)[0])
        assert "message--error" not in reply
        game.refresh_from_db()
        assert TOKEN.sub(r"\1\2", reply) == TOKEN.sub(r"\1\2", _fresh(game, users[seat])), count
    assert count > 20


def test_a_page_move_reads_neither_the_log_nor_the_chat() -> None:
    game, definition, clients = game_at_pages("resistance-avalon", 5)
    users = seat_users(game)
    chat_post(table=game.table, user=users[1], body="Who is Merlin?")
    read: list[list[str]] = []
    for state in states_in_play(game, definition, 30):
        seat = min(definition.pending_seats(state))
        with CaptureQueriesContext(connection) as captured:
            _posted(clients[seat], game, definition.legal_moves(state, seat)[0])
        read.append([q["sql"] for q in captured.captured_queries])
    # The move that finishes the game rates it, reading the seats' moves: the others.
    game.refresh_from_db()
    ordinary = read[:-1] if game.status == Game.Status.FINISHED else read
    assert len(ordinary) > 20
    for statements in ordinary:
        assert not [sql for sql in statements if '"games_chatmessage"' in sql], statements
        # The move appends its events; none is read back (the whole log was, every move).
        assert not [sql for sql in statements if 'FROM "games_gameevent"' in sql], statements
    # So a late move costs what an early one does.
    assert max(len(s) for s in ordinary[-8:]) <= max(len(s) for s in ordinary[:8])
