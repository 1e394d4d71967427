"""Bots at the table (issue 16): the host seats bots when opening a table or before the
start; bots play through move_submit from the `games.bot_turn` task (here eager, with no
delay: tests/conftest.py), see only their seat's view, are marked as bots, and one person
finishes a game of every game with them. Bad input changes nothing.

Transactional tests: the bot turns follow each commit's on-commit steps, as on the site.
"""

from __future__ import annotations

import datetime as dt
import sys
from typing import Any

import pytest
from django.test import Client
from django.utils import timezone

from accounts.models import User
from games.engine.core import all_games, to_json
from games.engine.tools.simulate import counts
from games.log import definition_of, load_state
from games.models import Game, GameEvent, Seat, Table
from games.services import bot_turns, lobby
from games.services.errors import BadOptions, Conflict, Forbidden, NotFound
from games.services.moves import move_submit
from games.services.rematch import rematch_accept
from ratings.models import RatedGame, Rating

from .conftest import make_user

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("eager_tasks")]

# The person picks their moves as a bot would; bound here so a test spying on the bots'
# choices (through the module's attribute) sees only the bots'.
choose = bot_turns.bot_move_choose
SLUGS = sorted(g.slug for g in all_games() if g.slug != "toy-secrets")


def _game_of(table: Table) -> Game:
    return Game.objects.get(table=table)


def _person_plays_to_the_end(game: Game, person: User, limit: int = 3000) -> int:
    """The person makes each of their moves (the bot's pick for their seat, through the
    pages' move path as a player); the bots answer by themselves. Returns the moves made."""
    definition = definition_of(game)
    seat = Seat.objects.get(table_id=game.table_id, user=person).position
    assert seat is not None
    for made in range(limit):
        game.refresh_from_db()
        if game.status != Game.Status.PLAYING:
            return made
        state = load_state(game, definition)
        # The bots have answered: the game waits for the person alone.
        assert definition.pending_seats(state) == {seat}
        move = choose(game, definition, state, seat)
        move_submit(game=game, user=person, move_json=to_json(move), expected_seq=game.state_seq)
    raise AssertionError(f"{game} did not end in {limit} of the person's moves")


def _seat_counts(slug: str) -> list[int]:
    """The fewest and the most seats the game's default options deal."""
    dealt = counts(next(g for g in all_games() if g.slug == slug))
    return sorted({dealt[0], dealt[-1]})


@pytest.mark.parametrize(
    ("slug", "seats"), [(slug, n) for slug in SLUGS for n in _seat_counts(slug)]
)
def test_a_person_alone_finishes_a_game_with_bots(slug: str, seats: int) -> None:
    person = make_user()
    table = lobby.lobby_create(host=person, game_slug=slug, seat_count=seats, bots=seats - 1)
    assert table.seats.filter(user__isnull=True, is_bot=True).count() == seats - 1
    game = lobby.table_start(table=table, by=person)
    made = _person_plays_to_the_end(game, person)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    bot_seats = set(
        Seat.objects.filter(table=table, is_bot=True).values_list("position", flat=True)
    )
    events = GameEvent.objects.filter(game=game, actor_seat__isnull=False)
    by_bots = events.filter(actor_kind=GameEvent.ActorKind.BOT)
    assert set(by_bots.values_list("actor_seat", flat=True)) <= bot_seats
    assert by_bots.exists()
    assert events.filter(actor_kind=GameEvent.ActorKind.PLAYER).count() >= made > 0
    # Ratings (the note): a person alone with bots has nobody rated to play against.
    rated = RatedGame.objects.get(game=game)
    assert rated.teams == []
    assert not Rating.objects.filter(user=person).exists()


def test_a_rematch_of_a_game_with_bots_seats_the_bots_again() -> None:
    person = make_user()
    table = lobby.lobby_create(host=person, game_slug="colovini-avalon", seat_count=2, bots=1)
    game = lobby.table_start(table=table, by=person)
    _person_plays_to_the_end(game, person)
    rematch_accept(game=game, user=person)  # the bot's seat accepts by itself
    new = Table.objects.exclude(pk=table.pk).get()
    assert new.status == Table.Status.PLAYING
    assert new.seats.filter(user__isnull=True, is_bot=True).count() == 1
    assert new.seats.filter(user=person).exists()


def test_bots_added_before_the_start_fill_the_table_and_one_may_be_taken_out() -> None:
    host, friend = make_user(), make_user()
    table = lobby.lobby_create(host=host, game_slug="resistance-avalon", seat_count=5)
    seats = [lobby.table_add_bot(table=table, by=host) for _ in range(3)]
    lobby.table_join(table=table, user=friend, invite_code=table.invite_code)
    with pytest.raises(Conflict):
        lobby.table_add_bot(table=table, by=host)  # full
    lobby.table_remove_bot(table=table, by=host, seat_id=seats[0].pk)
    lobby.table_add_bot(table=table, by=host)
    game = lobby.table_start(table=table, by=host)
    players = {p.position: p for p in Seat.objects.filter(table=table)}
    assert sum(1 for p in players.values() if p.is_bot and p.user_id is None) == 3
    # Two people and three bots: the two people are rated against each other.
    for _ in range(400):
        game.refresh_from_db()
        if game.status != Game.Status.PLAYING:
            break
        definition = definition_of(game)
        state = load_state(game, definition)
        seat = min(definition.pending_seats(state))
        user = players[seat].user
        assert user is not None, "bots never wait for a person"
        move = choose(game, definition, state, seat)
        move_submit(game=game, user=user, move_json=to_json(move), expected_seq=game.state_seq)
    assert game.status == Game.Status.FINISHED


def test_auto_start_table_of_the_host_and_bots_starts_when_opened() -> None:
    host = make_user()
    table = lobby.lobby_create(
        host=host, game_slug="tournament-camelot", seat_count=3, bots=2, auto_start=True
    )
    table.refresh_from_db()
    assert table.status == Table.Status.PLAYING


def test_bad_bot_requests_change_nothing() -> None:
    host, other = make_user(), make_user()
    with pytest.raises(BadOptions):
        lobby.lobby_create(host=host, game_slug="colovini-avalon", seat_count=2, bots=2)
    table = lobby.lobby_create(host=host, game_slug="resistance-avalon", seat_count=5, bots=1)
    lobby.table_join(table=table, user=other, invite_code=table.invite_code)
    with pytest.raises(Forbidden):
        lobby.table_add_bot(table=table, by=other)
    bot = Seat.objects.get(table=table, user__isnull=True)
    with pytest.raises(Forbidden):
        lobby.table_remove_bot(table=table, by=other, seat_id=bot.pk)
    person = Seat.objects.get(table=table, user=other)
    with pytest.raises(NotFound):
        lobby.table_remove_bot(table=table, by=host, seat_id=person.pk)  # not a bot
    assert Seat.objects.filter(table=table).count() == 3
    lobby.table_add_bot(table=table, by=host)
    lobby.table_add_bot(table=table, by=host)
    lobby.table_start(table=table, by=host)
    with pytest.raises(Conflict):
        lobby.table_add_bot(table=table, by=host)  # started
    with pytest.raises(Conflict):
        lobby.table_remove_bot(table=table, by=host, seat_id=bot.pk)


def test_bot_pages_and_bad_posts_give_clear_answers() -> None:
    host, other = make_user(), make_user()
    client = Client()
    client.force_login(host)
    page = client.get("/tables/new/?game=resistance-avalon")
    assert 'name="bots"' in page.content.decode()
    response = client.post(
        "/tables/new/",
        {
            "game": "resistance-avalon",
            "seat_count": 5,
            "bots": 5,
            "visibility": "public",
            "time_per_move": 86400,
            "timeout_policy": "default_move",
        },
    )
    assert response.status_code == 200
    assert "fewer bots" in response.content.decode()
    assert not Table.objects.exists()
    response = client.post(
        "/tables/new/",
        {
            "game": "resistance-avalon",
            "seat_count": 5,
            "bots": 2,
            "visibility": "public",
            "time_per_move": 86400,
            "timeout_policy": "default_move",
        },
    )
    table = Table.objects.get()
    assert response.status_code == 302
    html = client.get(f"/tables/{table.pk}/").content.decode()
    assert html.count("seat-row--bot") == 2
    assert "Add a bot" in html
    client.post(f"/tables/{table.pk}/bots/add/")
    assert table.seats.filter(is_bot=True).count() == 3
    for bogus in ("", "x", "999999"):
        response = client.post(f"/tables/{table.pk}/bots/remove/", {"seat_id": bogus})
        assert response.status_code in (302, 404)
    assert table.seats.filter(is_bot=True).count() == 3
    stranger = Client()
    stranger.force_login(other)
    stranger.post(f"/tables/{table.pk}/bots/add/")
    assert table.seats.count() == 4
    assert "Add a bot" not in stranger.get(f"/tables/{table.pk}/").content.decode()
    bot = table.seats.filter(is_bot=True).first()
    assert bot is not None
    client.post(f"/tables/{table.pk}/bots/remove/", {"seat_id": bot.pk})
    assert table.seats.filter(is_bot=True).count() == 2


def test_the_api_opens_a_table_with_bots_and_refuses_too_many() -> None:
    host = make_user()
    client = Client()
    client.force_login(host)
    body = {"game": "jousting-avalon", "seat_count": 4, "bots": 3, "auto_start": True}
    response = client.post("/api/tables/create/", body, content_type="application/json")
    assert response.status_code == 201
    table = Table.objects.get(pk=response.json()["id"])
    assert table.status == Table.Status.PLAYING
    assert table.seats.filter(user__isnull=True, is_bot=True).count() == 3
    seats = client.get(f"/api/tables/{table.pk}/").json()["seats"]
    assert sorted(s["is_bot"] for s in seats) == [False, True, True, True]
    too_many = {"game": "jousting-avalon", "seat_count": 4, "bots": 4}
    response = client.post("/api/tables/create/", too_many, content_type="application/json")
    assert response.status_code == 400
    assert "fewer bots" in response.content.decode()
    assert Table.objects.count() == 1


def test_a_bot_reads_only_its_seat_view(monkeypatch: Any) -> None:
    seen: list[tuple[int, dict[str, Any]]] = []
    real = bot_turns.bot_move_choose

    def spy(game: Game, definition: Any, state: Any, position: int) -> Any:
        original = definition.bot_move

        def bot_move(view: Any, legal: Any, rng: Any) -> Any:
            seen.append((position, view))
            assert view == definition.view(state, position)
            return original(view, legal, rng)

        monkeypatch.setattr(definition, "bot_move", bot_move)
        try:
            return real(game, definition, state, position)
        finally:
            monkeypatch.setattr(definition, "bot_move", original)

    monkeypatch.setattr(bot_turns, "bot_move_choose", spy)
    person = make_user()
    table = lobby.lobby_create(host=person, game_slug="resistance-avalon", seat_count=5, bots=4)
    _person_plays_to_the_end(lobby.table_start(table=table, by=person), person)
    assert seen, "the bots played"
    assert {position for position, _ in seen} <= set(
        Seat.objects.filter(table=table, is_bot=True).values_list("position", flat=True)
    )


def test_a_chain_of_bot_moves_does_not_nest(monkeypatch: Any) -> None:
    """From the person's first move, the bots play dozens of moves in a row; each is played
    at the same stack depth (a loop, not one commit inside the previous one's step)."""
    depths: list[int] = []
    real = bot_turns.bot_turn_play

    def measured(game_id: int, seq: int) -> bool:
        frame, depth = sys._getframe(), 0
        while frame is not None:
            frame, depth = frame.f_back, depth + 1  # type: ignore[assignment]
        depths.append(depth)
        return real(game_id, seq)

    from games import tasks

    monkeypatch.setattr(tasks, "bot_turn_play", measured)
    person = make_user()
    table = lobby.lobby_create(host=person, game_slug="jousting-avalon", seat_count=6, bots=5)
    game = lobby.table_start(table=table, by=person)
    _person_plays_to_the_end(game, person)
    assert len(depths) > 20
    assert max(depths) - min(depths) <= 20, "bot turns nest inside each other"


def test_with_a_worker_the_bot_turn_is_queued_with_the_delay(
    monkeypatch: Any, settings: Any
) -> None:
    """Production (tasks not eager): one task per commit that leaves a bot pending, with
    the delay as countdown and the seq it answers; the seat's deadline is the same delay
    (the sweeper's backstop). A task whose seq is gone does nothing."""
    from games import tasks

    settings.BOT_MOVE_DELAY_SECONDS = 5
    queued: list[tuple[tuple[int, int], float]] = []
    monkeypatch.setattr(
        tasks.bot_turn_task,
        "apply_async",
        lambda args, countdown: queued.append((tuple(args), countdown)),
    )
    person = make_user()
    table = lobby.lobby_create(host=person, game_slug="resistance-avalon", seat_count=5, bots=4)
    before = timezone.now()
    conf = tasks.bot_turn_task.app.conf
    conf.task_always_eager = False
    try:
        game = lobby.table_start(table=table, by=person)
        seat = Seat.objects.get(table=table, user=person).position
        if seat in definition_of(game).pending_seats(load_state(game)):
            # The person leads the first quest: their proposal puts the bots to the vote.
            state = load_state(game)
            move = choose(game, definition_of(game), state, seat)
            move_submit(game=game, user=person, move=move, expected_seq=game.state_seq)
    finally:
        conf.task_always_eager = True
    game.refresh_from_db()
    pending_bots = Seat.objects.filter(
        table=table, is_bot=True, position__in=definition_of(game).pending_seats(load_state(game))
    )
    assert pending_bots.exists()
    assert queued[-1] == ((game.pk, game.state_seq), 5.0)
    for bot in pending_bots:
        assert bot.deadline_at is not None
        assert bot.deadline_at - before >= dt.timedelta(seconds=5)
    assert not bot_turns.bot_turn_play(game.pk, game.state_seq - 1)  # stale: nothing
    assert bot_turns.bot_turn_play(game.pk, game.state_seq)
