"""Tables and seats: create, join, leave, remove a player, renew the invite link, start
(random seat order, the engine's deal committed as the game's first events:
games.services.commit)."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from accounts.models import User
from games.engine.core import EngineError, InvalidConfig, MalformedMove, from_json, rng_for, start
from games.engine.core import get_game as engine_game
from games.models import Game, GameEvent, Seat, Table, new_invite_code

from . import broadcast, gates
from .commit import game_commit
from .errors import BadOptions, Conflict, Forbidden, NotFound, say


def decode_options(game_slug: str, options: dict[str, Any], players: int) -> Any:
    """The game's Config from form/API options, validated for `players` (RA-3: a table
    that cannot be dealt is refused with the reason)."""
    try:
        definition = engine_game(game_slug)
    except KeyError:
        raise BadOptions(
            _("There is no game %(game)s.") % {"game": repr(game_slug)}, field="game"
        ) from None
    if not definition.min_players <= players <= definition.max_players:
        raise BadOptions(
            _("%(game)s seats %(least)s to %(most)s players.")
            % {
                "game": _(definition.name),
                "least": definition.min_players,
                "most": definition.max_players,
            },
            field="seat_count",
        )
    known = {f.name for f in dataclasses.fields(definition.config_type)}
    unknown = sorted(str(key) for key in options if key not in known)
    if unknown:  # stored options hold only what the game reads
        raise BadOptions(
            _("%(game)s has no option %(option)s.")
            % {"game": _(definition.name), "option": repr(unknown[0])},
            field=f"options.{unknown[0]}",
        )
    try:
        config = from_json(options, definition.config_type)
        config.validate(players)
    except MalformedMove as exc:
        raise BadOptions(say(exc.text), field=exc.field or "options") from None
    except InvalidConfig as exc:
        raise BadOptions(say(exc.text), field="options") from None
    return config


# The Table fields a host sets when opening a table (beside the game and its options).
TABLE_SETTINGS = (
    "title",
    "visibility",
    "auto_start",
    "time_per_move",
    "skip_weekends",
    "timeout_policy",
    "bot_after_timeouts",
    "extensions_per_player",
    "allow_vacation",
)


def lobby_create(
    *,
    host: User,
    game_slug: str,
    seat_count: int,
    options: dict[str, Any] | None = None,
    bots: int = 0,
    **settings: Any,
) -> Table:
    """Open a table with the host seated and `bots` bots in the other seats. `settings` are
    Table fields (visibility, auto_start, time_per_move, timeout_policy, ...)."""
    gates.authorise(host, "create_table")
    if not 0 <= bots < seat_count:
        raise BadOptions(_("Leave at least one seat for you: fewer bots, please."), field="bots")
    options = dict(options or {})
    decode_options(game_slug, options, seat_count)
    unknown = set(settings) - set(TABLE_SETTINGS)
    if unknown:
        first = sorted(unknown)[0]
        raise BadOptions(_("Unknown table setting %(name)s.") % {"name": repr(first)}, field=first)
    with transaction.atomic():
        table = Table.objects.create(
            host=host, game_slug=game_slug, options=options, seat_count=seat_count, **settings
        )
        Seat.objects.create(table=table, user=host, extensions_left=table.extensions_per_player)
        Seat.objects.bulk_create([Seat(table=table, is_bot=True) for _ in range(bots)])
        if bots == seat_count - 1 and table.auto_start:
            table_start(table=table, by=None)
    return table


def _lock_open(table: Table) -> Table:
    locked = Table.objects.select_for_update().get(pk=table.pk)
    if locked.status != Table.Status.OPEN:
        raise Conflict(_("This table has already started."))
    return locked


def table_join(*, table: Table, user: User, invite_code: str | None = None) -> Seat:
    """Take a free seat; a private table needs its invite code. A full auto-start table
    starts at once."""
    gates.authorise(user, "join")
    with transaction.atomic():
        locked = _lock_open(table)
        if locked.visibility == Table.Visibility.PRIVATE and invite_code != locked.invite_code:
            raise Forbidden(_("This table is private: you need its invite link."))
        if locked.seats.filter(user=user).exists():
            raise Conflict(_("You already sit at this table."))
        if locked.seats.count() >= locked.seat_count:
            raise Conflict(_("This table is full."))
        try:
            seat = Seat.objects.create(
                table=locked, user=user, extensions_left=locked.extensions_per_player
            )
        except IntegrityError:
            raise Conflict(_("You already sit at this table.")) from None
        _seated(locked)
    return seat


def _seated(locked: Table) -> None:
    """A seat was taken: a full auto-start table starts, else its page shows the seat."""
    if locked.auto_start and locked.seats.count() >= locked.seat_count:
        table_start(table=locked, by=None)
    else:
        transaction.on_commit(lambda: broadcast.table_changed(locked.pk))


def _unseat(table: Table, user: User, *, missing: str) -> None:
    """Free `user`'s seat at a locked open table (NotFound saying `missing` when they hold
    none); the table's page is told after the commit."""
    if not Seat.objects.filter(table=table, user=user).delete()[0]:
        raise NotFound(missing)
    transaction.on_commit(lambda: broadcast.table_changed(table.pk))


def table_leave(*, table: Table, user: User) -> None:
    """Leave before the start. The host cannot leave (they may remove others or not start)."""
    with transaction.atomic():
        locked = _lock_open(table)
        if locked.host_id == user.pk:
            raise Conflict(_("The host cannot leave their own table."))
        _unseat(locked, user, missing=_("You do not sit at this table."))


def table_remove_player(*, table: Table, by: User, user: User) -> None:
    """The host removes a player before the start."""
    gates.authorise(by, "host")
    with transaction.atomic():
        locked = _lock_open(table)
        if locked.host_id != by.pk:
            raise Forbidden(_("Only the host can remove players."))
        if user.pk == by.pk:
            raise Conflict(_("The host cannot remove themself."))
        _unseat(locked, user, missing=_("That player does not sit at this table."))


def table_renew_invite(*, table: Table, by: User) -> str:
    """The host replaces the table's invite code before the start (a removed player kept the
    old link): the old link opens nothing any more, and the pages and sockets opened with it
    are closed at the next seat check (broadcast.table_changed). Returns the new code."""
    gates.authorise(by, "host")
    with transaction.atomic():
        locked = _lock_open(table)
        if locked.host_id != by.pk:
            raise Forbidden(_("Only the host can renew the invite link."))
        locked.invite_code = new_invite_code()
        locked.save(update_fields=["invite_code"])
        transaction.on_commit(lambda: broadcast.table_changed(locked.pk))
    table.invite_code = locked.invite_code
    return locked.invite_code


def table_add_bot(*, table: Table, by: User) -> Seat:
    """The host puts a bot in a free seat before the start (a full auto-start table starts)."""
    gates.authorise(by, "host")
    with transaction.atomic():
        locked = _lock_open(table)
        if locked.host_id != by.pk:
            raise Forbidden(_("Only the host can add bots."))
        if locked.seats.count() >= locked.seat_count:
            raise Conflict(_("This table is full."))
        seat = Seat.objects.create(table=locked, is_bot=True)
        _seated(locked)
    return seat


def table_remove_bot(*, table: Table, by: User, seat_id: int) -> None:
    """The host takes a bot out of its seat before the start."""
    gates.authorise(by, "host")
    with transaction.atomic():
        locked = _lock_open(table)
        if locked.host_id != by.pk:
            raise Forbidden(_("Only the host can remove bots."))
        deleted = Seat.objects.filter(
            table=locked, pk=seat_id, user__isnull=True, is_bot=True
        ).delete()[0]
        if not deleted:
            raise NotFound(_("There is no such bot at this table."))
        transaction.on_commit(lambda: broadcast.table_changed(locked.pk))


def table_start(*, table: Table, by: User | None) -> Game:
    """Deal: random seat order, the engine's opening events appended, the state cached.
    `by` is the host (None: the table started itself when full). A suspended host runs
    their table no more (nor do they start it by seating its last bot: table_add_bot)."""
    if by is not None:
        gates.authorise(by, "host")
    with transaction.atomic():
        locked = _lock_open(table)
        if by is not None and locked.host_id != by.pk:
            raise Forbidden(_("Only the host can start the table."))
        seats = list(locked.seats.select_for_update().order_by("joined_at", "pk"))
        definition = engine_game(locked.game_slug)
        if len(seats) < definition.min_players:
            raise Conflict(
                _("%(game)s needs at least %(least)s players.")
                % {"game": _(definition.name), "least": definition.min_players}
            )
        config = decode_options(locked.game_slug, locked.options, len(seats))
        game = Game(table=locked, rules_version=definition.rules_version)
        try:
            events, _state = start(definition, config, len(seats), rng_for(game.seed, 0))
        except EngineError as exc:
            raise BadOptions(say(exc.text), field="options") from None
        # Seat order is random (SystemRandom: it must not follow from anything guessable).
        random.SystemRandom().shuffle(seats)
        for position, seat in enumerate(seats):
            seat.position = position
        Seat.objects.bulk_update(seats, ["position"])
        game.save()
        locked.status = Table.Status.PLAYING
        locked.save(update_fields=["status"])
        # The deal is the game's first commit: logged by the system, folded into the cache.
        game_commit(game, events, actor_kind=GameEvent.ActorKind.SYSTEM)
    return game
