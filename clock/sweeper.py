"""The sweeper: find overdue seats, claim their games, apply each table's timeout policy.

Driven by Celery beat every second (clock.tasks): each run sweeps what is overdue, then
sleeps until each next deadline due within the period and sweeps it then, so a timeout is
not as late as the beat's period (issue 14 B8). The work is done in batches (`sweep_batch`):
one query claims up to a batch of the most overdue games with `SELECT ... FOR UPDATE SKIP
LOCKED` on the game rows, the same rows move_submit locks first, so a sweeper never waits
for a player nor for another sweeper and batches running at once are disjoint; one
transaction applies the batch and commits once. A run that claims a full batch has met a
burst: it fans the rest out to every worker process (`clock.sweep_more` tasks, each queued
again while its batches come full), so a burst is not applied by one process alone. Under
the lock the seats' deadlines are read again and each move passes the seq it saw to
move_submit, so a late, repeated or concurrent batch is a no-op. (SQLite has no row locks;
its writers are serialised by the IMMEDIATE transactions of the embedded mode.)

Policies (issue 7): a neutral default move (RA-W2), a bot that takes the seat until the
player takes it back, or abandonment after a grace period; the N-th timeout in a row hands
the seat to the bot whatever the policy.
"""

from __future__ import annotations

import datetime as dt
import logging
from collections.abc import Callable, Collection
from contextlib import nullcontext
from dataclasses import dataclass, field
from time import sleep
from typing import Any

from django.conf import settings
from django.db import connection, transaction
from django.db.models import F, Min, OuterRef, QuerySet, Subquery
from django.utils import timezone

from games.engine.core import Move, rng_for
from games.lifecycle import GameAbandoned
from games.log import definition_of, load_state
from games.models import Game, GameEvent, Seat, Table
from games.prepared import (
    Prepared,
    change_atomic,
    deferred_flush,
    deferred_mark,
    deferred_undo,
    writes_deferred,
)
from games.selectors import seats_in_play_of
from games.services.bot_turns import bot_move_choose
from games.services.commit import game_commit
from games.services.moves import move_submit
from games.services.presence import spectators_read_ahead
from ratings.services import moves_read_ahead

from .models import Abandonment, SeatGrace
from .seat_deadlines import deadline_after, in_grace

logger = logging.getLogger(__name__)

# The grace period of the "abandon" policy, as a share of the table's time per move.
GRACE_SHARE = 0.5


def batch_size() -> int:
    """Games one batch claims: one transaction, one commit, one hand-over of notices. Small
    enough that a player whose game is in a batch waits briefly for its row lock."""
    return settings.CLOCK_SWEEP_BATCH


def overdue_game_ids(now: dt.datetime, limit: int = 200) -> list[int]:
    """Games with at least one pending seat past its deadline, most overdue first."""
    rows = _overdue_seats(now).values_list("table__game__pk", flat=True)[: limit * 4]
    return list(dict.fromkeys(rows))[:limit]


def _overdue_seats(now: dt.datetime) -> QuerySet[Seat]:
    """Seats in play past their deadline in games in progress, most overdue first."""
    return Seat.objects.filter(
        deadline_at__lte=now,
        position__isnull=False,
        table__game__status=Game.Status.PLAYING,
    ).order_by("deadline_at")


@dataclass
class Batch:
    """What one batch did: the games it claimed, and the timeouts it applied."""

    claimed: list[int] = field(default_factory=list)
    applied: int = 0

    def full(self) -> bool:
        """As many games as a batch takes: more are probably overdue (a burst)."""
        return len(self.claimed) >= batch_size()


def sweep(now: dt.datetime | None = None, limit: int = 200) -> int:
    """One sweeper pass in this process: batches until nothing overdue is left to claim, at
    most `limit` games, each at most once a pass (a game that failed is left overdue for
    the next pass). Returns how many timeouts (moves, grace starts, abandonments) it
    applied."""
    applied = 0
    done: list[int] = []
    while len(done) < limit:
        batch = sweep_batch(now, min(batch_size(), limit - len(done)), exclude=done)
        if not batch.claimed:
            break
        done += batch.claimed
        applied += batch.applied
    return applied


def sweep_batch(
    now: dt.datetime | None = None,
    limit: int | None = None,
    exclude: Collection[int] = (),
    *,
    when_full: Callable[[], None] | None = None,
    deferred: bool = True,
    savepoints: bool = False,
) -> Batch:
    """Claim up to `limit` overdue games no other sweeper holds (SKIP LOCKED) and apply
    their timeouts in one transaction. The commits' rows are written together at the end
    of the batch (games.prepared.writes_deferred: one INSERT of the events, one UPDATE of
    the games, of the tables, of the seats' deadlines, instead of several statements per
    game). The games' moves take no savepoint each (two statements per game): should one
    fail, the batch is rolled back and applied again with a savepoint per game (in
    move_submit), where a failing game is logged and left overdue and the others commit;
    should the grouped write fail, the batch is applied again with each game's rows
    written as it goes (`deferred=False`). The games whose timeouts owe notices are marked
    in the batch's transaction, and handed to one task together (notifications.outbox).
    `when_full` runs as soon as a full batch is claimed,
    before it is applied (a burst: clock.sweep_more)."""
    # Each batch at its own time, unless told: a long burst also takes what fell due while
    # it ran, and each timeout is logged when it is applied.
    now = now or timezone.now()
    savepoints = savepoints or not deferred
    batch = Batch()
    game_failed = False
    try:
        claimed: set[int] = set()  # their spectators read at once for the broadcasts
        with spectators_read_ahead(claimed), transaction.atomic():
            games = _claim_overdue(now, limit or batch_size(), exclude)
            batch.claimed = [g.pk for g in games]
            claimed.update(batch.claimed)
            if not games:
                return batch
            if when_full is not None and batch.full():
                try:
                    when_full()
                except Exception:  # e.g. the broker down: this batch is applied all the same
                    logger.exception("clock: could not share out a burst")
            writes = writes_deferred(savepoints=savepoints) if deferred else nullcontext()
            with writes, moves_read_ahead(games):
                seats = seats_in_play_of(games)
                counted: list[int] = []  # seats whose default move makes one more in a row
                for game in games:
                    try:
                        batch.applied += _apply_overdue(game, seats[game.pk], now, counted)
                    except Exception:
                        if not savepoints:  # no savepoint to go back to: all again, with them
                            game_failed = True
                            raise
                        logger.exception("clock: sweeping game %s failed", game.pk)
                if transaction.get_rollback():  # a failure was caught below the batch
                    game_failed = True
                    raise RuntimeError("the batch's transaction is marked for rollback")
                _count_in_a_row(counted)
    except Exception:
        # Nothing of the batch stands. A game failed: again, each game in a savepoint (a
        # game failing alone is left overdue, the others stand). The claim, the rows written
        # together or the commit failed: again, each game's rows written as it goes; else
        # the next run tries again.
        if game_failed:
            logger.info("clock: a game failed in a batch: the batch again, a savepoint each")
            return sweep_batch(now, limit, exclude, savepoints=True)
        logger.exception("clock: a sweep batch failed")
        if deferred and batch.claimed:
            return sweep_batch(now, limit, exclude, deferred=False)
        return Batch(claimed=batch.claimed)
    return batch


def sweep_for(seconds: float) -> int:
    """Sweep now, then for `seconds` more sleep until each next deadline and sweep it as it
    falls due: the beat's period is no floor of how late a timeout is. A full batch means a
    burst: the rest goes to every worker process (`fan_out`) and this run ends. Returns how
    many timeouts were applied."""
    until = timezone.now() + dt.timedelta(seconds=seconds)
    applied = 0
    while True:
        batch = sweep_batch(when_full=fan_out)
        applied += batch.applied
        if batch.full():
            return applied
        due = next_deadline()
        if due is None or due >= until:
            return applied
        wait = (due - timezone.now()).total_seconds()
        if wait > 0:
            sleep(wait)


def fan_out() -> None:
    """Queue one `clock.sweep_more` per worker process (settings.CLOCK_SWEEP_FANOUT): each
    claims its own batch and is queued again while its batches come full, so every process
    takes a share of a burst. Later beats queue more while a burst lasts; a run that finds
    nothing left ends there."""
    from .tasks import sweep_more_task  # clock.tasks imports this module

    for _ in range(settings.CLOCK_SWEEP_FANOUT):
        sweep_more_task.delay()


def sweep_more() -> int:
    """One batch, and this task again as soon as the batch is claimed full (the burst goes
    on, ahead of the emails it queues: clock.tasks; the next run claims other games, SKIP
    LOCKED, so another worker process may take it at once). Returns how many timeouts it
    applied."""
    return sweep_batch(when_full=_sweep_more_again).applied


def _sweep_more_again() -> None:
    from .tasks import sweep_more_task  # clock.tasks imports this module

    sweep_more_task.delay()


def next_deadline() -> dt.datetime | None:
    """The earliest deadline of a seat in a game in progress (overdue ones included)."""
    return (
        Seat.objects.filter(
            deadline_at__isnull=False,
            position__isnull=False,
            table__game__status=Game.Status.PLAYING,
        )
        .order_by("deadline_at")
        .values_list("deadline_at", flat=True)
        .first()
    )


def _claim_overdue(now: dt.datetime, limit: int, exclude: Collection[int]) -> list[Game]:
    """Lock up to `limit` of the most overdue games that nobody else holds, most overdue
    first, in one statement (compiled once per process and shape: games.prepared). The
    candidates are a window of the most overdue seats, four batches wide, so sweepers
    running at once still find games the others do not hold; the lock takes those it can,
    skipping the locked ones."""
    exclude = list(dict.fromkeys(exclude))
    query = _CLAIMS.get((limit, len(exclude)))
    if query is None:
        placeholders = [-732_001 - i for i in range(len(exclude))]
        query = _CLAIMS.setdefault(
            (limit, len(exclude)),
            Prepared(lambda at, *out: _claim_query(at, limit, out), _CLAIM_AT, *placeholders),
        )
    claimed = query.list(now, *exclude)
    # No ORDER BY beside SKIP LOCKED (the lock takes whichever candidates are free): the
    # claimed games are applied most overdue first, by their earliest deadline.
    far = dt.datetime.max.replace(tzinfo=dt.UTC)
    return sorted(claimed, key=lambda g: (getattr(g, "due", None) or far, g.pk))


def _claim_query(now: dt.datetime, limit: int, exclude: Collection[int]) -> QuerySet[Game]:
    window = _overdue_seats(now).values("table__game__pk")[: (limit * 4 + len(exclude)) * 4]
    due = (  # the game's earliest deadline (by its table's seats: two to ten rows)
        Seat.objects.filter(table_id=OuterRef("table_id"), position__isnull=False)
        .values("table_id")
        .annotate(first=Min("deadline_at"))
        .values("first")
    )
    games = (
        Game.objects.filter(pk__in=window, status=Game.Status.PLAYING)
        .exclude(pk__in=exclude)
        .annotate(due=Subquery(due))
    )
    if connection.features.has_select_for_update_skip_locked:
        games = games.select_for_update(skip_locked=True, of=("self",))
    else:
        games = games.select_for_update()
    return games.select_related("table__host")[:limit]


# The claim's statements, by (limit, games excluded): `now` and the excluded ids apart.
_CLAIM_AT = dt.datetime(1901, 2, 3, 4, 5, 7, 891, tzinfo=dt.UTC)
_CLAIMS: dict[tuple[int, int], Prepared[Game]] = {}


def _count_in_a_row(seat_ids: list[int]) -> None:
    """One more timeout in a row for each seat a default move was played for (one
    statement for the batch, in its transaction: the games are still locked)."""
    if seat_ids:
        Seat.objects.filter(pk__in=seat_ids).update(timeouts_in_a_row=F("timeouts_in_a_row") + 1)


def _claim(game_id: int) -> Game | None:
    games = Game.objects.filter(pk=game_id, status=Game.Status.PLAYING)
    if connection.features.has_select_for_update_skip_locked:
        games = games.select_for_update(skip_locked=True, of=("self",))
    else:
        games = games.select_for_update()
    return games.select_related("table__host").first()


def sweep_game(game_id: int, now: dt.datetime) -> int:
    """Apply every overdue seat of one game under its row lock."""
    with transaction.atomic():
        game = _claim(game_id)
        if game is None:
            return 0  # another sweeper or a player holds it, or it ended: nothing to do now
        counted: list[int] = []
        applied = _apply_overdue(game, seats_in_play_of([game])[game.pk], now, counted)
        _count_in_a_row(counted)
        return applied


def _apply_overdue(game: Game, seats: list[Seat], now: dt.datetime, counted: list[int]) -> int:
    """Every overdue seat of a claimed game, in deadline order (inside the claim's
    transaction). `seats`: the game's seats in play (games.selectors.seats_in_play) read
    under the claim's lock, so current for the first overdue seat, whose move uses them and
    the claimed game as they are (move_submit reads neither again)."""
    overdue = sorted(
        (s for s in seats if s.deadline_at is not None and s.deadline_at <= now),
        key=lambda s: (s.deadline_at, s.position),
    )
    applied = 0
    in_play: list[Seat] | None = seats
    for index, seat in enumerate(overdue):
        if index:  # Re-read under the lock: the previous timeout may have moved the game on.
            deferred_flush()  # (its rows written first: games.prepared.writes_deferred)
            game = Game.objects.select_related("table__host").get(pk=game.pk)
            seat = Seat.objects.get(pk=seat.pk)
            in_play = None  # move_submit reads them again
        if game.status != Game.Status.PLAYING:
            break
        if seat.deadline_at is None or seat.deadline_at > now:
            continue
        mark = deferred_mark()
        try:
            applied += _apply_policy(game, seat, now, counted, in_play)
        except Exception:
            deferred_undo(mark)  # its savepoint rolled back: so do its rows not written yet
            raise
    return applied


def _apply_policy(
    game: Game, seat: Seat, now: dt.datetime, counted: list[int], seats: list[Seat] | None
) -> int:
    """Apply the table's policy to one overdue seat. `seats`: the game's seats in play as
    read under its lock (`seat` among them), kept as what is written to them, or None."""
    definition = definition_of(game)
    state = load_state(game, definition)
    position = seat.position
    assert position is not None
    if position not in definition.pending_seats(state):
        Seat.objects.filter(pk=seat.pk).update(deadline_at=None)  # stale deadline
        seat.deadline_at = None
        return 0
    table = game.table
    if seat.is_bot:
        move = bot_move_choose(game, definition, state, position)
        _play(game, position, move, "bot", now, seats)
        return 1
    in_a_row = seat.timeouts_in_a_row + 1
    bot_now = table.timeout_policy == Table.TimeoutPolicy.BOT or (
        table.bot_after_timeouts > 0 and in_a_row >= table.bot_after_timeouts
    )
    if bot_now:
        with change_atomic():  # a savepoint (but in a sweep's first try: sweep_batch)
            Seat.objects.filter(pk=seat.pk).update(is_bot=True, timeouts_in_a_row=in_a_row)
            seat.is_bot, seat.timeouts_in_a_row = True, in_a_row
            if in_grace(seat):
                SeatGrace.objects.filter(seat=seat).delete()
                Seat.grace.related.set_cached_value(seat, None)
            move = bot_move_choose(game, definition, state, position)
            _play(game, position, move, "bot", now, seats)
        return 1
    if table.timeout_policy == Table.TimeoutPolicy.ABANDON:
        with change_atomic():
            if in_grace(seat):
                _abandon(game, seat, now, seats)
            else:
                SeatGrace.objects.create(seat=seat, started_at=now)
                grace = max(1.0, table.time_per_move * GRACE_SHARE)
                seat.deadline_at = deadline_after(table, seat.user_id, now, grace)
                seat.timeouts_in_a_row = in_a_row
                seat.save(update_fields=["deadline_at", "timeouts_in_a_row"])
        return 1
    # RA-W2: the game's neutral default (a missing vote approves, a missing card succeeds).
    # move_submit's own savepoint holds the move; the count follows for the whole batch.
    move = definition.default_move(state, position, _rng(game, "timeout"))
    _play(game, position, move, GameEvent.ActorKind.TIMEOUT, now, seats)
    counted.append(seat.pk)
    return 1


def _rng(game: Game, purpose: str) -> Any:
    # Distinct from the engine's own Random at this seq, still reproducible from the seed.
    return rng_for(f"{game.seed}:{purpose}", game.state_seq)


def _play(
    game: Game, position: int, move: Move, kind: str, now: dt.datetime, seats: list[Seat] | None
) -> None:
    move_submit(
        game=game,
        seat=position,
        move=move,
        expected_seq=game.state_seq,
        actor_kind=kind,
        now=now,
        seats=seats,
    )


def _abandon(game: Game, seat: Seat, now: dt.datetime, seats: list[Seat] | None) -> None:
    """The grace period ran out: the game ends without a result (nothing for ratings). The
    event closes it (games.lifecycle); its commit clears the deadlines and grace periods."""
    assert seat.position is not None
    name = seat.user.public_name if seat.user else f"Seat {seat.position}"
    text = f"{name} did not move in time, grace period included: the game is abandoned."
    event = GameAbandoned(seat=seat.position, text=text)
    game_commit(game, [event], actor_kind=GameEvent.ActorKind.TIMEOUT, now=now, seats=seats)
    Abandonment.objects.create(game=game, seat=seat.position, at=now)
