"""Deleting an account ("Your data" on the profile): `user_delete`, one transaction.

Why a tombstone and not a deleted row: seats, chat messages, hosted tables and moderation
records point at the user with PROTECT, and a game's log names seats, not users. Keeping
the row (inactive, unusable password, username and email scrubbed, `deleted_at` set) keeps
every foreign key valid and every log readable; the row then holds nothing personal and is
shown to everyone as "Deleted player N" (User.public_name). The placeholder username
("#deleted-N") has a character signup refuses, so it can never collide with a real one, and
the old username and email are free to register again: nothing links the new account to the
old games (they show the tombstone's name, not the username).

What goes: email addresses, sessions, the API token, open sockets and presence rows,
notices and opt-outs, vacations, the calendar feed (its URL answers 404), IP sightings,
move receipts, the profile's fields, groups and permissions, and the text of every chat
message (rows stay, read "message deleted", so the conversation around them still makes
sense). What stays: seats (the game logs stay valid), sanctions and reports (moderation's
records, now about a nameless tombstone), the audit log, ratings (a refold of other
players' ratings replays the games they were in; the leaderboards leave deleted accounts
out).

Games in play: the seat is handed to the game's bot at once, the way the clock hands over a
vanished player (`is_bot`, deadline due now), with a site notice in the log like
moderation's hand-over; the clock's sweeper then plays it through `move_submit`. The table's
timeout policy is not consulted: it exists for players who may come back, and a deleted
player never does; a bot lets the others finish their game (an "abandon" policy would end
it for everyone). Open tables: the player leaves; a table they host passes to the player
who joined it first, or closes if nobody else sits there.
"""

from __future__ import annotations

import datetime as dt
import logging
from functools import partial

from allauth.account.models import EmailAddress
from django.conf import settings
from django.db import transaction
from django.db.models import Count, Q
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from accounts.models import User, deleted_player_name
from clock.models import CalendarFeed, SeatGrace, Vacation, VacationAccount
from clock.sweeper import sweep_game
from games.lifecycle import SeatHandedOver
from games.models import ChatMessage, Game, GameEvent, MoveReceipt, Presence, Seat, Table
from games.services import broadcast, lobby
from games.services.commit import game_commit
from games.services.errors import Conflict, Forbidden, ServiceError
from moderation.models import IpSighting
from moderation.services.sanctions import user_log_out_everywhere
from notifications.models import DecisionLink, Notice, OptOut, PushSubscription

logger = logging.getLogger(__name__)


class WrongPassword(ServiceError):
    code = "wrong_password"
    status = 403


def user_delete(*, user: User, password: str, now: dt.datetime | None = None) -> None:
    """Delete `user`'s account after checking their password; nothing changes on refusal."""
    if not password or not user.check_password(password):
        raise WrongPassword(_("That is not your password."), field="password")
    if user.is_superuser:
        # The site must never lose its last administrator from a profile form.
        raise Forbidden(_("A superuser account is deleted by another administrator."))
    now = now or timezone.now()
    with transaction.atomic():
        locked = User.objects.select_for_update().get(pk=user.pk)
        if locked.deleted_at is not None:
            raise Conflict(_("This account is already deleted."))
        _leave_open_tables(locked)
        for game_id in _seats_to_bot(locked, now):
            transaction.on_commit(partial(_sweep_now, game_id))
        _chat_scrub(locked)
        user_log_out_everywhere(locked)  # sessions and token now, sockets after commit
        _personal_rows_delete(locked)
        _profile_scrub(locked, now)
    user.refresh_from_db()


def _leave_open_tables(user: User) -> None:
    """Leave every table still waiting for its start (locked first: a table that starts
    meanwhile is then a game in play, handled by `_seats_to_bot`)."""
    tables = list(
        Table.objects.select_for_update(of=("self",))
        .filter(status=Table.Status.OPEN, seats__user=user)
        .order_by("pk")
    )
    for table in tables:
        if table.host_id == user.pk:
            heir = (
                Seat.objects.filter(table=table, user__isnull=False)
                .exclude(user=user)
                .order_by("joined_at", "pk")
                .first()
            )
            if heir is None:
                Seat.objects.filter(table=table, user=user).delete()
                table.status = Table.Status.ABORTED
                table.save(update_fields=["status"])
                transaction.on_commit(partial(broadcast.table_changed, table.pk))
                continue
            assert heir.user_id is not None
            table.host_id = heir.user_id
            table.save(update_fields=["host"])
        lobby.table_leave(table=table, user=user)


def deleted_notice_text(user: User) -> str:
    """The log's note, in the site's language (the log is read by every seat)."""
    with translation.override(settings.LANGUAGE_CODE):
        return _("%(name)s deleted their account: the game's bot plays their seat from now on.") % {
            "name": deleted_player_name(user.pk)
        }


def _seats_to_bot(user: User, now: dt.datetime) -> list[int]:
    """Hand the user's seat in every game in play to the bot; returns those games' ids."""
    game_ids = list(
        Game.objects.filter(
            status=Game.Status.PLAYING,
            table__seats__user=user,
            table__seats__position__isnull=False,
        )
        .order_by("pk")
        .values_list("pk", flat=True)
        .distinct()
    )
    handed: list[int] = []
    for game_id in game_ids:
        # The game row first, as move_submit and the sweeper lock it: one lock order.
        game = Game.objects.select_for_update().select_related("table").get(pk=game_id)
        if game.status != Game.Status.PLAYING:
            continue
        seat = Seat.objects.select_for_update().get(table_id=game.table_id, user=user)
        seat.is_bot, seat.timeouts_in_a_row = True, 0
        if seat.deadline_at is not None:
            seat.deadline_at = now  # due: the sweeper plays the bot's move at once
        seat.save(update_fields=["is_bot", "timeouts_in_a_row", "deadline_at"])
        SeatGrace.objects.filter(seat=seat).delete()  # no abandonment for this seat now
        assert seat.position is not None
        event = SeatHandedOver(seat=seat.position, to="bot", text=deleted_notice_text(user))
        game_commit(game, [event], actor_kind=GameEvent.ActorKind.SYSTEM, now=now)
        handed.append(game_id)
    return handed


def _sweep_now(game_id: int) -> None:
    """After commit: let the bot take the seat's pending move now rather than at the next
    beat. A failure is only logged: the seat's deadline is due, the next sweep plays it."""
    try:
        sweep_game(game_id, timezone.now())
    except Exception:
        logger.exception("accounts: sweeping game %s after a deletion failed", game_id)


def _chat_scrub(user: User) -> None:
    """Empty the text of every message of the user; open pages replace the live ones."""
    live = list(
        ChatMessage.objects.filter(
            author=user, table__status__in=[Table.Status.OPEN, Table.Status.PLAYING]
        ).exclude(body="")
    )
    ChatMessage.objects.filter(author=user).exclude(body="").update(body="")
    if not live:
        return
    tables = {m.table_id for m in live}
    games = dict(Game.objects.filter(table_id__in=tables).values_list("table_id", "pk"))
    seats = dict(
        Table.objects.filter(pk__in=tables)
        .annotate(n=Count("seats", filter=Q(seats__position__isnull=False)))
        .values_list("pk", "n")
    )

    def push() -> None:
        for message in live:
            message.body = ""
            broadcast.chat_hidden(message, games.get(message.table_id), seats[message.table_id])

    transaction.on_commit(push)


def _personal_rows_delete(user: User) -> None:
    EmailAddress.objects.filter(user=user).delete()
    Presence.objects.filter(user=user).delete()
    MoveReceipt.objects.filter(user=user).delete()
    Notice.objects.filter(user=user).delete()
    DecisionLink.objects.filter(user=user).delete()  # an emailed link must not outlive them
    OptOut.objects.filter(user=user).delete()
    PushSubscription.objects.filter(user=user).delete()
    Vacation.objects.filter(user=user).delete()
    CalendarFeed.objects.filter(user=user).delete()  # its URL must not outlive them either
    VacationAccount.objects.filter(user=user).delete()
    IpSighting.objects.filter(user=user).delete()
    user.groups.clear()
    user.user_permissions.clear()


def _profile_scrub(user: User, now: dt.datetime) -> None:
    # "#" is refused by the username validator: no signup can ever take this name.
    user.username = f"#deleted-{user.pk}"
    user.email = ""
    user.first_name = user.last_name = user.display_name = ""
    user.set_unusable_password()
    user.is_active = user.is_staff = user.is_superuser = False
    user.time_zone = "UTC"
    user.email_on_turn = user.deadline_warnings = user.daily_digest = False
    user.quiet_hours_start = user.quiet_hours_end = None
    user.last_login = None
    user.deleted_at = now
    user.save()
