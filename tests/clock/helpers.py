"""Small helpers of the time-control tests: read seats and the log, vote in the toy game."""

from __future__ import annotations

import datetime as dt

from accounts.models import User
from games.models import Game, GameEvent, Seat
from games.services.moves import move_submit
from tests.games.toygame import Vote


def seat(game: Game, position: int) -> Seat:
    return Seat.objects.select_related("user").get(table_id=game.table_id, position=position)


def deadline(game: Game, position: int) -> dt.datetime | None:
    return seat(game, position).deadline_at


def vote(game: Game, position: int, choice: str = "down") -> None:
    """The seat's player votes through the one move path."""
    game.refresh_from_db()
    move_submit(
        game=game, user=seat(game, position).user, move=Vote(choice), expected_seq=game.state_seq
    )


def moves_by(game: Game, kind: str) -> list[GameEvent]:
    """Log entries of the moves made by `kind` (timeout / bot / player)."""
    return list(
        GameEvent.objects.filter(game=game, actor_kind=kind, type="toy.vote_cast").order_by("seq")
    )


def player(game: Game, position: int) -> User:
    """The user sitting at `position` (every seat of these tests has one)."""
    user = seat(game, position).user
    assert user is not None
    return user
