"""A pushed update renders a board that shows only its view model once for every view with
an equal model (games.rendering.SHARED_BOARDS, issue 14): the shared render must be the
very bytes each view's own render gives, through a game played to its end."""

from __future__ import annotations

import random
from typing import Any

import pytest
from django.utils.safestring import mark_safe

from games.engine.core import to_json
from games.log import definition_of, load_state
from games.rendering import (
    SHARED_BOARDS,
    _board,
    fingerprint,
    game_context,
    render_partials,
)
from games.selectors import game_view_for_seat, players_of
from games.services.moves import move_submit

from .conftest import make_user, seat_users, started_game

pytestmark = pytest.mark.django_db


def test_a_fingerprint_tells_safe_strings_apart_and_refuses_other_values() -> None:
    assert fingerprint({"a": ["x", 1, None]}) == fingerprint({"a": ["x", 1, None]})
    assert fingerprint("<b>") != fingerprint(mark_safe("<b>"))
    assert fingerprint(1) != fingerprint(True) != fingerprint(1.0)
    assert fingerprint({"a": object()}) is None
    assert fingerprint({1: "x"}) is None


def test_the_shared_board_is_each_views_own_render() -> None:
    users = [make_user() for _ in range(7)]
    game = started_game(users, slug="resistance-avalon")
    seats = seat_users(game)
    definition = definition_of(game)
    rng = random.Random(7)
    checked = 0
    while game.status == game.Status.PLAYING and checked < 40:
        memo: dict[Any, str] = {}
        players = players_of(game)
        for viewer in [*range(len(seats)), None]:
            feed = {**game_view_for_seat(game, viewer), "players": players}
            context = game_context(feed, csrf_token="t")
            assert context["board_template"] in SHARED_BOARDS
            own = render_partials(context, names=("board",))
            assert _board(context, memo) == own
        assert len(memo) == 1  # every view of The Resistance shares its board
        state = load_state(game, definition)
        seat = min(definition.pending_seats(state))
        move = rng.choice(definition.legal_moves(state, seat))
        move_submit(
            game=game, user=seats[seat], move_json=to_json(move), expected_seq=game.state_seq
        )
        game.refresh_from_db()
        checked += 1
    assert checked >= 20
