"""SQL queries per move, per game (issue 14): a move reads the game and its seats once and
every step of the commit reuses them, so an ordinary move costs at most MOVE_QUERIES
statements, whatever the game and whoever watches it; the broadcast renders the watched
views from what the move read (no query per viewer).

Counted: what `move_submit` runs, its commit and the steps after the commit (broadcast
with the HTML render of the watched views) included; transaction control (BEGIN, COMMIT,
savepoints) aside. Celery tasks are recorded instead of run: in production they run in the
worker, not in the request (notifications, a player's first move of a week's vacation
allowance). The move that finishes a game also rates it, in its transaction by design
(ratings.services): its bound adds the rating's reads and writes per player.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from avalon_site import task_publish
from games.engine.core import to_json
from games.log import definition_of, load_state
from games.models import Game, Presence
from games.services import broadcast
from games.services.moves import move_submit
from games.services.presence import spectators_touch
from notifications import outbox

from .conftest import make_user, play_first_move, seat_users, started_game

pytestmark = pytest.mark.django_db(transaction=True)

MOVE_QUERIES = 8
# The finishing move also writes the table's status and clears every deadline; its pushed
# pages show the finished game's panels: the rating changes (read once) and the rematch
# (its row and the seats, read once for every watched view); and it rates the game
# (ratings.services.game_rate, in the transaction by design): the seats' moves (one read:
# the seats are the move's, and a game this move finishes is not rated yet) and the record;
# then, for the all-time table and the season's, the players' ratings locked in one read,
# created at once on a first game and read again, and updated in one statement, whatever
# the number of players.
FINISH_QUERIES = 2 + 2 + 2
RATING_QUERIES = 2 + 2 * 4

GAMES = [
    ("resistance-avalon", 5),
    ("resistance-avalon", 10),
    ("tournament-camelot", 3),
    ("tournament-avalon", 4),
    ("colovini-avalon", 2),
    ("jousting-avalon", 3),
]
CONTROL = ("BEGIN", "COMMIT", "ROLLBACK", "SAVEPOINT", "RELEASE SAVEPOINT")


@pytest.fixture
def queued(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Celery tasks a move queues (avalon_site.task_publish), recorded instead of published
    (the worker runs them); and the outbox's relay, which the worker's beat runs in
    production and a move runs after its commit only where tasks run in-process."""
    names: list[str] = []
    monkeypatch.setattr(task_publish, "task_delay", lambda task, *args: names.append(task.name))
    monkeypatch.setattr(outbox, "notices_relay", lambda: names.append("notifications.relay"))
    return names


@pytest.fixture
def rendered(monkeypatch: pytest.MonkeyPatch) -> list[dict[Any, str]]:
    """The HTML each broadcast rendered, per viewer."""
    out: list[dict[Any, str]] = []
    render = broadcast._page_renderer[0]

    def recording(*args: Any) -> dict[Any, str]:
        html = render(*args)
        out.append(html)
        return html

    monkeypatch.setattr(broadcast, "_page_renderer", [recording])
    return out


def _statements(captured: CaptureQueriesContext) -> list[str]:
    return [q["sql"] for q in captured.captured_queries if not q["sql"].startswith(CONTROL)]


def _play_counting(game: Game) -> list[tuple[int, list[str]]]:
    """Play `game` to its end (each pending seat its first legal move), watched by a
    spectator's socket (its heartbeat keeps the game marked): per move, the seq before it
    and the statements it ran."""
    users = seat_users(game)
    counts: list[tuple[int, list[str]]] = []
    while True:
        spectators_touch(game.pk)
        game = Game.objects.select_related("table").get(pk=game.pk)
        if game.status != Game.Status.PLAYING:
            return counts
        definition = definition_of(game)
        state = load_state(game, definition)
        seat = min(definition.pending_seats(state))
        move = to_json(definition.legal_moves(state, seat)[0])
        with CaptureQueriesContext(connection) as captured:
            move_submit(game=game, user=users[seat], move_json=move, expected_seq=game.state_seq)
        counts.append((game.state_seq, _statements(captured)))


@pytest.mark.parametrize(("slug", "players"), GAMES)
def test_every_move_runs_at_most_eight_queries(
    slug: str, players: int, queued: list[str], rendered: list[dict[Any, str]]
) -> None:
    game = started_game([make_user() for _ in range(players)], slug)
    # Watched as on a live site: seat 0's player has the page open, and spectators watch
    # this public table (the spectators' view is rendered too).
    Presence.objects.create(game=game, user=seat_users(game)[0], channel_name="test!seat0")
    moves = _play_counting(game)

    *ordinary, (_, finishing) = moves
    assert ordinary
    over = [(seq, len(sql), sql) for seq, sql in ordinary if len(sql) > MOVE_QUERIES]
    assert not over, over[0]
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert len(finishing) <= MOVE_QUERIES + FINISH_QUERIES + RATING_QUERIES, finishing
    # Every move rendered the two watched views (seat 0 and the spectators) and no other.
    assert len(rendered) == len(moves)
    assert all(set(html) == {0, None} for html in rendered)
    # A change owing notices marks its game in the game's own UPDATE, no statement more
    # (notifications.outbox); no move queues a task for them.
    marked = [sql for _, sqls in moves for sql in sqls if '"notices_owed"' in sql]
    assert marked
    assert all('"state_seq"' in sql for sql in marked)
    assert not {"notifications.game_changed", "notifications.games_changed"} & set(queued)


def test_a_move_asks_the_cache_nothing_watched_or_not(
    monkeypatch: pytest.MonkeyPatch, queued: list[str], rendered: list[dict[Any, str]]
) -> None:
    """Issue 14, B1: whether spectators watch is read inside the move's seats' read
    (games.models.SpectatorMark), not asked of the cache (Redis in production) at every
    move; so a move makes no trip to the cache at all, with or without spectators, and
    still renders and sends the spectators' view while they watch."""
    from django.core.cache import caches

    game = started_game([make_user() for _ in range(5)])
    users = seat_users(game)
    asked: list[str] = []
    cache = caches["default"]
    for name in ("get", "get_many", "set", "set_many", "add", "incr", "delete", "has_key"):
        method = getattr(cache, name)

        def recording(*args: Any, _name: str = name, _method: Any = method, **kwargs: Any) -> Any:
            asked.append(_name)
            return _method(*args, **kwargs)

        monkeypatch.setattr(cache, name, recording)

    play_first_move(game, users)  # nobody watches: nothing rendered
    assert rendered == []
    spectators_touch(game.pk)
    asked.clear()
    play_first_move(game, users)  # a spectator's page is open: the spectators' view is rendered
    assert [set(html) for html in rendered] == [{None}]
    assert asked == []
