"""Moderators' actions on games: abort, void, verify, extend a deadline, hand a seat to a bot
or a substitute, and the audited read of a full log.

Each change of a game is an event of the log (games.lifecycle: GameAborted, GameVoided,
SeatHandedOver) committed through the game's one commit path (games.services.commit), so the
status follows from the log and the note reaches every seat like any move does.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.conf import settings
from django.core.mail import send_mass_mail
from django.db import transaction
from django.utils import timezone

from accounts.models import User
from accounts.verification import user_is_verified
from games.engine.core import Event
from games.lifecycle import (
    ABORTED_PREFIX,
    VOIDED_PREFIX,
    GameAborted,
    GameVoided,
    SeatHandedOver,
)
from games.log import fold_check
from games.models import Game, GameEvent, Presence, Seat
from games.services import broadcast, gates
from games.services.commit import game_commit
from games.services.presence import CLOSE_TO_RECONNECT
from moderation.errors import ModerationError

from .audit import audit_record, reason_required
from .sanctions import sockets_close

OVER = {Game.Status.ABORTED, Game.Status.VOIDED}


def _seat(game: Game, position: int) -> Seat:
    seat = (
        Seat.objects.select_for_update(of=("self",))  # the user side is nullable
        .select_related("user")
        .filter(table_id=game.table_id, position=position)
        .first()
    )
    if seat is None:
        raise ModerationError(f"Game {game.pk} has no seat {position}.", field="seat")
    return seat


def _notify_players(game: Game, subject: str, body: str) -> None:
    """Email each seated player once the change is committed (no hidden information)."""
    addresses = list(
        Seat.objects.filter(table_id=game.table_id, user__isnull=False)
        .exclude(user__email="")
        .values_list("user__email", flat=True)
    )
    link = f"{settings.SITE_URL}/games/{game.pk}/"
    messages = [
        (subject, f"{body}\n\n{link}\n", settings.DEFAULT_FROM_EMAIL, [address])
        for address in addresses
    ]
    transaction.on_commit(lambda: send_mass_mail(messages, fail_silently=True))


def _close(game: Game, status: str, *, by: User, reason: str, verb: str) -> Game:
    reason = reason_required(reason)
    with transaction.atomic():
        locked = Game.objects.select_for_update().select_related("table").get(pk=game.pk)
        if locked.status in OVER:
            raise ModerationError(f"Game {game.pk} is already {locked.get_status_display()}.")
        if status == Game.Status.ABORTED and locked.status != Game.Status.PLAYING:
            raise ModerationError("Only a game in play can be aborted; void a finished one.")
        # The event closes the game (its status, the table's, no deadlines); no result
        # counts (ratings read the void).
        # The log words it in each reader's language from this start (presentation.notices).
        prefix = VOIDED_PREFIX if status == Game.Status.VOIDED else ABORTED_PREFIX
        text = f"{prefix}{reason}"
        closing: Event = (
            GameVoided(text=text) if status == Game.Status.VOIDED else GameAborted(text)
        )
        game_commit(locked, [closing], actor_kind=GameEvent.ActorKind.MODERATOR)
        audit_record(actor=by, action=f"game_{status}", obj=locked, reason=reason)
        _notify_players(locked, f"[Avalon Tables] Game {locked.pk} was {verb}", text)
    locked.refresh_from_db()
    return locked


def game_abort(*, game: Game, by: User, reason: str) -> Game:
    """End a game in play with no result."""
    return _close(game, Game.Status.ABORTED, by=by, reason=reason, verb="aborted")


def game_void(*, game: Game, by: User, reason: str) -> Game:
    """Annul a game in play or finished: it keeps its log but counts for nothing."""
    return _close(game, Game.Status.VOIDED, by=by, reason=reason, verb="voided")


def deadline_extend(*, game: Game, seat: int, hours: int, by: User, reason: str) -> Seat:
    """Push one pending seat's deadline back by `hours` (1 to 336)."""
    reason = reason_required(reason)
    if not 1 <= hours <= 336:
        raise ModerationError("Extend by 1 to 336 hours.", field="hours")
    with transaction.atomic():
        row = _seat(game, seat)
        if row.deadline_at is None:
            raise ModerationError(f"Seat {seat} has no running deadline.", field="seat")
        before = row.deadline_at
        row.deadline_at = before + dt.timedelta(hours=hours)
        row.save(update_fields=["deadline_at"])
        audit_record(
            actor=by,
            action="deadline_extend",
            obj=game,
            reason=reason,
            details={"seat": seat, "from": before.isoformat(), "to": row.deadline_at.isoformat()},
        )
    return row


def _hand_over(
    game: Game, seat: int, *, to: User | None, by: User, reason: str, action: str
) -> Seat:
    reason = reason_required(reason)
    with transaction.atomic():
        locked = Game.objects.select_for_update().select_related("table").get(pk=game.pk)
        if locked.status != Game.Status.PLAYING:
            raise ModerationError(f"Game {game.pk} is not in play.")
        row = _seat(locked, seat)
        previous = row.user
        if to is not None:
            if Seat.objects.filter(table_id=locked.table_id, user=to).exists():
                raise ModerationError(f"{to} already sits at this table.", field="substitute")
            if not user_is_verified(to):
                raise ModerationError(f"{to} has no verified email.", field="substitute")
            gates.authorise(to, "join")  # a suspended player cannot be handed a seat
        row.user, row.is_bot, row.timeouts_in_a_row = to, to is None, 0
        if to is None and row.deadline_at is not None:
            # The time controls' sweeper plays bot seats whose deadline is due (issue 7).
            row.deadline_at = timezone.now()
        row.save(update_fields=["user", "is_bot", "timeouts_in_a_row", "deadline_at"])
        old = previous.public_name if previous else f"Seat {seat}"
        new = "a bot" if to is None else f"{to.public_name} (a substitute)"
        text = f"A moderator handed {old}'s seat to {new}."
        handed = SeatHandedOver(seat=seat, to="bot" if to is None else "substitute", text=text)
        game_commit(locked, [handed], actor_kind=GameEvent.ActorKind.MODERATOR)
        # Sockets of the old and the new occupant still sit in the groups they joined at
        # connect: close them so each reconnects to what it may now see (as a restart: a
        # page does not retry 4403, and the substitute's page went dead, never seated).
        users = [u.pk for u in (previous, to) if u is not None]
        channels = list(
            Presence.objects.filter(game=locked, user_id__in=users).values_list(
                "channel_name", flat=True
            )
        )
        transaction.on_commit(lambda: sockets_close(channels, CLOSE_TO_RECONNECT))
        # Table page sockets are not in Presence: the seat change makes each one read the
        # table's talk again as who it is now (a seated substitute no longer reads the
        # spectators' channel).
        transaction.on_commit(lambda: broadcast.table_changed(locked.table_id))
        audit_record(
            actor=by,
            action=action,
            obj=locked,
            reason=reason,
            details={
                "seat": seat,
                "from_user": previous.pk if previous else None,
                "to_user": to.pk if to else None,
            },
        )
    return row


def seat_replace_with_bot(*, game: Game, seat: int, by: User, reason: str) -> Seat:
    """A vanished player's seat is played by the game's bot from now on (the clock's
    sweeper plays a bot seat as soon as it is pending)."""
    return _hand_over(game, seat, to=None, by=by, reason=reason, action="seat_replace_with_bot")


def seat_hand_to_substitute(
    *, game: Game, seat: int, substitute: User, by: User, reason: str
) -> Seat:
    """Another player takes the seat: from now on they see what that seat knows (the
    engine's view of the seat), and the previous player only what a spectator sees."""
    return _hand_over(
        game, seat, to=substitute, by=by, reason=reason, action="seat_hand_to_substitute"
    )


def game_verify(*, game: Game, by: User) -> dict[str, Any]:
    """Rebuild the state from the log with the game's fold and compare it with the cache
    (games.log.fold_check); the check is audited."""
    result = fold_check(game)
    audit_record(actor=by, action="game_verify", obj=game, details=result)
    return result


def game_log_read(*, game: Game, by: User, what: str = "log") -> None:
    """A moderator read the unredacted log or replay: that access is logged."""
    audit_record(actor=by, action=f"game_{what}_read", obj=game)
