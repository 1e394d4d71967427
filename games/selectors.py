"""Reads of the games domain. `game_view_for_user` is the one feed of the API, the
websocket and the templates, so the three can never disagree.

No selector returns the seed, the full state or an unredacted event of a game in play.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from django.db.models import Count, Exists, F, OuterRef, Prefetch, Q, QuerySet, Subquery
from django.db.models.functions import Coalesce
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from clock.models import Vacation
from games.engine.core import JSON, acting_seats, to_json

from .log import definition_of, load_state
from .models import PRESENCE_STALE_AFTER, ChatMessage, Game, Presence, Seat, SpectatorMark, Table
from .prepared import Prepared
from .redaction import FULL, log_as_seen, log_steps


def game_get(game_id: int) -> Game:
    """The game with its table, read afresh (raises Game.DoesNotExist)."""
    game = _game_with_table(game_id)
    if game is None:
        raise Game.DoesNotExist(f"no game {game_id}")
    return game


def _game_with_table(game_id: int) -> Game | None:
    found = _GAME_WITH_TABLE.list(game_id)
    return found[0] if found else None


@dataclass(frozen=True)
class Watch:
    """What a game socket opens with (game_watch)."""

    game: Game
    seat: int | None  # the watcher's seat, None for a spectator
    seats: int  # the seats in play
    online: bool  # the watcher's seat already shows online (another tab or device)


def game_watch(game_id: int, user: User | None) -> Watch | None:
    """The game with its table, `user`'s seat at it and the seats in play, in two queries
    compiled once per process (every socket of a reconnect storm asks); None if the game
    does not exist or `user` may not watch it (can_watch: a private table, its seats only)."""
    game = _game_with_table(game_id)
    if game is None:
        return None
    seats = seats_in_play(game)
    me = user.pk if user is not None and user.is_authenticated else None
    mine = next((s for s in seats if me is not None and s.user_id == me), None)
    if mine is None and game.table.visibility != Table.Visibility.PUBLIC:
        return None
    seat = None if mine is None else mine.position
    return Watch(game, seat, len(seats), bool(getattr(mine, "online", False)))


def game_versions(game_ids: Collection[int]) -> dict[int, tuple[int, str]]:
    """Each existing game's (state_seq, status), in one query: whether it moved on."""
    rows = Game.objects.filter(pk__in=game_ids).values_list("pk", "state_seq", "status")
    return {pk: (seq, status) for pk, seq, status in rows}


def seat_of(game: Game, user: User | None) -> int | None:
    """The user's position at the game's table, or None (spectator / not seated)."""
    if user is None or not user.is_authenticated:
        return None
    return (
        Seat.objects.filter(table_id=game.table_id, user=user, position__isnull=False)
        .values_list("position", flat=True)
        .first()
    )


def seat_name(seat: Seat) -> str:
    """What players read for a seat: its player's public name, or "Bot 1", "Bot 2"... by
    seat (counted from 1) for a bot at the table."""
    if seat.user is not None:
        return seat.user.public_name
    return bot_name(seat.position or 0)


def bot_name(position: int) -> str:
    """A bot seat's name in the active language, by seat counted from 1."""
    return _("Bot %(number)s") % {"number": position + 1}


def seats_in_play(game: Game) -> list[Seat]:
    """The seats in play in order, with what a commit reads of them in this one query: the
    user, `online` (a live presence on this game), `on_page` (one of them shows the game
    page, not a program's JSON socket), the clock's grace row (`grace`, absent
    when none), `played_week` (the ISO week the player's vacation allowance last grew),
    `away_until` (the end of the player's vacation under way, or None) and `vacation_ahead`
    (the player has a vacation not over: one under way or to come); and on every row the
    game's `spectated` and `spectated_page` (games.models.SpectatorMark). A move reads them
    once and every step after it uses them (games.services.commit)."""
    now = timezone.now()
    return _SEATS_IN_PLAY.list(game.table_id, game.pk, now - PRESENCE_STALE_AFTER, now)


def seats_in_play_of(games: list[Game]) -> dict[int, list[Seat]]:
    """seats_in_play of several games in one query, by game id (the clock's batch of
    claimed games: each timeout's move uses its game's seats as read here)."""
    if not games:
        return {}
    now = timezone.now()
    query = _SEATS_IN_PLAY_OF.get(len(games))
    if query is None:  # compiled once per process and number of games (a batch: 20)
        query = _SEATS_IN_PLAY_OF.setdefault(
            len(games),
            Prepared(
                _seats_in_play_of,
                *(-731_001 - i for i in range(len(games))),
                _PLACEHOLDER_AT,
                _PLACEHOLDER_AT + dt.timedelta(microseconds=1),
            ),
        )
    rows = query.list(*(g.table_id for g in games), now - PRESENCE_STALE_AFTER, now)
    by_table: dict[int, list[Seat]] = {}
    for seat in rows:
        by_table.setdefault(seat.table_id, []).append(seat)
    return {g.pk: by_table.get(g.table_id, []) for g in games}


def _seats_in_play(
    table_id: int, game_id: int, live_after: dt.datetime, now: dt.datetime
) -> QuerySet[Seat]:
    live = Presence.objects.filter(
        last_seen__gt=live_after, game_id=game_id, user_id=OuterRef("user_id")
    )  # Presence.objects.live(now)
    seats = _with_facts(Seat.objects.filter(table_id=table_id, position__isnull=False), live, now)
    # The game's spectators (games.services.presence.spectating_of), on every row: two
    # lookups of one row that PostgreSQL makes once for the statement.
    marks = SpectatorMark.objects.filter(game_id=game_id)
    return seats.annotate(
        spectated=Exists(marks.filter(listened_until__gt=now)),
        spectated_page=Exists(marks.filter(page_until__gt=now)),
    )


def _seats_in_play_of(*values: Any) -> QuerySet[Seat]:
    """The seats in play of the tables `values[:-2]` (live_after, now: the last two)."""
    *table_ids, live_after, now = values
    live = Presence.objects.filter(
        last_seen__gt=live_after, game__table_id=OuterRef("table_id"), user_id=OuterRef("user_id")
    )
    return _with_facts(
        Seat.objects.filter(table_id__in=table_ids, position__isnull=False), live, now
    )


def _with_facts(
    seats: QuerySet[Seat], live: QuerySet[Presence], now: dt.datetime
) -> QuerySet[Seat]:
    """What seats_in_play reads with each seat (`live`: its player's live presence rows)."""
    not_over = Vacation.objects.filter(user_id=OuterRef("user_id"), ends_at__gt=now)
    away = not_over.filter(starts_at__lte=now).order_by("-ends_at")
    return (
        seats.select_related("user", "grace")
        .annotate(
            online=Exists(live),
            on_page=Exists(live.filter(page=True)),
            played_week=F("user__vacation_account__last_played_week"),
            away_until=Subquery(away.values("ends_at")[:1]),
            vacation_ahead=Exists(not_over),
        )
        .order_by("position")
    )


# Every game socket's connect and full send reads it (game_get, game_watch).
_GAME_WITH_TABLE = Prepared(lambda pk: Game.objects.select_related("table").filter(pk=pk), -740_001)
# Every move runs it: compiled once per process (games.prepared), placeholders apart.
_PLACEHOLDER_AT = dt.datetime(1901, 2, 3, 4, 5, 6, 789, tzinfo=dt.UTC)
_SEATS_IN_PLAY = Prepared(
    _seats_in_play,
    -730_001,
    -730_002,
    _PLACEHOLDER_AT,
    _PLACEHOLDER_AT + dt.timedelta(microseconds=1),
)
# seats_in_play_of's, one per number of games (placeholders: the tables, then the times).
_SEATS_IN_PLAY_OF: dict[int, Prepared[Seat]] = {}


def players_from(seats: list[Seat]) -> list[dict[str, JSON]]:
    """The players panel's facts of `seats` as seats_in_play read them."""
    return [
        {
            "seat": s.position,
            "name": seat_name(s),
            "user_id": s.user_id,
            "is_bot": s.is_bot,
            "online": bool(getattr(s, "online", False)),
            "deadline_at": s.deadline_at.isoformat() if s.deadline_at else None,
        }
        for s in seats
    ]


def players_of(game: Game) -> list[dict[str, JSON]]:
    """Seats in play order with public names, bot flags and online status (live presence
    only: rows of a crashed server process stop counting, games.models.PRESENCE_STALE_AFTER)."""
    return players_from(seats_in_play(game))


def game_view_for_seat(game: Game, seat: int | None, state: Any = None) -> dict[str, JSON]:
    """Everything `seat` (None: spectator) may know now, with its legal moves."""
    definition = definition_of(game)
    if state is None:
        state = load_state(game, definition)
    playing = game.status == "playing"
    pending = sorted(definition.pending_seats(state)) if playing else []
    legal: list[JSON] = []
    # Not only the pending seats: a game may let others act too (JA-7, withdrawal).
    if seat is not None and playing and seat in acting_seats(definition, state):
        legal = [to_json(m) for m in definition.legal_moves(state, seat)]
    return {
        "game_id": game.pk,
        "table_id": game.table_id,
        "game": definition.slug,
        "game_name": definition.name,
        "seq": game.state_seq,
        "status": game.status,
        "pending_seats": pending,
        "my_seat": seat,
        "view": definition.view(state, seat),
        "legal_moves": legal,
        "outcome": game.outcome,
    }


def game_view_for_user(game: Game, user: User | None) -> dict[str, JSON]:
    """The feed of the API, the websocket and the pages for this user (spectator if unseated)."""
    payload = game_view_for_seat(game, seat_of(game, user))
    payload["players"] = players_of(game)
    return payload


def can_watch(game: Game, user: User | None) -> bool:
    """Public tables are open to spectators; private ones only to those seated there."""
    if game.table.visibility == Table.Visibility.PUBLIC:
        return True
    return seat_of(game, user) is not None


TABLE_PLAYERS = "players"
TABLE_VISITORS = "visitors"


def table_get(table_id: int) -> Table | None:
    return Table.objects.filter(pk=table_id).first()


def table_audience(table: Table, user: User | None, invite_code: str | None = None) -> str | None:
    """Who may follow a table's live feed, and as whom: TABLE_PLAYERS (seated there),
    TABLE_VISITORS (anyone else allowed), or None. A private table is open only to those
    seated at it and, while it waits for players, to holders of its invite code, as its
    page is: the code invites to a seat, and once the game is on a holder who has none (left,
    removed, or too late) is a stranger, who must not read the game's talk."""
    seated = (
        user is not None
        and user.is_authenticated
        and Seat.objects.filter(table=table, user=user).exists()
    )
    if seated:
        return TABLE_PLAYERS
    if table.visibility == Table.Visibility.PUBLIC or (
        invite_code is not None
        and invite_code == table.invite_code
        and table.status == Table.Status.OPEN
    ):
        return TABLE_VISITORS
    return None


def events_after(
    game: Game, seq: int, viewer: int | None, *, reveal: bool = False
) -> list[dict[str, JSON]]:
    """The log after `seq` as `viewer` may see it (games.redaction.log_as_seen).

    `reveal` (replay after the end, RA-23) shows every event as it is.
    """
    definition = definition_of(game)
    steps = log_steps(game, definition)
    return log_as_seen(definition, steps, FULL if reveal else viewer, after_seq=seq)


def games_for_user(user: User) -> list[Game]:
    """The games in play the user sits at, those waiting for them first, then the newest
    (each one's state read to know whose move it is)."""
    games = (
        Game.objects.filter(table__seats__user=user, status=Game.Status.PLAYING)
        .select_related("table")
        .annotate(my_seat=_seat_of_user(user))
        .order_by("-started_at")
        .distinct()
    )
    waiting: list[Game] = []
    others: list[Game] = []
    for game in games:
        pending: list[int] = []
        if game.state is not None:
            definition = definition_of(game)
            pending = sorted(definition.pending_seats(load_state(game, definition)))
        game.my_turn = game.my_seat in pending  # type: ignore[attr-defined]
        (waiting if game.my_turn else others).append(game)  # type: ignore[attr-defined]
    return waiting + others


def games_over_for_user(user: User) -> QuerySet[Game]:
    """The user's games that are over (finished, aborted, voided), newest first, with their
    seat and without their states: a long-time player's history is read a page at a time,
    never whole."""
    return (
        Game.objects.filter(table__seats__user=user)
        .exclude(status=Game.Status.PLAYING)
        .select_related("table")
        .defer("state")
        .annotate(my_seat=_seat_of_user(user))
        .order_by("-started_at", "-pk")
        .distinct()
    )


def _seat_of_user(user: User) -> Subquery:
    """The position of `user` at each listed game's table (the `my_seat` of their games)."""
    seat = Seat.objects.filter(table_id=OuterRef("table_id"), user=user).values("position")
    return Subquery(seat[:1])


def tables_open(
    game_slug: str | None = None,
    *,
    players: int | None = None,
    time_per_move: int | None = None,
    free: int | None = None,
) -> QuerySet[Table]:
    """Public open tables for the lobby, newest first, with seats taken: of one game, of
    `players` seats, with `time_per_move` seconds, with at least `free` seats free. The
    lobby pages this (index table_lobby): the queries are as many for ten tables as for
    ten thousand."""
    tables = Table.objects.filter(
        status=Table.Status.OPEN, visibility=Table.Visibility.PUBLIC
    ).select_related("host")
    if game_slug:
        tables = tables.filter(game_slug=game_slug)
    if players:
        tables = tables.filter(seat_count=players)
    if time_per_move:
        tables = tables.filter(time_per_move=time_per_move)
    # A subquery per table rather than a join and GROUP BY: the newest page is read off
    # the index without counting the seats of every open table first.
    taken = (
        Seat.objects.filter(table=OuterRef("pk"))  # bots at the table take seats too
        .order_by()
        .values("table")
        .annotate(n=Count("pk"))
        .values("n")
    )
    tables = tables.annotate(taken=Coalesce(Subquery(taken), 0))
    if free:
        tables = tables.alias(free=F("seat_count") - F("taken")).filter(free__gte=free)
    return tables.order_by("-created_at", "-pk")


def games_to_watch(game_slug: str | None = None) -> QuerySet[Game]:
    """Games in progress at public tables, newest first, with their players: what anyone
    may watch (the game page shows a spectator only what spectators may see)."""
    games = Game.objects.filter(
        status=Game.Status.PLAYING, table__visibility=Table.Visibility.PUBLIC
    ).select_related("table")
    if game_slug:
        games = games.filter(table__game_slug=game_slug)
    seats = Seat.objects.filter(position__isnull=False).select_related("user")
    return games.prefetch_related(
        Prefetch("table__seats", queryset=seats.order_by("position"), to_attr="players")
    ).order_by("-started_at", "-pk")


def tables_of_user(user: User) -> QuerySet[Table]:
    """Open tables the user sits at or hosts (waiting for the start)."""
    return (
        Table.objects.filter(status=Table.Status.OPEN)
        .filter(Q(seats__user=user) | Q(host=user))
        .distinct()
        .annotate(taken=Count("seats", distinct=True))
    )


def chat_readable(message: ChatMessage, user: User | None) -> bool:
    """May `user` read this one message, as chat_for and the live feeds decide: a private
    table's talk only for its seated players; the spectators' channel for everyone at the
    table before the start, and no longer for the seated players once the game is on."""
    table = message.table
    audience = table_audience(table, user)
    if audience is None:
        return False
    spectators = message.channel == ChatMessage.Channel.SPECTATORS
    return not (spectators and audience == TABLE_PLAYERS and table.status != Table.Status.OPEN)


def table_chat_for(table: Table, seated: bool, *, after_id: int = 0) -> QuerySet[ChatMessage]:
    """The table's chat as its page and the chat API show it: before the start everyone at
    the table reads both channels; once the game is on, a seated player no longer reads the
    spectators' (as chat_readable says for the live feeds)."""
    playing = seated and table.status != Table.Status.OPEN
    return chat_for(table, 0 if playing else None, after_id=after_id)


def chat_for(table: Table, seat: int | None, *, after_id: int = 0) -> QuerySet[ChatMessage]:
    """Chat a viewer may read: players' table talk for all; spectators' channel for
    spectators only (so watchers cannot coach players). Messages hidden by a moderator stay
    in place and show `shown_body` ("removed by a moderator") instead of their text."""
    channels = [ChatMessage.Channel.PLAYERS]
    if seat is None:
        channels.append(ChatMessage.Channel.SPECTATORS)
    return (
        ChatMessage.objects.filter(table=table, channel__in=channels, pk__gt=after_id)
        .select_related("author")
        .order_by("created_at", "pk")
    )
