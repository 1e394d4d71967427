"""Benchmark set-up: verified users with API tokens and started games, through the services."""

from __future__ import annotations

import itertools

from allauth.account.models import EmailAddress
from rest_framework.authtoken.models import Token

from accounts.models import User
from games.models import Game, Seat
from games.services.lobby import lobby_create, table_join, table_start
from games.services.moves import move_submit

_serial = itertools.count()


def user_with_token() -> tuple[User, str]:
    """A verified user and their API token."""
    n = next(_serial)
    user = User.objects.create_user(username=f"bench{n}", email=f"bench{n}@example.com")
    EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)
    return user, Token.objects.create(user=user).key


def toy_games_waiting_for_seat_1(count: int) -> list[Game]:
    """`count` two-seat toy games (one round, a day per move) in which seat 0 has voted and
    seat 1 is awaited: the timeout benchmarks' games, each one timeout from its end."""
    from tests.games.toygame import Vote  # the toy game is registered by the test package

    games = []
    for _ in range(count):
        people = [user_with_token()[0] for _ in range(2)]
        table = lobby_create(
            host=people[0],
            game_slug="toy-secrets",
            seat_count=2,
            options={"rounds": 1},
            time_per_move=86400,
        )
        table_join(table=table, user=people[1])
        game = table_start(table=table, by=people[0])
        mover = Seat.objects.get(table=table, position=0).user
        move_submit(game=game, user=mover, move=Vote("down"), expected_seq=game.state_seq)
        games.append(game)
    return games


def create_games(
    count: int, slug: str, players: int, options: dict[str, object] | None = None
) -> list[tuple[int, dict[int, str]]]:
    """(game id, {seat: token}) for `count` started games."""
    out = []
    for _ in range(count):
        people = [user_with_token() for _ in range(players)]
        table = lobby_create(
            host=people[0][0], game_slug=slug, seat_count=players, options=options or {}
        )
        for user, _ in people[1:]:
            table_join(table=table, user=user)
        game = table_start(table=table, by=people[0][0])
        tokens = dict(people)
        seats = {
            s.position: tokens[s.user]
            for s in Seat.objects.filter(table=table).select_related("user")
            if s.user is not None and s.position is not None
        }
        out.append((game.pk, seats))
    return out
