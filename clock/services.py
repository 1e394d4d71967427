"""A player's own actions on their clock: spend an extension, take a seat back from the bot.

Every write here locks the game row first (like move_submit and the sweeper), so deadlines
change under one lock order and a sweeper never races a player for the same seat. Neither
changes the log: they change the seat's clock, which every viewer sees in the players panel
(games.services.commit.seats_changed). Deadlines themselves are set by clock.seat_deadlines.
"""

from __future__ import annotations

import datetime as dt

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from games.log import definition_of, load_state
from games.models import Game, Seat
from games.services import commit, gates
from games.services.errors import Conflict, NotSeated

from .seat_deadlines import deadline_after


def _my_locked_seat(game: Game, user: User) -> tuple[Game, Seat]:
    gates.authorise(user, "play")  # a suspended player cannot extend or take back (issue 5)
    locked = Game.objects.select_for_update().select_related("table__host").get(pk=game.pk)
    seat = (
        Seat.objects.select_for_update()
        .filter(table_id=locked.table_id, user=user, position__isnull=False)
        .first()
    )
    if seat is None:
        raise NotSeated(_("You do not have a seat in this game."))
    if locked.status != Game.Status.PLAYING:
        raise Conflict(_("This game is over."))
    return locked, seat


def extension_spend(*, game: Game, user: User, now: dt.datetime | None = None) -> dt.datetime:
    """Spend one of the player's extensions: their running deadline moves one period later."""
    now = now or timezone.now()
    with transaction.atomic():
        locked, seat = _my_locked_seat(game, user)
        if seat.deadline_at is None or seat.is_bot:
            raise Conflict(_("You have no running deadline to extend."))
        if seat.extensions_left <= 0:
            raise Conflict(_("You have no extensions left in this game."))
        seat.deadline_at = deadline_after(locked.table, seat.user_id, max(seat.deadline_at, now))
        seat.extensions_left -= 1
        seat.save(update_fields=["deadline_at", "extensions_left"])
        commit.seats_changed(locked)
        return seat.deadline_at


def seat_take_back(*, game: Game, user: User, now: dt.datetime | None = None) -> None:
    """The player returns: the bot leaves their seat and their clock starts afresh."""
    now = now or timezone.now()
    with transaction.atomic():
        locked, seat = _my_locked_seat(game, user)
        if not seat.is_bot:
            raise Conflict(_("Your seat is not played by a bot."))
        definition = definition_of(locked)
        pending = definition.pending_seats(load_state(locked, definition))
        seat.is_bot = False
        seat.timeouts_in_a_row = 0
        seat.deadline_at = (
            deadline_after(locked.table, seat.user_id, now) if seat.position in pending else None
        )
        seat.save(update_fields=["is_bot", "timeouts_in_a_row", "deadline_at"])
        commit.seats_changed(locked)
