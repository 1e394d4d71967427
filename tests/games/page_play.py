"""Playing through the pages with Django's test client: a client logged in as a user, the
game page as each seat and as a spectator sees it, a started game with one client per
seat, and the game's states while it is in play, for the tests that play whole games
through the pages' forms."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from django.test import Client

from accounts.models import User
from games.engine.core import GameDefinition
from games.log import definition_of, load_state
from games.models import Game

from .conftest import make_user, seat_users, started_game


def logged_in(user: User) -> Client:
    """A test client with `user`'s session."""
    client = Client()
    client.force_login(user)
    return client


def pages_of_seats(game: Game) -> dict[int, str]:
    """The game page as each seated player sees it."""
    return {
        seat: logged_in(user).get(f"/games/{game.pk}/").content.decode()
        for seat, user in seat_users(game).items()
    }


def spectator_page(game: Game) -> str:
    """The game page as a logged-in user without a seat sees it."""
    return logged_in(make_user()).get(f"/games/{game.pk}/").content.decode()


def game_at_pages(
    slug: str, players: int, options: dict[str, Any] | None = None
) -> tuple[Game, GameDefinition[Any, Any], dict[int, Client]]:
    """A started game of `players` new users, its rules, and each seat's logged-in client:
    for the tests that play whole games through the pages' forms."""
    users = [make_user() for _ in range(players)]
    game = started_game(users, slug=slug, options=options or {})
    clients = {seat: logged_in(user) for seat, user in seat_users(game).items()}
    return game, definition_of(game), clients


def states_in_play(game: Game, definition: GameDefinition[Any, Any], limit: int) -> Iterator[Any]:
    """The game's state before each move while it is in play, at most `limit` times: the
    caller makes one move per state it is given."""
    for _ in range(limit):
        game.refresh_from_db()
        if game.status != Game.Status.PLAYING:
            return
        yield load_state(game, definition)
