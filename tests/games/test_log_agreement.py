"""Issue 13: one fold-and-redact function (games.redaction.log_as_seen) feeds every reader of
the log, so the four that show it agree for the same viewer: the broadcast after each move,
the events selector (API, game page, websocket catch-up), the replay page and the
moderators' full log. Seats see their own votes and only that others voted (RA-W1)."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from games.engine.core import JSON
from games.models import Game
from games.rendering import log_lines
from games.selectors import events_after, game_view_for_seat, players_of
from games.services import broadcast

from .conftest import make_user, play_pending_once, started_game

pytestmark = pytest.mark.django_db(transaction=True)

VIEWERS: list[int | None] = [0, 1, 2, None]


def _play_recording_pushes(
    monkeypatch: pytest.MonkeyPatch,
) -> tuple[Game, int, dict[int | None, list[dict[str, JSON]]]]:
    """A toy game played to its end; returns it, the seq it had when started and the
    events each viewer's channel group was pushed by the broadcast meanwhile."""
    players = [make_user() for _ in range(3)]
    game = started_game(players)
    start_seq = game.state_seq
    groups = {
        broadcast.seat_group(game.pk, seat)
        if seat is not None
        else broadcast.spectator_group(game.pk): seat
        for seat in VIEWERS
    }
    pushed: dict[int | None, list[dict[str, JSON]]] = {seat: [] for seat in VIEWERS}

    def record(messages: list[tuple[str, dict[str, Any]]]) -> None:
        for group, message in messages:
            if message["type"] == "game.update":
                pushed[groups[group]].extend(message["payload"]["events"])

    monkeypatch.setattr(broadcast, "_send_all", record)
    # Every viewer has a socket open (a group nobody listens to is not sent to); none is
    # rendered: the payloads are what this test reads.
    monkeypatch.setattr(broadcast, "_listening", lambda game, seats: (set(VIEWERS), {}))
    while play_pending_once(game):
        pass
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    return game, start_seq, pushed


def test_broadcast_selector_replay_and_admin_log_show_the_same_log(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from tests.moderation.conftest import make_moderator

    game, start_seq, pushed = _play_recording_pushes(monkeypatch)
    players = players_of(game)

    for seat in VIEWERS:
        # The broadcast pushed each viewer exactly what the selector reads back for it.
        assert pushed[seat]
        assert pushed[seat] == events_after(game, start_seq, seat)

    # Redaction is real: seat 0 sees its own vote and not seat 1's (RA-W1).
    votes = [e["event"] for e in events_after(game, 0, 0) if e["type"] == "toy.vote_cast"]
    assert any(v["seat"] == 0 and "vote" in v for v in votes)
    assert all("vote" not in v for v in votes if v["seat"] == 1)

    # The replay page, seat by seat and with everything revealed, renders the same lines.
    client = Client()
    client.force_login(make_user())
    for seat in [0, 1, 2]:
        page = client.get(f"/games/{game.pk}/replay/?as={seat}")
        feed = {**game_view_for_seat(game, seat), "players": players}
        assert page.context["log"] == log_lines(feed, events_after(game, 0, seat))
    page = client.get(f"/games/{game.pk}/replay/?as=all")
    feed = {**game_view_for_seat(game, None), "players": players}
    revealed = events_after(game, 0, None, reveal=True)
    assert page.context["log"] == log_lines(feed, revealed)

    # The moderators' full log is the revealed log, entry for entry.
    moderator = Client()
    moderator.force_login(make_moderator())
    admin_log = moderator.get(f"/admin/games/game/{game.pk}/log/")
    assert [row["entry"] for row in admin_log.context["rows"]] == revealed
    assert any("vote" in e["event"] for e in revealed if e["type"] == "toy.vote_cast")
