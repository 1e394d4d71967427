"""Deciding who is owed which notification, and delivering it under the user's rules.

A notice is created once per occasion (unique key) and channel: an email, and a push when
the user has a browser subscribed (issue 16). Each is delivered under a row lock, so a
repeated or concurrent task never sends it twice. Delivery checks, at send time: the
profile switch and opt-outs (per channel), that it is still true (still your move, same
deadline), that the player does not have the game open (websocket presence: no "your turn"
email then, and no push of any kind: the page shows it), quiet hours in the user's own zone
(held back, the periodic flush retries), and the daily digest (turn emails wait for it;
pushes do not).
"""

from __future__ import annotations

import datetime as dt
import logging
from dataclasses import dataclass
from typing import Literal

from django.conf import settings
from django.db import IntegrityError, connection, transaction
from django.db.models import Max, Q
from django.utils import timezone

from accounts.models import User
from games.lifecycle import GameAborted, rows_of
from games.log import definition_of, load_state
from games.models import Game, GameEvent, Presence, Seat

from . import emails, push
from .models import Channel, Kind, Notice, OptOut, PushSubscription
from .unsubscribe import is_subscribed

logger = logging.getLogger(__name__)

# Tables faster than this are played live: no deadline warning emails.
LIVE_LIMIT_SECONDS = 3600


def _create(
    user_id: int, game: Game, kind: str, key: str, seq: int = 0, channel: str = Channel.EMAIL
) -> Notice | None:
    try:
        with transaction.atomic():
            return Notice.objects.create(
                user_id=user_id, game=game, kind=kind, key=key, seq=seq, channel=channel
            )
    except IntegrityError:
        return None  # this occasion already has its notice


def _pushed_users(user_ids: list[int]) -> set[int]:
    """Which of these users have a browser subscribed to pushes (one query)."""
    return set(
        PushSubscription.objects.filter(user_id__in=user_ids).values_list("user_id", flat=True)
    )


def _channels(user_id: int, pushed: set[int]) -> tuple[str, ...]:
    return (Channel.EMAIL, Channel.PUSH) if user_id in pushed else (Channel.EMAIL,)


def _pending_positions(game: Game) -> frozenset[int]:
    if game.status != Game.Status.PLAYING:
        return frozenset()
    definition = definition_of(game)
    return frozenset(definition.pending_seats(load_state(game, definition)))


def notices_for_game(game_id: int, now: dt.datetime | None = None) -> int:
    """After a change of a game: a turn notice for each human seat newly waited for, or a
    game-over notice for everyone seated. Delivers them; returns how many were created."""
    return notices_for_games([game_id], now)


def notices_for_games(game_ids: list[int], now: dt.datetime | None = None) -> int:
    """notices_for_game for a batch of changed games (a sweep of the clock), read together:
    the games, their seats, who has pushes, who acted last and the turn notices already
    out are one query each for the batch, the new notices one insert, and their delivery
    (deliver_many) shares its reads and one SMTP connection. Returns how many notices were
    created."""
    now = now or timezone.now()
    ids = list(dict.fromkeys(game_ids))
    games = {g.pk: g for g in Game.objects.select_related("table").filter(pk__in=ids)}
    # deleted since the task was queued; moderation's own void/abort email told the
    # players (one email, not two)
    games = {
        pk: g
        for pk, g in games.items()
        if g.status == Game.Status.PLAYING or not _closed_by_moderator(g)
    }
    if not games:
        return 0
    seats: dict[int, list[Seat]] = {}
    for seat in Seat.objects.filter(
        table_id__in=[g.table_id for g in games.values()],
        position__isnull=False,
        user__isnull=False,
    ).order_by("pk"):
        seats.setdefault(seat.table_id, []).append(seat)
    pushed = _pushed_users([s.user_id for rows in seats.values() for s in rows if s.user_id])
    playing = [pk for pk, g in games.items() if g.status == Game.Status.PLAYING]
    last_acted: dict[tuple[int, int | None], int] = {}
    turns_out: dict[tuple[int, int, str], int] = {}  # the last turn notice's seq
    if playing:
        acted = GameEvent.objects.filter(game_id__in=playing, actor_seat__isnull=False)
        for game_id, position, seq in acted.values_list("game_id", "actor_seat").annotate(
            m=Max("seq")
        ):
            last_acted[game_id, position] = seq
        for game_id, user_id, channel, seq in Notice.objects.filter(
            game_id__in=playing, kind=Kind.TURN
        ).values_list("game_id", "user_id", "channel", "seq"):
            out = (game_id, user_id, channel)
            turns_out[out] = max(seq, turns_out.get(out, 0))
    wanted: list[Notice] = []
    for pk in ids:
        game = games.get(pk)
        if game is None:
            continue
        table_seats = seats.get(game.table_id, [])
        if game.status != Game.Status.PLAYING:
            for seat in table_seats:
                assert seat.user_id is not None
                for channel in _channels(seat.user_id, pushed):
                    wanted.append(_notice(seat.user_id, game, Kind.GAME_OVER, "over", channel))
            continue
        pending = _pending_positions(game)
        for seat in table_seats:
            if seat.position not in pending or seat.is_bot:
                continue
            assert seat.user_id is not None
            # One "your turn" per wait: none if one went out since the seat last acted.
            since = last_acted.get((game.pk, seat.position), 0)
            for channel in _channels(seat.user_id, pushed):
                if turns_out.get((game.pk, seat.user_id, channel), 0) > since:
                    continue
                key = f"seq-{game.state_seq}"
                wanted.append(_notice(seat.user_id, game, Kind.TURN, key, channel))
    created = _create_all(wanted)
    deliver_many([n.pk for n in created], now)
    return len(created)


def _notice(user_id: int, game: Game, kind: str, key: str, channel: str) -> Notice:
    return Notice(
        user_id=user_id, game=game, kind=kind, key=key, seq=game.state_seq, channel=channel
    )


def _create_all(wanted: list[Notice]) -> list[Notice]:
    """Insert the notices not made yet (their occasion is unique); returns those inserted.
    One insert, unless a task running at once made some of them meanwhile: then one by one,
    as before."""
    if not wanted:
        return []
    occasion = ("user_id", "game_id", "kind", "key", "channel")
    made = set(
        Notice.objects.filter(
            game_id__in={n.game_id for n in wanted}, kind__in={n.kind for n in wanted}
        ).values_list(*occasion)
    )
    new = [n for n in wanted if tuple(getattr(n, f) for f in occasion) not in made]
    try:
        with transaction.atomic():
            return Notice.objects.bulk_create(new)
    except IntegrityError:
        assert all(n.game is not None for n in new)
        rows = (_create(n.user_id, n.game, n.kind, n.key, n.seq, n.channel) for n in new)  # type: ignore[arg-type]
        return [n for n in rows if n is not None]


def _closed_by_moderator(game: Game) -> bool:
    """Voided, or aborted by a moderator (not abandoned on time): moderation closes it with
    a GameVoided/GameAborted event and emails the players itself."""
    if game.status == Game.Status.VOIDED:
        return True
    return (
        game.status == Game.Status.ABORTED
        and GameEvent.objects.filter(rows_of(GameAborted), game=game).exists()
    )


def _still_true(notice: Notice, game: Game, seat: Seat | Literal[False] | None = False) -> bool:
    """A turn or deadline notice is only worth sending while the move is still open.
    `seat`: the user's seat at the game's table if the caller read it (None: they have
    none)."""
    if notice.kind == Kind.GAME_OVER:
        return True
    if seat is False:
        seat = Seat.objects.filter(table_id=game.table_id, user_id=notice.user_id).first()
    if seat is None or seat.is_bot or seat.position not in _pending_positions(game):
        return False
    if notice.kind == Kind.DEADLINE:
        return seat.deadline_at is not None and seat.deadline_at.isoformat() == notice.key
    return True


@dataclass(frozen=True)
class _Facts:
    """What delivering a batch of notices reads once for all of them."""

    seats: dict[tuple[int, int], Seat]  # (table, user): the user's seat there
    opted_out: set[tuple[int, str, str]]  # (user, kind, channel)
    online: set[tuple[int, int]]  # (game, user): the game open in a live socket

    @classmethod
    def of(cls, notices: list[Notice]) -> _Facts:
        tables = {n.game.table_id for n in notices if n.game is not None}
        users = {n.user_id for n in notices}
        seats: dict[tuple[int, int], Seat] = {}
        for seat in Seat.objects.filter(table_id__in=tables, user_id__in=users).order_by("pk"):
            assert seat.user_id is not None
            seats.setdefault((seat.table_id, seat.user_id), seat)  # the first, as .first()
        opted_out = set(
            OptOut.objects.filter(user_id__in=users).values_list("user_id", "kind", "channel")
        )
        watched = [n for n in notices if n.kind == Kind.TURN or n.channel != Channel.EMAIL]
        online: set[tuple[int, int]] = set()
        if watched:
            online = set(
                Presence.objects.live()
                .filter(game_id__in={n.game_id for n in watched}, user_id__in=users)
                .values_list("game_id", "user_id")
            )
        return cls(seats=seats, opted_out=opted_out, online=online)

    def seat(self, game: Game, user: User) -> Seat | None:
        return self.seats.get((game.table_id, user.pk))


def _skip_reason(notice: Notice, user: User, game: Game, facts: _Facts) -> str:
    """Why this notice must not go at all ("" when it may)."""
    email = notice.channel == Channel.EMAIL
    if email and (not user.email or not user.is_active):
        return "no_email"
    if not email and not user.is_active:
        return "inactive"
    if not is_subscribed(user, notice.kind, notice.channel, opted_out=facts.opted_out):
        return "preference"
    if not _still_true(notice, game, facts.seat(game, user)):
        return "stale"
    if (notice.kind == Kind.TURN or not email) and (game.pk, user.pk) in facts.online:
        return "online"  # they have the game open: the page tells them
    return ""


def _won(game: Game, seat: Seat | None) -> bool | None:
    if game.outcome is None:
        return None
    return seat is not None and seat.position in game.outcome.get("winners", [])


def _send_email(notice: Notice, user: User, game: Game, facts: _Facts) -> None:
    if notice.kind == Kind.TURN:
        emails.send_turn(user, game)
    elif notice.kind == Kind.DEADLINE:
        emails.send_deadline(user, game, dt.datetime.fromisoformat(notice.key))
    else:
        abandoned = game.status == Game.Status.ABORTED
        won = _won(game, facts.seat(game, user))
        emails.send_game_over(user, game, won=won, abandoned=abandoned)


def _send_push(notice: Notice, user: User, game: Game, now: dt.datetime, facts: _Facts) -> str:
    """Push to the user's browsers; returns the reason to record when none took it."""
    message = push.message_for(
        notice.kind,
        user,
        game,
        deadline=dt.datetime.fromisoformat(notice.key) if notice.kind == Kind.DEADLINE else None,
        won=_won(game, facts.seat(game, user)) if notice.kind == Kind.GAME_OVER else None,
        abandoned=game.status == Game.Status.ABORTED,
    )
    with transaction.atomic():  # a savepoint: a gone subscription is deleted (push.py)
        result = push.push_send(user, message, now)
    if result.sent:
        return ""
    return "push_failed" if result.failed else "no_device"


def deliver(notice_id: int, now: dt.datetime | None = None) -> str:
    """Send the notice now if its rules allow; returns its status afterwards ("pending"
    when held back by quiet hours or the digest, "claimed" when another run holds it or
    it is not pending)."""
    return deliver_many([notice_id], now)[notice_id]


def deliver_many(notice_ids: list[int], now: dt.datetime | None = None) -> dict[int, str]:
    """deliver for several notices at once, in the order they were made: one transaction
    locks them (SKIP LOCKED: a repeated or concurrent run never sends one twice), the
    seats, opt-outs and presence they need are read once, the emails share one SMTP
    connection, and their new statuses are written in a statement per outcome. A notice
    whose sending fails is logged and stays pending: the periodic flush retries it."""
    now = now or timezone.now()
    statuses = dict.fromkeys(notice_ids, "claimed")
    if not notice_ids:
        return statuses
    outcomes: dict[tuple[str, str], list[int]] = {}  # (status, reason) -> notices
    with emails.one_connection(), transaction.atomic():
        rows = Notice.objects.filter(pk__in=notice_ids, status=Notice.Status.PENDING)
        if connection.features.has_select_for_update_skip_locked:
            rows = rows.select_for_update(skip_locked=True, of=("self",))
        notices = list(rows.select_related("user", "game__table").order_by("pk"))
        facts = _Facts.of(notices)
        for notice in notices:
            try:
                status, reason = _deliver_one(notice, now, facts)
            except Exception:
                logger.exception("notifications: sending notice %s failed", notice.pk)
                status, reason = Notice.Status.PENDING, ""
            statuses[notice.pk] = status
            if status != Notice.Status.PENDING:
                outcomes.setdefault((status, reason), []).append(notice.pk)
        for (status, reason), ids in outcomes.items():
            if status == Notice.Status.SENT:
                Notice.objects.filter(pk__in=ids).update(status=status, sent_at=now)
            else:
                Notice.objects.filter(pk__in=ids).update(status=status, reason=reason)
    return statuses


def _deliver_one(notice: Notice, now: dt.datetime, facts: _Facts) -> tuple[str, str]:
    """Send one locked notice if its rules allow: its new (status, reason)."""
    user: User = notice.user
    game = notice.game
    assert game is not None
    reason = _skip_reason(notice, user, game, facts)
    if reason:
        return Notice.Status.SKIPPED, reason
    digest = notice.kind == Kind.TURN and user.daily_digest and notice.channel == Channel.EMAIL
    if digest or user.in_quiet_hours(now):
        return Notice.Status.PENDING, ""  # the flush sends it later (digest / quiet hours)
    if notice.channel == Channel.PUSH:
        reason = _send_push(notice, user, game, now, facts)
    else:
        _send_email(notice, user, game, facts)
    if reason:
        return Notice.Status.SKIPPED, reason
    return Notice.Status.SENT, ""


def warning_window(time_per_move: int) -> dt.timedelta:
    """How long before a deadline the warning goes: the configured hours, at most half the
    period (a 12-hour move is not warned about 12 hours ahead)."""
    hours = float(getattr(settings, "NOTIFY_DEADLINE_WARNING_HOURS", 6))
    return min(dt.timedelta(hours=hours), dt.timedelta(seconds=time_per_move / 2))


def deadline_warnings(now: dt.datetime) -> int:
    """Create and deliver warnings for running deadlines inside their warning window."""
    horizon = now + warning_window(10**9)
    seats = (
        Seat.objects.on_the_clock()
        .filter(
            Q(user__deadline_warnings=True) | Q(user__push_subscriptions__isnull=False),
            deadline_at__gt=now,
            deadline_at__lte=horizon,
            user__isnull=False,
        )
        .select_related("table__game", "user")
    )
    seats = seats.distinct()
    pushed = _pushed_users([s.user_id for s in seats if s.user_id is not None])
    count = 0
    for seat in seats:
        assert seat.deadline_at is not None
        assert seat.user_id is not None
        if seat.table.time_per_move < LIVE_LIMIT_SECONDS:
            continue  # live tables: the player is at the table, an email would come too late
        if seat.deadline_at - now > warning_window(seat.table.time_per_move):
            continue
        game = seat.table.game
        assert seat.user is not None
        for channel in _channels(seat.user_id, pushed):
            if channel == Channel.EMAIL and not seat.user.deadline_warnings:
                continue  # the profile's switch: no email row at all (pushes have their own)
            key = seat.deadline_at.isoformat()
            notice = _create(seat.user_id, game, Kind.DEADLINE, key, channel=channel)
            if notice is not None:
                deliver(notice.pk, now)
                count += 1
    return count
