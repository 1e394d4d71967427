"""Rating games on their end (ratings.services): a finished game is rated once, in the
transaction that finishes it; Resistance sides as teams; voided, aborted and abandoned
games are never rated; voiding a rated game refolds the ratings as if it had not been
played; a seat a bot played for most of the game is not rated; pages show the ratings."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
import time_machine
from django.test import Client
from openskill.models import PlackettLuce

from clock.sweeper import sweep
from games.engine.core import to_json
from games.log import definition_of, load_state
from games.models import Game, GameEvent
from games.services.moves import move_submit
from moderation.services.games import game_abort, game_void
from ratings.models import RatedGame, Rating
from ratings.services import game_rate
from ratings.skill import MU, SIGMA, rate
from tests.clock.helpers import vote
from tests.games import toygame  # noqa: F401  (registers "toy-secrets")
from tests.games.conftest import make_user, seat_users, started_game
from tests.moderation.conftest import make_moderator

pytestmark = pytest.mark.django_db


def finish_toy(game: Game) -> Game:
    """Every seat votes once (one round): the highest card wins."""
    game.refresh_from_db()
    for position in sorted(seat_users(game)):
        vote(game, position)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    return game


def rating(user: Any, slug: str = "toy-secrets") -> Rating | None:
    return Rating.objects.filter(user=user, game_slug=slug).first()


def test_a_finished_game_is_rated_once_winner_up_losers_down() -> None:
    users = [make_user() for _ in range(3)]
    game = finish_toy(started_game(users, options={"rounds": 1}))
    [winner] = (game.outcome or {})["winners"]
    seats = seat_users(game)
    rated = RatedGame.objects.get(game=game)
    assert rated.ranks == [1 if p == winner else 2 for p in sorted(seats)]
    for position, user in seats.items():
        r = rating(user)
        assert r is not None
        assert r.games == 1
        assert (r.mu > MU) == (position == winner)
    before = {u.pk: (rating(u).mu, rating(u).games) for u in users}  # type: ignore[union-attr]
    assert game_rate(game) is None  # idempotent: a second call changes nothing
    assert {u.pk: (rating(u).mu, rating(u).games) for u in users} == before  # type: ignore[union-attr]
    assert RatedGame.objects.filter(game=game).count() == 1


def test_resistance_rates_the_winning_side_against_the_losing_side() -> None:
    users = [make_user() for _ in range(5)]
    game = started_game(users, slug="resistance-avalon")
    definition = definition_of(game)
    seats = seat_users(game)
    while game.status == Game.Status.PLAYING:
        state = load_state(game, definition)
        seat = min(definition.pending_seats(state))
        move = to_json(definition.legal_moves(state, seat)[0])
        move_submit(game=game, user=seats[seat], move_json=move, expected_seq=game.state_seq)
        game.refresh_from_db()
    winners = set((game.outcome or {})["winners"])
    rated = RatedGame.objects.get(game=game)
    assert rated.ranks == [1, 2]
    assert sorted(rated.teams[0]) == sorted(seats[p].pk for p in winners)
    assert sorted(rated.teams[1]) == sorted(seats[p].pk for p in seats if p not in winners)
    model = PlackettLuce(mu=MU, sigma=SIGMA)
    fresh = [[model.rating() for _ in team] for team in rated.teams]
    expected = model.rate(fresh, ranks=[1, 2])
    for team, new_team in zip(rated.teams, expected, strict=True):
        for user_id, new in zip(team, new_team, strict=True):
            row = Rating.objects.get(user_id=user_id, game_slug="resistance-avalon")
            assert row.mu == pytest.approx(new.mu)
            assert row.sigma == pytest.approx(new.sigma)


@pytest.mark.parametrize("close", [game_void, game_abort])
def test_a_game_closed_by_a_moderator_in_play_is_never_rated(close) -> None:
    users = [make_user() for _ in range(2)]
    game = started_game(users, options={"rounds": 1})
    close(game=game, by=make_moderator(), reason="test")
    assert not RatedGame.objects.exists()
    assert not Rating.objects.exists()


def test_an_abandoned_game_is_never_rated() -> None:
    start = dt.datetime(2026, 11, 18, 12, 0, tzinfo=dt.UTC)
    with time_machine.travel(start, tick=False) as clock:
        users = [make_user() for _ in range(2)]
        game = started_game(users, time_per_move=3600, timeout_policy="abandon")
        clock.shift(dt.timedelta(hours=1, seconds=1))
        sweep()
        clock.shift(dt.timedelta(hours=1))
        sweep()
    game.refresh_from_db()
    assert game.status == Game.Status.ABORTED
    assert not RatedGame.objects.exists()
    assert not Rating.objects.exists()


def test_voiding_a_rated_game_refolds_the_ratings_without_it() -> None:
    users = [make_user() for _ in range(2)]
    first = finish_toy(started_game(users, options={"rounds": 1}))
    second = finish_toy(started_game(users, options={"rounds": 1}))
    game_void(game=first, by=make_moderator(), reason="collusion")
    assert RatedGame.objects.get(game=first).voided_at is not None
    # As if only the second game had been played: fresh ratings updated by its result.
    rated = RatedGame.objects.get(game=second)
    expected = rate([[(MU, SIGMA)] for _ in rated.teams], rated.ranks)
    for [user_id], [(mu, sigma)] in zip(rated.teams, expected, strict=True):
        row = Rating.objects.get(user_id=user_id, game_slug="toy-secrets")
        assert row.games == 1
        assert row.mu == pytest.approx(mu)
        assert row.sigma == pytest.approx(sigma)
    game_void(game=second, by=make_moderator("gawain"), reason="collusion")
    assert not Rating.objects.filter(games__gt=0).exists()


def test_a_seat_a_bot_played_for_most_of_the_game_is_not_rated() -> None:
    users = [make_user() for _ in range(3)]
    game = started_game(users, options={"rounds": 2})
    seats = seat_users(game)
    for _ in range(2):
        for position in sorted(seats):
            game.refresh_from_db()
            if position == 2:  # a bot plays seat 2 throughout
                move_submit(
                    game=game,
                    seat=2,
                    move_json={"type": "toy.vote", "choice": "up"},
                    expected_seq=game.state_seq,
                    actor_kind=GameEvent.ActorKind.BOT,
                )
            else:
                vote(game, position)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    rated = RatedGame.objects.get(game=game)
    assert sorted(u for [u] in rated.teams) == sorted([seats[0].pk, seats[1].pk])
    assert rating(seats[2]) is None


def test_the_profile_and_the_leaderboard_show_ratings() -> None:
    users = [make_user() for _ in range(2)]
    game = finish_toy(started_game(users, options={"rounds": 1}))
    [winner] = (game.outcome or {})["winners"]
    champion = seat_users(game)[winner]
    board = Client().get("/ratings/toy-secrets/").content.decode()
    assert champion.public_name in board
    assert board.index(champion.public_name) < board.index(
        next(u for u in users if u != champion).public_name
    )
    client = Client()
    client.force_login(champion)
    profile = client.get("/accounts/profile/").content.decode()
    assert "Your ratings" in profile
    assert "/ratings/toy-secrets/" in profile
    lobby = Client().get("/lobby/").content.decode()
    assert "/ratings/" in lobby
