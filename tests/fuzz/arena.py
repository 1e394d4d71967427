"""The fixture world a fuzz test plays against, created once per test: a started game of one
kind with its players, an outsider, an unverified user, an anonymous visitor and another
game none of them sits at; plus what the generators need of it (the pending seats' legal
moves as JSON, the move and event type names seen)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from allauth.account.models import EmailAddress
from django.db import transaction
from django.test import Client
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from accounts.models import User
from games.engine.core import get_game, to_json
from games.log import definition_of, load_state
from games.models import Game, GameEvent
from tests.games import toygame  # noqa: F401  (registers "toy-secrets")
from tests.games.conftest import make_user, play_pending_once, seat_users, started_game

from .checks import game_snapshot
from .strategies import Shapes

# The site's games (the toy is the tests' own), each fuzzed in a world of its own.
GAMES = [
    "resistance-avalon",
    "tournament-camelot",
    "tournament-avalon",
    "colovini-avalon",
    "jousting-avalon",
]
# Move types of other games: a well-formed move of the wrong game.
FOREIGN_TYPES = ["toy.vote", "ra.propose_team", "tournament.play_card", "ca.play_card"]


class _Rollback(Exception):
    pass


@contextmanager
def rolled_back() -> Iterator[None]:
    """Run the block in a savepoint and roll it back: the next example meets the same world
    (hypothesis replays an example to shrink it, so the world must not drift)."""
    try:
        with transaction.atomic():
            yield
            raise _Rollback
    except _Rollback:
        pass


def players_for(slug: str) -> int:
    definition = get_game(slug)
    return max(definition.min_players, min(3, definition.max_players))


def api_client(user: User | None) -> APIClient:
    client = APIClient()
    if user is not None:
        token, _ = Token.objects.get_or_create(user=user)
        client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    return client


def page_client(user: User | None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def unverified_user() -> User:
    user = make_user()
    EmailAddress.objects.filter(user=user).update(verified=False)
    return user


class Arena:
    """A started game of `slug` and the people around it."""

    def __init__(self, slug: str, advance: int = 0, **table: Any) -> None:
        players = [make_user() for _ in range(players_for(slug))]
        self.game = started_game(players, slug, **table)
        for _ in range(advance):  # rounds of first legal moves: a later phase to fuzz
            play_pending_once(self.game)
        self.seats = seat_users(self.game)
        self.outsider = make_user()
        self.unverified = unverified_user()
        self.other_game = started_game([make_user(), make_user()], "toy-secrets")
        self.refresh()

    def refresh(self) -> None:
        """Re-read the game: its pending seats, their legal moves, its snapshot."""
        self.game = Game.objects.select_related("table").get(pk=self.game.pk)
        definition = definition_of(self.game)
        state = load_state(self.game, definition)
        playing = self.game.status == Game.Status.PLAYING
        self.pending = sorted(definition.pending_seats(state)) if playing else []
        self.legal: dict[int, list[dict[str, Any]]] = {
            seat: [to_json(m) for m in definition.legal_moves(state, seat)] for seat in self.pending
        }
        self.snapshot = game_snapshot(self.game.pk)
        seen = {m["type"] for moves in self.legal.values() for m in moves}
        events = GameEvent.objects.filter(game=self.game).values_list("type", flat=True)
        self.type_names = sorted(seen | set(events) | set(FOREIGN_TYPES))
        self.shapes = Shapes(self.all_legal(), self.type_names)

    def all_legal(self) -> list[dict[str, Any]]:
        moves = [m for seat in self.pending for m in self.legal[seat]]
        return moves or [{"type": FOREIGN_TYPES[0], "choice": "up"}]

    def idle_seats(self) -> list[int]:
        return [s for s in self.seats if s not in self.pending]
