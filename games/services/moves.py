"""The one path for every move: `move_submit`. REST, websocket, page forms, timeouts and
bots all call it.

In one transaction: lock the game row, answer a repeated idempotency key with its first
result, check the seat and `expected_seq`, let the engine decide with the Random derived
from (seed, seq), and commit the events through the game's one commit path
(games.services.commit: the log, its cached fold, and the steps that follow every commit).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from dataclasses import dataclass, fields
from typing import Any, TypedDict, Unpack, cast

from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from games.engine.core import JSON, MalformedMove, Move, apply, from_json, rng_for, to_json
from games.log import definition_of, load_state
from games.models import Game, GameEvent, MoveReceipt, Seat
from games.prepared import Prepared, change_atomic, insert_rows, writes_combined
from games.selectors import can_watch, seats_in_play

from . import gates
from .commit import game_commit
from .committed import Committed
from .errors import (
    BadInput,
    IdempotencyKeyReused,
    NotFound,
    NotSeated,
    StaleSeq,
    game_closed,
)
from .text import storable


def decode_move(move_json: JSON) -> Move:
    """Untrusted JSON to an engine move; MalformedMove names the field at fault. A field
    the move does not have is refused too: the codec would drop it, and a misspelt
    optional field would be played as its default without a word."""
    move: object = from_json(move_json)
    if not isinstance(move, Move):
        raise MalformedMove(_("type is not a move"), field="type")
    known = {"type", *(f.name for f in fields(cast(Any, move)))}
    given = move_json if isinstance(move_json, dict) else {}  # from_json refused the rest
    unknown = sorted(str(name) for name in given if name not in known)
    if unknown:
        raise MalformedMove(
            _("This move has no field %(name)s.") % {"name": repr(unknown[0])}, field=unknown[0]
        )
    return move


KEY_LENGTH = MoveReceipt._meta.get_field("key").max_length or 80


def _check_key(key: object) -> None:
    """An idempotency key is text the receipts table can hold. The page form and the
    websocket pass it as sent: a longer key failed on the receipt's insert after the move
    (a 500), a NUL or a number on the lookup."""
    if key is None:
        return
    if not isinstance(key, str) or len(key) > KEY_LENGTH or not storable(key):
        raise BadInput(
            _("An idempotency key is text of at most %(n)d characters.") % {"n": KEY_LENGTH},
            field="idempotency_key",
        )


@dataclass(frozen=True)
class Played:
    """What `move_play` did: the result, and the commit (None for a repeated idempotency key).
    After the commit, `committed.payloads` holds each viewer's pushed view."""

    result: dict[str, JSON]
    committed: Committed | None
    seat: int | None

    def feed(self) -> dict[str, JSON] | None:
        """The mover's own view as the broadcast sent it (without the events), or None
        when there is none to reuse (a repeated key, or the commit has not run its steps)."""
        if self.committed is None or self.seat not in self.committed.payloads:
            return None
        return {k: v for k, v in self.committed.payloads[self.seat].items() if k != "events"}


class MoveOptions(TypedDict, total=False):
    """The optional arguments of a move (move_submit, move_play)."""

    user: User | None
    seat: int | None
    move: Move | None
    move_json: JSON
    idempotency_key: str | None
    actor_kind: str
    now: dt.datetime | None
    seats: list[Seat] | None


def move_submit(
    *, game: Game, expected_seq: int, **options: Unpack[MoveOptions]
) -> dict[str, JSON]:
    """Apply one move of `user` (or of `seat`, for system callers) and return the result
    {"seq", "applied_events"}. Raises a ServiceError or an engine error; nothing changes then.
    """
    return move_play(game=game, expected_seq=expected_seq, **options).result


def move_play(
    *,
    game: Game | int,
    expected_seq: int,
    user: User | None = None,
    seat: int | None = None,
    move: Move | None = None,
    move_json: JSON = None,
    idempotency_key: str | None = None,
    actor_kind: str = GameEvent.ActorKind.PLAYER,
    now: dt.datetime | None = None,
    reader: User | None = None,
    seats: list[Seat] | None = None,
) -> Played:
    """move_submit, keeping the commit: a reply can show the mover the view the broadcast
    already built for them instead of reading the game again.

    `game` may be a game's id, with `reader` the API's caller: the game is then read only
    under the lock, where it must exist (else Game.DoesNotExist) and be one `reader` may
    watch (else NotFound), so the API does not read it a first time to check that.

    `seats`: the caller (the clock's sweeper) holds the row lock of `game`, a Game read
    with its table under that lock in the caller's transaction, and read these seats in
    play under it (games.selectors.seats_in_play): neither is read again."""
    if user is not None:
        gates.authorise(user, "play")  # e.g. a suspended player is refused (issue 5)
    _check_key(idempotency_key)
    if move is None:
        move = decode_move(move_json)
    # A savepoint inside a transaction, but in a sweep's first try; on PostgreSQL the
    # move's writes (events, the game's caches, deadlines) go as one statement at the end.
    with change_atomic(), writes_combined():
        if seats is not None and isinstance(game, Game):
            locked = game
        else:
            pk = game if isinstance(game, int) else game.pk
            found = _LOCKED_GAME.list(pk)
            if not found:
                raise Game.DoesNotExist("Game matching query does not exist.")
            locked, seats = found[0], None
        if reader is not None and not can_watch(locked, reader):
            raise NotFound(_("No such game."))
        if idempotency_key and user is not None:
            receipt = MoveReceipt.objects.filter(
                game=locked, user=user, key=idempotency_key
            ).first()
            if receipt is not None:
                if receipt.move_digest and receipt.move_digest != _digest(move):
                    raise IdempotencyKeyReused(
                        _(
                            "This idempotency key was already used for a different move: "
                            "send each new move with a new key."
                        ),
                        field="idempotency_key",
                    )
                return Played(result=receipt.result, committed=None, seat=None)
        # Every seat, read once under the lock: the acting seat, then every step of the
        # commit (deadlines, broadcast, vacation) uses the same rows.
        if seats is None:
            seats = seats_in_play(locked)
        position, timeouts_in_a_row = _acting_seat(seats, user, seat)
        if locked.status != Game.Status.PLAYING:
            raise game_closed(locked.status)
        if expected_seq != locked.state_seq:
            raise StaleSeq(locked.state_seq, expected_seq)

        definition = definition_of(locked)
        events, _state = apply(
            definition,
            load_state(locked, definition),
            position,
            move,
            rng_for(locked.seed, locked.state_seq),
        )
        committed = game_commit(
            locked, events, actor_kind=actor_kind, actor_seat=position, now=now, seats=seats
        )
        result: dict[str, JSON] = {"seq": locked.state_seq, "applied_events": len(committed.rows)}
        if actor_kind == GameEvent.ActorKind.PLAYER and timeouts_in_a_row != 0:
            Seat.objects.filter(table_id=locked.table_id, position=position).update(
                timeouts_in_a_row=0
            )
        if idempotency_key and user is not None:
            # Written with the move's other writes (games.prepared.writes_combined); its key
            # is never read. created_at as auto_now_add would set it.
            receipt = MoveReceipt(
                game=locked,
                user=user,
                key=idempotency_key,
                move_digest=_digest(move),
                result=result,
                created_at=timezone.now(),
            )
            insert_rows([receipt], keys=False)
    return Played(result=result, committed=committed, seat=position)


# The game row, locked, with its table: every move reads it so (compiled once per process).
_LOCKED_GAME = Prepared(
    lambda pk: Game.objects.select_for_update().select_related("table").filter(pk=pk), -730_101
)


def _digest(move: Move) -> str:
    """The move's identity for idempotency: its canonical JSON, whatever the client's
    spelling (key order, spacing) was."""
    canonical = json.dumps(to_json(move), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()


def _acting_seat(seats: list[Seat], user: User | None, seat: int | None) -> tuple[int, int | None]:
    """(position, its timeouts in a row; None when not read) of the acting seat."""
    if user is not None:
        found = next((s for s in seats if s.user_id == user.pk), None)
        if found is None or found.position is None:
            raise NotSeated(_("You do not have a seat in this game."))
        return found.position, found.timeouts_in_a_row
    if seat is None:
        raise NotSeated(_("A move needs a player or a seat."))
    return seat, None
