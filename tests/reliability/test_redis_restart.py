"""R2: Redis restarted in the middle of a game.

The site runs under uvicorn on PostgreSQL with channels-redis on a private redis-server;
every seat has a JSON websocket client and a page (HTML) client. Redis is shut down
(`shutdown nosave`): moves over the HTTP API still commit (the broadcast after the commit
fails and must not turn a committed move into an error) and /healthz says 503. Redis comes
back empty on the same port, so channels-redis has forgotten every group membership: every
client must still end at the database's seq, with every event exactly once.
"""

from __future__ import annotations

import time
import uuid

import pytest

from games.models import Game, GameEvent
from tests.clock.procs import needs_postgres, wait_for
from tests.games.conftest import make_user, seat_users, started_game

from .clients import HtmlClient, JsonClient
from .conftest import api_token, session_cookie
from .procs import RedisServer, http

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True), needs_postgres]

SEATS = 3
# The socket's heartbeat (settings.GAME_SOCKET_HEARTBEAT_SECONDS), shortened for the test.
HEARTBEAT = "1"


def vote_round(base: str, game: Game, tokens: dict[int, str]) -> list[int]:
    """Every seat votes once over the HTTP API; returns the statuses."""
    statuses = []
    for seat in range(SEATS):
        game.refresh_from_db()
        status, body = http(
            base,
            "POST",
            f"/api/games/{game.pk}/moves/",
            {
                "move": {"type": "toy.vote", "choice": "up"},
                "expected_seq": game.state_seq,
                "idempotency_key": uuid.uuid4().hex,
            },
            token=tokens[seat],
        )
        assert status != 500, body
        statuses.append(status)
    return statuses


def test_clients_resync_after_a_redis_restart(redis_server: RedisServer, site_factory) -> None:
    game = started_game([make_user() for _ in range(SEATS)], options={"rounds": 5})
    users = seat_users(game)
    tokens = {seat: api_token(user) for seat, user in users.items()}
    site = site_factory(redis_server.url(), GAME_SOCKET_HEARTBEAT_SECONDS=HEARTBEAT)
    start_seq = game.state_seq
    clients: list[JsonClient | HtmlClient] = []
    for seat, user in users.items():
        cookie = session_cookie(user)
        clients.append(JsonClient(site.port, game.pk, cookie, f"json-{seat}"))
        clients.append(HtmlClient(site.port, game.pk, cookie, f"html-{seat}"))
    for client in clients:
        client.start()

    def db_seq() -> int:
        game.refresh_from_db()
        return game.state_seq

    def all_in_step(timeout: float) -> float:
        """Seconds until every client shows the database's seq (fails after `timeout`)."""
        began, seq = time.monotonic(), db_seq()
        in_step = wait_for(lambda: all(c.seq == seq for c in clients), timeout, every=0.05)
        assert in_step, ([(c.name, c.seq, c.closes) for c in clients], seq, site.logs())
        return time.monotonic() - began

    try:
        all_in_step(60)
        assert vote_round(site.base, game, tokens) == [200] * SEATS
        all_in_step(30)
        # Every socket is open and quiet, one of them waiting on Redis for the process: the
        # health check's round trip still comes through.
        assert http(site.base, "GET", "/healthz")[0] == 200, site.logs()

        # Redis goes away: moves still commit, the health check says so, and open pages
        # still catch up (from the database, at the heartbeat).
        redis_server.shutdown()
        assert http(site.base, "GET", "/healthz")[0] == 503
        began = time.monotonic()
        down = vote_round(site.base, game, tokens) + vote_round(site.base, game, tokens)
        (time.monotonic() - began) / len(down)
        assert down == [200] * 2 * SEATS, site.logs()
        # A page opened while Redis is down still gets the game (and joins later).
        late = JsonClient(site.port, game.pk, session_cookie(users[0]), "json-late")
        clients.append(late)
        late.start()
        db_seq() - start_seq - SEATS - 1  # a round: 3 votes + reveal
        assert GameEvent.objects.filter(game=game).count() == db_seq()
        all_in_step(30)
        assert http(site.base, "GET", "/healthz")[0] == 503

        # Back, empty: no group has a member left. The heartbeat re-joins them.
        redis_server.start()
        assert wait_for(lambda: http(site.base, "GET", "/healthz")[0] == 200, 30), site.logs()
        assert vote_round(site.base, game, tokens) == [200] * SEATS
        all_in_step(30)

        # A restart too quick for the sockets to notice: memberships vanish silently.
        redis_server.shutdown()
        redis_server.start()
        assert vote_round(site.base, game, tokens) == [200] * SEATS
        all_in_step(30)
    finally:
        for client in clients:
            client.stop()

    final = db_seq()
    assert game.status == Game.Status.FINISHED
    assert GameEvent.objects.filter(game=game).count() == final
    expected = list(range(start_seq + 1, final + 1))
    late_seen = late.event_seqs
    assert late_seen == list(range(final - len(late_seen) + 1, final + 1))
    assert late_seen
    for client in clients:
        assert client.seq == final, client.name
        if client is late:
            continue
        if isinstance(client, JsonClient):
            assert client.event_seqs == expected, client.name  # each event once, in order
        else:
            assert len(client.log) == len(set(client.log)), (client.name, client.log)
            assert set(expected) <= set(client.log), (client.name, client.log)
