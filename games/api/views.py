"""API views: parse, call one service or selector, render. `<Entity><Action>Api` names.

Every view shares `BaseApi` for the verified-email permission and the one error shape.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from django import forms
from django.db.models import QuerySet
from django.shortcuts import get_object_or_404
from django.utils import translation
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.models import User
from accounts.permissions import IsVerified
from games.engine.core import MalformedMove, all_games
from games.forms import (
    MAX_PER_PAGE,
    TABLES_PER_PAGE,
    Chained,
    GameFilterForm,
    LobbyFilterForm,
    page_of,
    page_size,
)
from games.models import Game, Table
from games.presentation import feed_in_words
from games.selectors import (
    can_watch,
    events_after,
    game_get,
    game_view_for_user,
    games_for_user,
    games_over_for_user,
    games_to_watch,
    seat_of,
    table_audience,
    table_chat_for,
)
from games.services import chat, lobby, moves
from games.services.errors import BadInput, NotFound
from games.services.seen import seat_seen_mark

from . import serializers as io
from .errors import api_exception_handler

FEED = io.GameFeedOut
LIST_HEADERS = [
    OpenApiParameter(
        "X-Total-Count",
        int,
        OpenApiParameter.HEADER,
        response=[200],
        description="the number of items over all pages",
    ),
    OpenApiParameter(
        "Link",
        str,
        OpenApiParameter.HEADER,
        response=[200],
        description='the neighbour pages: <url>; rel="prev", <url>; rel="next" (absent at '
        "the ends)",
    ),
]


class BaseApi(APIView):
    permission_classes = [IsVerified]

    def get_exception_handler(self) -> Any:
        return api_exception_handler

    def perform_authentication(self, request: Request) -> None:
        super().perform_authentication(request)
        # A token is read here, after the middleware chose the language: a token client
        # hears its player's profile language too, as the pages do (UserLanguageMiddleware).
        user = request.user
        if isinstance(user, User) and user.language:
            translation.activate(user.language)

    def user(self, request: Request) -> User:
        user = request.user
        assert isinstance(user, User)
        return user


def _table_for(request: Request, table_id: int, invite: str | None = None) -> Table:
    """The table, or 404 where the caller may not see it: a private table exists only for
    its seated players and holders of its invite code (as its page and GET say)."""
    table = get_object_or_404(Table.objects.select_related("host"), pk=table_id)
    if table_audience(table, request.user if isinstance(request.user, User) else None, invite):
        return table
    raise NotFound(_("No such table."))


FormT = TypeVar("FormT", bound=forms.Form)


def _valid(filters: FormT) -> FormT:
    """Query filters that parse, else a 400 naming the first at fault."""
    if not filters.is_valid():
        field, errors = next(iter(filters.errors.items()))
        raise BadInput(f"{field}: {errors[0]}", field=field)
    return filters


AFTER_DIGITS = 18  # any seq or message id (a bigint) has fewer


def _after(request: Request) -> int:
    """The `after` query parameter of a log or chat read: a whole number in ASCII digits
    (int() also took "٣" and " 3 "), default 0; at most AFTER_DIGITS of them (int() of
    4,300+ digits raised, a 500)."""
    raw = request.query_params.get("after", "0")
    digits = raw.removeprefix("-")
    if not (raw.isascii() and digits.isdigit()):
        raise BadInput(_("after must be a whole number"), field="after")
    if len(digits) > AFTER_DIGITS:
        raise BadInput(
            _("after must have at most %(n)d digits") % {"n": AFTER_DIGITS}, field="after"
        )
    return int(raw)


def _game_for(request: Request, game_id: int) -> Game:
    try:
        game = game_get(game_id)  # a query compiled once per process (games.prepared)
    except Game.DoesNotExist:
        raise NotFound(_("No such game.")) from None
    if not can_watch(game, request.user if isinstance(request.user, User) else None):
        raise NotFound(_("No such game."))
    return game


class GameTypeListApi(BaseApi):
    @extend_schema(responses={200: io.GameTypeOut(many=True)})
    def get(self, request: Request) -> Response:
        return Response(io.GameTypeOut(all_games(), many=True).data)


FILTERS = [
    OpenApiParameter("game", str, required=False, description="a game's slug"),
    OpenApiParameter("players", int, required=False, description="seats at the table"),
    OpenApiParameter("time", int, required=False, description="seconds per move"),
    OpenApiParameter("free", int, required=False, description="at least this many free seats"),
]
PAGES = [
    OpenApiParameter(
        "page", int, required=False, description="from 1; out of range: the nearest page"
    ),
    OpenApiParameter(
        "page_size",
        int,
        required=False,
        description=f"1 to {MAX_PER_PAGE} (default {TABLES_PER_PAGE}; beyond: the nearest)",
    ),
]


def paged(
    request: Request, items: QuerySet[Any] | Chained, body: Callable[[list[Any]], Any]
) -> Response:
    """One page of `items` as a list, its place in the whole in the headers: X-Total-Count,
    and a Link header with rel="next" / rel="prev" (the body stays a plain list)."""
    params = request.query_params
    page = page_of(items, params.get("page"), page_size(params.get("page_size")))
    response = Response(body(list(page)))
    response["X-Total-Count"] = str(page.paginator.count)
    links = []
    for rel, has, number in (
        ("prev", page.has_previous, page.number - 1),
        ("next", page.has_next, page.number + 1),
    ):
        if has():
            query = params.copy()
            query["page"] = str(number)
            links.append(f'<{request.build_absolute_uri("?" + query.urlencode())}>; rel="{rel}"')
    if links:
        response["Link"] = ", ".join(links)
    return response


class TableListApi(BaseApi):
    error_statuses = (400,)

    @extend_schema(
        parameters=FILTERS + PAGES + LIST_HEADERS, responses={200: io.TableOut(many=True)}
    )
    def get(self, request: Request) -> Response:
        """Open public tables, newest first, filtered and paged (issue 14)."""
        filters = _valid(LobbyFilterForm(request.query_params))
        return paged(request, filters.tables(), lambda page: io.TableOut(page, many=True).data)


class WatchListApi(BaseApi):
    error_statuses = (400,)

    @extend_schema(
        parameters=[FILTERS[0], *PAGES, *LIST_HEADERS],
        responses={200: io.WatchOut(many=True)},
    )
    def get(self, request: Request) -> Response:
        """Games in progress at public tables, newest first: what anyone may watch."""
        slug = _valid(GameFilterForm(request.query_params)).cleaned_data["game"]
        games = games_to_watch(slug or None)
        return paged(request, games, lambda page: io.WatchOut(page, many=True).data)


class TableCreateApi(BaseApi):
    @extend_schema(request=io.TableCreateIn, responses={201: io.TableCreatedOut})
    def post(self, request: Request) -> Response:
        data = io.TableCreateIn(data=request.data)
        data.is_valid(raise_exception=True)
        fields = dict(data.validated_data)
        table = lobby.lobby_create(
            host=self.user(request),
            game_slug=fields.pop("game"),
            seat_count=fields.pop("seat_count"),
            options=fields.pop("options"),
            **fields,
        )
        return Response(io.TableCreatedOut(table).data, status=201)


class TableDetailApi(BaseApi):
    @extend_schema(
        parameters=[OpenApiParameter("invite", str, required=False)],
        responses={200: io.TableDetailOut},
    )
    def get(self, request: Request, table_id: int) -> Response:
        """A private table answers only its seated players and holders of its invite code
        (`?invite=`); to anyone else it does not exist."""
        table = _table_for(request, table_id, request.query_params.get("invite") or None)
        return Response(io.TableDetailOut(table).data)


class TableJoinApi(BaseApi):
    error_statuses = (409,)

    @extend_schema(request=io.JoinIn, responses={200: io.TableOut})
    def post(self, request: Request, table_id: int) -> Response:
        """Take a free seat; a private table needs its `invite_code` (else it is a 404)."""
        data = io.JoinIn(data=request.data)
        data.is_valid(raise_exception=True)
        invite = data.validated_data.get("invite_code") or None
        table = _table_for(request, table_id, invite)
        lobby.table_join(table=table, user=self.user(request), invite_code=invite)
        table.refresh_from_db()
        return Response(io.TableOut(table).data)


class TableLeaveApi(BaseApi):
    error_statuses = (409,)

    @extend_schema(request=None, responses={204: None})
    def post(self, request: Request, table_id: int) -> Response:
        lobby.table_leave(table=_table_for(request, table_id), user=self.user(request))
        return Response(status=204)


class TableRemovePlayerApi(BaseApi):
    error_statuses = (409,)

    @extend_schema(request=io.RemoveIn, responses={204: None})
    def post(self, request: Request, table_id: int) -> Response:
        data = io.RemoveIn(data=request.data)
        data.is_valid(raise_exception=True)
        table = _table_for(request, table_id)
        player = get_object_or_404(User, pk=data.validated_data["user_id"])
        lobby.table_remove_player(table=table, by=self.user(request), user=player)
        return Response(status=204)


class TableInviteRenewApi(BaseApi):
    error_statuses = (409,)

    @extend_schema(request=None, responses={200: io.InviteOut})
    def post(self, request: Request, table_id: int) -> Response:
        """The host replaces the invite code before the start: the old one opens the table
        no more (a removed player cannot come back with it). Only the host learns the new
        one, here."""
        table = _table_for(request, table_id)
        code = lobby.table_renew_invite(table=table, by=self.user(request))
        return Response(io.InviteOut({"invite_code": code}).data)


class TableStartApi(BaseApi):
    error_statuses = (400, 409)

    @extend_schema(request=None, responses={201: FEED})
    def post(self, request: Request, table_id: int) -> Response:
        game = lobby.table_start(table=_table_for(request, table_id), by=self.user(request))
        return Response(feed_in_words(game_view_for_user(game, self.user(request))), status=201)


class GameListApi(BaseApi):
    @extend_schema(parameters=PAGES + LIST_HEADERS, responses={200: io.GameOut(many=True)})
    def get(self, request: Request) -> Response:
        """The caller's games: those in play first (the ones waiting for the caller's move
        ahead), then those over, newest first; paged as the other lists."""
        user = self.user(request)
        games = Chained(games_for_user(user), games_over_for_user(user))
        return paged(request, games, lambda page: io.GameOut(page, many=True).data)


class GameDetailApi(BaseApi):
    @extend_schema(responses={200: FEED})
    def get(self, request: Request, game_id: int) -> Response:
        game = _game_for(request, game_id)
        feed = game_view_for_user(game, self.user(request))
        if feed["my_seat"] is not None:  # the player has read the game up to here
            seat_seen_mark(game, int(feed["my_seat"]), int(feed["seq"]))
        return Response(feed_in_words(feed))


class GameMoveApi(BaseApi):
    rate_scope = "moves"
    error_statuses = (409, 422)

    @extend_schema(request=io.MoveIn, responses={200: io.MoveOut})
    def post(self, request: Request, game_id: int) -> Response:
        data = io.MoveIn(data=request.data)
        data.is_valid(raise_exception=True)
        key = data.validated_data.get("idempotency_key") or request.headers.get("Idempotency-Key")
        try:
            # The game is read once, locked, in move_play (which 404s as _game_for does).
            played = moves.move_play(
                game=game_id,
                reader=self.user(request),
                user=self.user(request),
                move_json=data.validated_data["move"],
                expected_seq=data.validated_data["expected_seq"],
                idempotency_key=key,
            )
        except MalformedMove as exc:
            _game_for(request, game_id)  # a game the caller cannot see: 404 first, as ever
            # Name the field as the client sent it: inside "move".
            field = f"move.{exc.field}" if exc.field else "move"
            raise MalformedMove(exc.text, field=field) from None
        except Exception:
            # Refused before the game was read (the actor gate, the key): a game the caller
            # cannot see still answers 404 first. Error paths only: one more read.
            _game_for(request, game_id)
            raise
        feed = played.feed()  # the mover's view as the broadcast built it: no re-read
        if feed is None:  # a repeated idempotency key: read the game as it is now
            game = Game.objects.select_related("table").get(pk=game_id)
            feed = game_view_for_user(game, self.user(request))
        return Response({**played.result, "game": feed_in_words(feed)})


AFTER = OpenApiParameter(
    "after", int, required=False, description="only the entries after this one (default 0)"
)


class GameEventListApi(BaseApi):
    error_statuses = (400,)

    @extend_schema(parameters=[AFTER], responses={200: io.EventOut(many=True)})
    def get(self, request: Request, game_id: int) -> Response:
        """The game's log after `after` (a seq) as the caller's seat may see it."""
        game = _game_for(request, game_id)
        after = _after(request)
        reveal = game.status != Game.Status.PLAYING
        viewer = seat_of(game, self.user(request))
        return Response(events_after(game, after, viewer, reveal=reveal))


class ChatListApi(BaseApi):
    error_statuses = (400,)

    @extend_schema(parameters=[AFTER], responses={200: io.ChatOut(many=True)})
    def get(self, request: Request, table_id: int) -> Response:
        """The table's chat after the message `after` (an id): players' talk for all, the
        spectators' channel for those not seated, and for everyone before the start (as
        the table page shows it)."""
        table = _table_for(request, table_id)  # a private table: its seated players only
        seated = table.seats.filter(user=self.user(request)).exists()
        messages = table_chat_for(table, seated, after_id=_after(request))
        return Response(io.ChatOut(messages, many=True).data)


class ChatPostApi(BaseApi):
    @extend_schema(request=io.ChatIn, responses={201: io.ChatOut})
    def post(self, request: Request, table_id: int) -> Response:
        data = io.ChatIn(data=request.data)
        data.is_valid(raise_exception=True)
        message = chat.chat_post(
            table=_table_for(request, table_id),
            user=self.user(request),
            body=data.validated_data["body"],
        )
        return Response(io.ChatOut(message).data, status=201)
