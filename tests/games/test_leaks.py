"""Leak test of the web layer: full games of The Resistance: Avalon for every combination of
special roles, played through the API, with every seat (and a spectator) listening on its
websocket. Nothing a seat receives before the end -- API responses (feed, move results, the
event log), websocket messages, the game page -- may contain a secret of another seat
(secrets(state) of the engine, RA-6..RA-10, RA-13, RA-17, RA-24, RA-W1, RA-W4).

Moves come from the engine's bot (from each seat's own view), so games reach quests, the
Lady of the Lake and assassinations instead of ending on five rejections.
"""

from __future__ import annotations

import itertools
import json
from random import Random
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.test import Client
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from games.engine.core import from_json, get_game, to_json
from games.log import definition_of, load_state
from games.models import Game
from games.routing import websocket_urlpatterns
from tests.engine.contract import leaks

from .conftest import make_user

pytestmark = pytest.mark.django_db(transaction=True)

APP = URLRouter(websocket_urlpatterns)
EVIL_COUNT = {5: 2, 6: 2, 7: 3, 8: 3, 9: 3, 10: 4}


def role_combinations() -> list[tuple[dict[str, bool], int]]:
    """Every set of special roles the box allows (RA-3), with a player count that deals it;
    the counts rotate over 5..10 and the Lady / Targeting options alternate."""
    out = []
    for i, (ma, percival, mordred, morgana, oberon) in enumerate(
        itertools.product([True, False], repeat=5)
    ):
        if percival and not ma:
            continue
        evil = ma + mordred + morgana + oberon
        counts = [n for n in range(5, 11) if EVIL_COUNT[n] >= evil]
        players = counts[i % len(counts)]
        options = {
            "merlin_assassin": ma,
            "percival": percival,
            "mordred": mordred,
            "morgana": morgana,
            "oberon": oberon,
            "lady_of_the_lake": i % 2 == 0,
            "targeting": i % 5 == 0,
        }
        out.append((options, players))
    return out


COMBOS = role_combinations()


def api(user: Any) -> APIClient:
    client = APIClient()
    token, _ = Token.objects.get_or_create(user=user)
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    return client


class Checker:
    """Checks every payload a viewer receives against the secrets of the current state."""

    def __init__(self, game_id: int) -> None:
        self.game = Game.objects.get(pk=game_id)
        self.definition = definition_of(self.game)
        self.checked = 0
        self.refresh()

    def refresh(self) -> None:
        self.game.refresh_from_db()
        self.state = load_state(self.game, self.definition)
        self.over = self.game.status != Game.Status.PLAYING
        self.secrets = self.definition.secrets(self.state)

    def check(self, payload: Any, viewer: int | None, where: str) -> None:
        if self.over:
            return  # RA-23: everything is revealed at the end
        found = leaks(payload, viewer, self.secrets)
        assert not found, f"{where} for seat {viewer} leaks {[s.fragment for s in found]}"
        self.checked += 1


async def receive(sock: WebsocketCommunicator) -> dict[str, Any]:
    """The next message; each move sends every socket exactly one update."""
    return dict(json.loads(await sock.receive_from(timeout=10)))


@pytest.mark.parametrize(
    ("options", "players"),
    COMBOS,
    ids=["-".join(k[:4] for k, v in o.items() if v) + f"-{n}p" for o, n in COMBOS],
)
async def test_no_seat_receives_another_seats_secret(
    options: dict[str, bool], players: int
) -> None:
    @sync_to_async
    def setup() -> tuple[int, dict[int, Any], Any, dict[int, APIClient], dict[int, Client]]:
        users = [make_user() for _ in range(players)]
        host = api(users[0])
        table = host.post(
            "/api/tables/create/",
            {"game": "resistance-avalon", "seat_count": players, "options": options},
            format="json",
        ).json()
        for u in users[1:]:
            api(u).post(f"/api/tables/{table['id']}/join/", {}, format="json")
        game_id = host.post(f"/api/tables/{table['id']}/start/").json()["game_id"]
        game = Game.objects.get(pk=game_id)
        seats = {
            s.position: s.user
            for s in game.table.seats.select_related("user")
            if s.position is not None and s.user is not None
        }
        browsers: dict[int, Client] = {}
        for s, u in seats.items():
            browsers[s] = Client()
            browsers[s].force_login(u)
        return game_id, seats, make_user(), {s: api(u) for s, u in seats.items()}, browsers

    game_id, seats, watcher, clients, browsers = await setup()
    checker = await sync_to_async(Checker)(game_id)
    socks: dict[int | None, WebsocketCommunicator] = {}
    for viewer, user in [*seats.items(), (None, watcher)]:
        sock = WebsocketCommunicator(APP, f"/ws/games/{game_id}/?format=json")
        sock.scope["user"] = user
        assert (await sock.connect(timeout=10))[0]
        socks[viewer] = sock
    for viewer, sock in socks.items():
        checker.check(await receive(sock), viewer, "websocket (connect)")
    definition = get_game("resistance-avalon")
    rng = Random(json.dumps(options) + str(players))

    @sync_to_async
    def step(turn: int) -> bool:
        """One pending seat reads its feed and plays the bot's move through the API."""
        checker.refresh()
        if checker.over:
            return False
        seat = rng.choice(sorted(definition.pending_seats(checker.state)))
        client = clients[seat]
        feed = client.get(f"/api/games/{game_id}/").json()
        checker.check(feed, seat, "GET game")
        legal: list[Any] = [from_json(m) for m in feed["legal_moves"]]
        move = definition.bot_move(feed["view"], legal, rng)
        body = {"expected_seq": feed["seq"], "move": to_json(move)}
        response = client.post(f"/api/games/{game_id}/moves/", body, format="json")
        assert response.status_code == 200, response.content
        checker.refresh()
        checker.check(response.json(), seat, "POST move")
        if turn % 5 == 0:
            # The whole log and the page, for one seat in rotation (each read folds the log).
            viewer = (turn // 5) % players
            log = clients[viewer].get(f"/api/games/{game_id}/events/?after=0").json()
            checker.check(log, viewer, "events")
            page = browsers[viewer].get(f"/games/{game_id}/").content.decode()
            if not checker.over:
                assert "player__role" not in page  # no role badges before the end
                assert page.count("role-card--") == 1  # only the viewer's own card
        return True

    turn = 0
    while await step(turn):
        turn += 1
        for viewer, sock in socks.items():
            message = await receive(sock)
            assert message["type"] == "update"
            checker.check(message, viewer, "websocket")
        assert turn < 600
    for sock in socks.values():
        assert await sock.receive_nothing(timeout=0.1)
        await sock.disconnect()
    assert checker.over
    assert checker.checked > turn
