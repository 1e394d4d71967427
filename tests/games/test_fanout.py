"""The game page's live updates are rendered once per view in the process that committed
(issue 14): every spectator's socket gets the one spectators' render, a seat's socket its
seat's render with its own CSRF token put in, and no socket reads the database on a push.
A view nobody was known to watch is neither rendered nor sent; its socket catches up from
the database at its heartbeat. With nobody watching, a move renders and sends nothing."""

from __future__ import annotations

from typing import Any

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator

from games.consumers import GameConsumer
from games.engine.core import to_json
from games.log import definition_of, load_state
from games.models import Presence
from games.rendering import CSRF_SLOT
from games.services import broadcast

from .conftest import make_user
from .test_consumers import APP, connect, next_json, play, setup_game

pytestmark = pytest.mark.django_db(transaction=True)


def tok(name: str) -> str:
    """A CSRF token of Django's form (32 letters and digits), told apart by `name`."""
    return name.ljust(32, "x")


async def html_socket(game_id: int, user: Any, csrf: str) -> WebsocketCommunicator:
    comm = WebsocketCommunicator(APP, f"/ws/games/{game_id}/")
    comm.scope["user"] = user
    comm.scope["cookies"] = {"csrftoken": csrf}
    connected, _ = await comm.connect(timeout=10)
    assert connected
    assert 'id="board"' in await comm.receive_from(timeout=5)  # the whole page state
    return comm


async def next_update(comm: WebsocketCommunicator) -> str:
    """The next pushed game update (presence notices re-render only the players panel)."""
    for _ in range(20):
        html = str(await comm.receive_from(timeout=5))
        if 'id="board"' in html:
            return html
    raise AssertionError("no update")


@pytest.fixture
def renders(monkeypatch: pytest.MonkeyPatch) -> list[set[Any]]:
    """The views each broadcast rendered."""
    out: list[set[Any]] = []
    render = broadcast._page_renderer[0]

    def recording(*args: Any) -> dict[Any, str]:
        html = render(*args)
        out.append(set(html))
        return html

    monkeypatch.setattr(broadcast, "_page_renderer", [recording])
    return out


@pytest.fixture
def reads_on_push(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Each time a socket fell back to reading the game from the database."""
    calls: list[str] = []
    send_missed = GameConsumer._send_missed

    async def recording(self: GameConsumer) -> None:
        calls.append(self.group)
        await send_missed(self)

    monkeypatch.setattr(GameConsumer, "_send_missed", recording)
    return calls


async def _first_move(game: Any) -> tuple[int, dict[str, Any]]:
    definition = await sync_to_async(definition_of)(game)
    state = await sync_to_async(load_state)(game, definition)
    leader = min(definition.pending_seats(state))
    return leader, to_json(definition.legal_moves(state, leader)[0])


async def test_spectators_share_one_render_and_sockets_only_forward(
    renders: list[set[Any]], reads_on_push: list[str]
) -> None:
    game, seats = await setup_game(5, "resistance-avalon")
    seat0 = await html_socket(game.pk, seats[0], tok("seat0"))
    watchers = [
        await html_socket(game.pk, await sync_to_async(make_user)(), tok(f"watcher{i}"))
        for i in range(3)
    ]
    leader, move = await _first_move(game)
    await play(game, seats[leader], move)

    # One render per watched view: seat 0 (online) and the spectators; no other seat.
    assert renders == [{0, None}]
    mine = await next_update(seat0)
    assert f'name="csrfmiddlewaretoken" value="{tok("seat0")}"' in mine  # its vote form
    theirs = [await next_update(w) for w in watchers]
    for i, html in enumerate(theirs):
        assert CSRF_SLOT not in html
        assert html.replace(tok(f"watcher{i}"), "T") == theirs[0].replace(tok("watcher0"), "T")
    assert CSRF_SLOT not in mine
    assert 'id="clock"' in mine  # other apps' panels ride along
    assert reads_on_push == []  # nobody read the database for the push
    for sock in [seat0, *watchers]:
        await sock.disconnect()


async def test_a_socket_nobody_knew_of_is_sent_nothing_and_catches_up_at_its_heartbeat(
    renders: list[set[Any]], reads_on_push: list[str], settings: Any
) -> None:
    settings.GAME_SOCKET_HEARTBEAT_SECONDS = 0.2
    game, seats = await setup_game(5, "resistance-avalon")
    seat1 = await html_socket(game.pk, seats[1], tok("seat1"))
    # Its presence row is gone (say the database missed it): the broadcast does not know
    # seat 1 listens, so it neither renders nor sends its view.
    await sync_to_async(Presence.objects.filter(user=seats[1]).delete)()
    leader, move = await _first_move(game)
    await play(game, seats[leader], move)

    assert renders == []  # nobody else watches: nothing rendered
    html = await next_update(seat1)  # its heartbeat found the game past what it sent
    assert "Proposed team" in html
    assert reads_on_push == [broadcast.seat_group(game.pk, 1)]
    await seat1.disconnect()


async def test_with_nobody_listening_a_move_sends_nothing(
    renders: list[set[Any]], monkeypatch: pytest.MonkeyPatch
) -> None:
    game, seats = await setup_game(5, "resistance-avalon")
    sent: list[Any] = []
    monkeypatch.setattr(broadcast, "_send_all", sent.extend)
    leader, move = await _first_move(game)
    await play(game, seats[leader], move)
    assert renders == []
    assert sent == []  # no group of the game: not one trip to the channel layer


async def test_a_programs_json_socket_is_sent_the_json_and_costs_no_render(
    renders: list[set[Any]], reads_on_push: list[str]
) -> None:
    """Only a socket showing the game page costs its view a render: a program reading the
    JSON (?format=json, as a seat or a spectator) is sent the update all the same. Once the
    same player opens the page too, their seat's view is rendered again."""
    game, seats = await setup_game(5, "resistance-avalon")
    seat0 = await connect(game.pk, seats[0])  # format=json
    watcher = await connect(game.pk, await sync_to_async(make_user)())
    for sock in (seat0, watcher):
        assert (await next_json(sock))["events"] == []  # the state as it connected
    leader, move = await _first_move(game)
    await play(game, seats[leader], move)

    assert renders == []  # nobody shows the page: no HTML made
    committed = await sync_to_async(type(game).objects.get)(pk=game.pk)
    for sock in (seat0, watcher):
        update = await next_json(sock)
        assert update["game"]["seq"] == committed.state_seq
        assert update["events"]

    page = await html_socket(game.pk, seats[0], tok("seat0"))
    definition = await sync_to_async(definition_of)(committed)
    state = await sync_to_async(load_state)(committed, definition)
    await play(committed, seats[0], to_json(definition.legal_moves(state, 0)[0]))  # a vote
    assert renders == [{0}]  # seat 0's page; the JSON spectator still costs none
    assert 'id="board"' in await next_update(page)
    committed = await sync_to_async(type(game).objects.get)(pk=game.pk)
    assert (await next_json(seat0))["game"]["seq"] == committed.state_seq
    assert (await next_json(watcher))["game"]["seq"] == committed.state_seq
    assert reads_on_push == []
    for sock in (seat0, watcher, page):
        await sock.disconnect()
