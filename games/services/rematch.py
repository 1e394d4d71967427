"""Rematch: a finished game played again by the same players with the same options and
table settings. Each player accepts; a seat a bot plays accepts by itself (and a bot plays
it again in the new game). When every seat has accepted, the new table opens, seats them
all and starts, in the same transaction, through the lobby's own services.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from accounts.models import User
from games.models import Game, Rematch, Seat, Table

from . import broadcast, gates
from .errors import Conflict, Forbidden, ServiceError
from .lobby import TABLE_SETTINGS, lobby_create, table_join, table_start

# The table settings a rematch copies (the game's options as well): all but auto_start, as
# the rematch starts as soon as its seats are filled, here.
SETTINGS = tuple(name for name in TABLE_SETTINGS if name != "auto_start")


def rematch_accept(*, game: Game, user: User) -> Rematch:
    """`user` (a player of the finished `game`) accepts to play again; the last acceptance
    starts the new table. Accepting twice, or after the start, changes nothing."""
    gates.authorise(user, "join")
    with transaction.atomic():
        locked = Game.objects.select_for_update().select_related("table").get(pk=game.pk)
        if locked.status != Game.Status.FINISHED:
            raise Conflict(_("Only a finished game can be played again."))
        seats = list(
            locked.table.seats.filter(position__isnull=False)
            .select_related("user")
            .order_by("position")
        )
        if user.pk not in {s.user_id for s in seats}:
            raise Forbidden(_("Only the players of this game can accept a rematch."))
        left = rematch_impossible(seats)
        if left:
            raise Conflict(left)
        rematch = Rematch.objects.get_or_create(game=locked)[0]
        if rematch.table_id is not None:
            return rematch
        rematch.accepted.add(user)
        if rematch_waiting_for(rematch, seats) == []:
            rematch.table = _new_table(locked.table, seats)
            rematch.save(update_fields=["table"])
        transaction.on_commit(lambda: broadcast.rematch_changed(locked.pk, len(seats)))
    return rematch


def rematch_impossible(seats: list[Seat]) -> str:
    """Why no rematch can ever start (a player of the game deleted their account: nobody
    can accept for them, nor seat them again), or "". A seat with no user is a bot's."""
    if any(s.user.deleted_at is not None if s.user else not s.is_bot for s in seats):
        return _("A player of this game has left the site: a rematch needs every player.")
    return ""


def rematch_waiting_for(rematch: Rematch | None, seats: list[Seat]) -> list[Seat]:
    """The seats still to accept: a player's seat not yet accepted (a bot's seat never)."""
    accepted = set(rematch.accepted.values_list("pk", flat=True)) if rematch else set()
    return [s for s in seats if not s.is_bot and s.user_id not in accepted]


def _new_table(old: Table, seats: list[Seat]) -> Table:
    """Open, fill and start the rematch's table; the old host hosts it again."""
    for seat in seats:
        # Checked here, for everyone, before the lobby's services check each in turn: their
        # refusal is the sanctioned player's own notice (with the moderator's reason), which
        # the player accepting last must not read.
        if seat.user is not None:
            try:
                gates.authorise(seat.user, "join")
            except ServiceError:
                raise Conflict(
                    _("A player of this game cannot play at the moment: no rematch for now.")
                ) from None
    table = lobby_create(
        host=old.host,
        game_slug=old.game_slug,
        seat_count=len(seats),
        options=dict(old.options),
        bots=sum(1 for s in seats if s.user is None),  # bots at the table sit again
        **{name: getattr(old, name) for name in SETTINGS},
    )
    for seat in seats:
        if seat.user is not None and seat.user_id != old.host_id:
            table_join(table=table, user=seat.user, invite_code=table.invite_code)
    bots = [s.user_id for s in seats if s.is_bot and s.user_id is not None]
    if bots:
        Seat.objects.filter(table=table, user_id__in=bots).update(is_bot=True)
    table_start(table=table, by=old.host)
    table.refresh_from_db()
    return table
