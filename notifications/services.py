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

from django.conf import settings
from django.db import IntegrityError, connection, transaction
from django.db.models import Max, Q
from django.utils import timezone

from accounts.models import User
from games.lifecycle import GameAborted, rows_of
from games.log import definition_of, load_state
from games.models import Game, GameEvent, Presence, Seat

from . import emails, push
from .models import Channel, Kind, Notice, PushSubscription
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
    now = now or timezone.now()
    game = Game.objects.select_related("table").filter(pk=game_id).first()
    if game is None:
        return 0  # deleted since the task was queued
    seats = Seat.objects.filter(table_id=game.table_id, position__isnull=False, user__isnull=False)
    created: list[Notice] = []
    if game.status != Game.Status.PLAYING and _closed_by_moderator(game):
        return 0  # moderation's own void/abort email told the players (one email, not two)
    pushed = _pushed_users([s.user_id for s in seats if s.user_id is not None])
    if game.status != Game.Status.PLAYING:
        for seat in seats:
            assert seat.user_id is not None
            for channel in _channels(seat.user_id, pushed):
                notice = _create(
                    seat.user_id, game, Kind.GAME_OVER, "over", game.state_seq, channel
                )
                created += [notice] if notice else []
    else:
        pending = _pending_positions(game)
        for seat in seats.filter(position__in=pending, is_bot=False):
            assert seat.user_id is not None
            # One "your turn" per wait: none if one went out since the seat last acted.
            last_acted = (
                GameEvent.objects.filter(game=game, actor_seat=seat.position).aggregate(
                    m=Max("seq")
                )["m"]
                or 0
            )
            for channel in _channels(seat.user_id, pushed):
                if Notice.objects.filter(
                    user_id=seat.user_id,
                    game=game,
                    kind=Kind.TURN,
                    channel=channel,
                    seq__gt=last_acted,
                ).exists():
                    continue
                key = f"seq-{game.state_seq}"
                notice = _create(seat.user_id, game, Kind.TURN, key, game.state_seq, channel)
                created += [notice] if notice else []
    for notice in created:
        deliver(notice.pk, now)
    return len(created)


def _closed_by_moderator(game: Game) -> bool:
    """Voided, or aborted by a moderator (not abandoned on time): moderation closes it with
    a GameVoided/GameAborted event and emails the players itself."""
    if game.status == Game.Status.VOIDED:
        return True
    return (
        game.status == Game.Status.ABORTED
        and GameEvent.objects.filter(rows_of(GameAborted), game=game).exists()
    )


def _still_true(notice: Notice, game: Game) -> bool:
    """A turn or deadline notice is only worth sending while the move is still open."""
    if notice.kind == Kind.GAME_OVER:
        return True
    seat = Seat.objects.filter(table_id=game.table_id, user_id=notice.user_id).first()
    if seat is None or seat.is_bot or seat.position not in _pending_positions(game):
        return False
    if notice.kind == Kind.DEADLINE:
        return seat.deadline_at is not None and seat.deadline_at.isoformat() == notice.key
    return True


def _lock(notice_id: int) -> Notice | None:
    rows = Notice.objects.filter(pk=notice_id, status=Notice.Status.PENDING)
    if connection.features.has_select_for_update_skip_locked:
        rows = rows.select_for_update(skip_locked=True, of=("self",))
    return rows.select_related("user", "game__table").first()


def _skip_reason(notice: Notice, user: User, game: Game) -> str:
    """Why this notice must not go at all ("" when it may)."""
    email = notice.channel == Channel.EMAIL
    if email and (not user.email or not user.is_active):
        return "no_email"
    if not email and not user.is_active:
        return "inactive"
    if not is_subscribed(user, notice.kind, notice.channel):
        return "preference"
    if not _still_true(notice, game):
        return "stale"
    if (notice.kind == Kind.TURN or not email) and Presence.objects.live().filter(
        game=game, user=user
    ).exists():
        return "online"  # they have the game open: the page tells them
    return ""


def _won(game: Game, user: User) -> bool | None:
    if game.outcome is None:
        return None
    seat = Seat.objects.filter(table_id=game.table_id, user=user).first()
    return seat is not None and seat.position in game.outcome.get("winners", [])


def _send_email(notice: Notice, user: User, game: Game) -> None:
    if notice.kind == Kind.TURN:
        emails.send_turn(user, game)
    elif notice.kind == Kind.DEADLINE:
        emails.send_deadline(user, game, dt.datetime.fromisoformat(notice.key))
    else:
        abandoned = game.status == Game.Status.ABORTED
        emails.send_game_over(user, game, won=_won(game, user), abandoned=abandoned)


def _send_push(notice: Notice, user: User, game: Game, now: dt.datetime) -> str:
    """Push to the user's browsers; returns the reason to record when none took it."""
    message = push.message_for(
        notice.kind,
        user,
        game,
        deadline=dt.datetime.fromisoformat(notice.key) if notice.kind == Kind.DEADLINE else None,
        won=_won(game, user) if notice.kind == Kind.GAME_OVER else None,
        abandoned=game.status == Game.Status.ABORTED,
    )
    result = push.push_send(user, message, now)
    if result.sent:
        return ""
    return "push_failed" if result.failed else "no_device"


def deliver(notice_id: int, now: dt.datetime | None = None) -> str:
    """Send the notice now if its rules allow; returns its status afterwards ("pending"
    when held back by quiet hours or the digest)."""
    now = now or timezone.now()
    with transaction.atomic():
        notice = _lock(notice_id)
        if notice is None:
            return "claimed"
        user: User = notice.user
        game = notice.game
        assert game is not None
        reason = _skip_reason(notice, user, game)
        if reason:
            notice.status, notice.reason = Notice.Status.SKIPPED, reason
            notice.save(update_fields=["status", "reason"])
            return notice.status
        digest = notice.kind == Kind.TURN and user.daily_digest and notice.channel == Channel.EMAIL
        if digest or user.in_quiet_hours(now):
            return notice.status  # the flush sends it later (digest / after quiet hours)
        if notice.channel == Channel.PUSH:
            reason = _send_push(notice, user, game, now)
        else:
            _send_email(notice, user, game)
        if reason:
            notice.status, notice.reason = Notice.Status.SKIPPED, reason
            notice.save(update_fields=["status", "reason"])
            return notice.status
        notice.status, notice.sent_at = Notice.Status.SENT, now
        notice.save(update_fields=["status", "sent_at"])
        return notice.status


def warning_window(time_per_move: int) -> dt.timedelta:
    """How long before a deadline the warning goes: the configured hours, at most half the
    period (a 12-hour move is not warned about 12 hours ahead)."""
    hours = float(getattr(settings, "NOTIFY_DEADLINE_WARNING_HOURS", 6))
    return min(dt.timedelta(hours=hours), dt.timedelta(seconds=time_per_move / 2))


def deadline_warnings(now: dt.datetime) -> int:
    """Create and deliver warnings for running deadlines inside their warning window."""
    horizon = now + warning_window(10**9)
    seats = Seat.objects.filter(
        Q(user__deadline_warnings=True) | Q(user__push_subscriptions__isnull=False),
        deadline_at__gt=now,
        deadline_at__lte=horizon,
        is_bot=False,
        user__isnull=False,
        table__game__status=Game.Status.PLAYING,
    ).select_related("table__game", "user")
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
