"""Rating games, in the transaction that ends them.

Why inside the final transaction (a step of games.services.commit.IN_TRANSACTION) and not
after commit: a game is finished if and only if it is rated, with no window in which a
crash between the commit and the hook leaves it unrated for ever; the rating rows are
locked after the game row (the move path's lock order), so two games of the same players
ending at once update their ratings one after the other, not over each other. The cost
(a few rows, once per game) is paid by the last move only.

Idempotent: a RatedGame row (unique per game) marks a game as rated; the step runs again
for any later commit of the game and does nothing then.

A moderator voiding a rated game (the log gets a `GameVoided` event) marks its
RatedGame voided and refolds that game's ratings from the remaining rated games in order,
so the ratings are exactly as if it had never been played (openskill updates do not
commute, so subtracting the one game's change would not be exact). Aborted and abandoned
games never finish, so they are never rated.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from django.db import connection
from django.db.models.constants import OnConflict
from django.utils import timezone

from games.lifecycle import GameVoided
from games.models import Game, GameEvent, Seat
from games.prepared import column, deferred_rows, insert_rows
from games.services.committed import Committed

from .models import RatedGame, Rating, SeasonRating
from .rules import SeatFacts, result_of
from .seasons import season_of
from .skill import MU, SIGMA, rate


def _moves_by_seat(game: Game) -> dict[int, tuple[int, int]]:
    """Per seat, its moves in the log: (its player's own, a stand-in's: bot or timeout).
    Written as SQL: the ORM's grouped count cost a finishing move more CPU to build than
    PostgreSQL takes to answer it (issue 14). Rows of a batch not written yet
    (games.prepared.writes_deferred: the clock's sweep) are counted too, and a batch's
    games are counted by one query (`moves_read_ahead`)."""
    deferred = [r for r in deferred_rows(GameEvent) if r.game_id == game.pk]
    ahead = _ahead.get()
    counts: dict[int, list[int]] | None = None
    # Exact while every row appended since the batch claimed the game is still deferred:
    # the log then holds what was read ahead, and the rest is counted from those rows.
    if ahead is not None and ahead.seqs.get(game.pk, -1) + len(deferred) == game.state_seq:
        counts = ahead.counts_of(game.pk)
    if counts is None:
        counts = _counted([game.pk]).get(game.pk, {})
    kinds = GameEvent.ActorKind
    for row in deferred:
        if row.actor_seat is not None:
            count = counts.setdefault(row.actor_seat, [0, 0])
            if row.actor_kind == kinds.PLAYER:
                count[0] += 1
            elif row.actor_kind in (kinds.BOT, kinds.TIMEOUT):
                count[1] += 1
    return {s: (own, stand_in) for s, (own, stand_in) in counts.items()}


def _counted(game_ids: Sequence[int]) -> dict[int, dict[int, list[int]]]:
    """The log's moves per game and seat: [own, a stand-in's], one query for all."""
    seat, kind = column(GameEvent, "actor_seat"), column(GameEvent, "actor_kind")
    game = column(GameEvent, "game")
    sql = (
        f"SELECT {game}, {seat}, SUM(CASE WHEN {kind} = %s THEN 1 ELSE 0 END),"
        f" SUM(CASE WHEN {kind} IN (%s, %s) THEN 1 ELSE 0 END)"
        f" FROM {connection.ops.quote_name(GameEvent._meta.db_table)}"
        f" WHERE {game} IN ({', '.join(['%s'] * len(game_ids))}) AND {seat} IS NOT NULL"
        f" GROUP BY {game}, {seat}"
    )
    kinds = GameEvent.ActorKind
    out: dict[int, dict[int, list[int]]] = {}
    with connection.cursor() as cursor:
        cursor.execute(sql, [kinds.PLAYER, kinds.BOT, kinds.TIMEOUT, *game_ids])
        for game_id, s, own, stand_in in cursor.fetchall():
            out.setdefault(int(game_id), {})[int(s)] = [int(own), int(stand_in)]
    return out


@dataclass
class _ReadAhead:
    seqs: dict[int, int]  # game id: its seq when the batch claimed it
    counts: dict[int, dict[int, list[int]]] | None = None

    def counts_of(self, game_id: int) -> dict[int, list[int]]:
        if self.counts is None:  # at the first game rated: most batches rate none
            self.counts = _counted(list(self.seqs))
        return {s: list(c) for s, c in self.counts.get(game_id, {}).items()}


_ahead: ContextVar[_ReadAhead | None] = ContextVar("ratings_read_ahead", default=None)


@contextmanager
def moves_read_ahead(games: Sequence[Game]) -> Iterator[None]:
    """Inside, the first game rated counts the log's moves of all `games` (a batch of the
    clock's sweep, locked) in one query, and each later one uses those counts."""
    token = _ahead.set(_ReadAhead({g.pk: g.state_seq for g in games}))
    try:
        yield
    finally:
        _ahead.reset(token)


def _seat_facts(game: Game, seats: Sequence[Seat] | None = None) -> list[SeatFacts]:
    """`seats`: the seats in play if the caller read them (the commit did)."""
    moves = _moves_by_seat(game)
    if seats is None:
        seats = list(Seat.objects.filter(table_id=game.table_id, position__isnull=False))
    return [
        SeatFacts(
            position=s.position,
            user_id=None
            if s.user_id is None or (s.is_bot and s.position not in moves)
            else s.user_id,
            own_moves=moves.get(s.position, (0, 0))[0],
            stand_in_moves=moves.get(s.position, (0, 0))[1],
        )
        for s in seats
        if s.position is not None
    ]


@dataclass
class _Locked:
    """A player's rating row as `_apply` reads and writes it."""

    pk: int
    mu: float
    sigma: float


def _apply(
    slug: str, teams: Sequence[Sequence[int]], ranks: Sequence[int], season: str = ""
) -> dict[str, Any]:
    """Update the players' ratings of `slug` (all time, or of `season`) by one result;
    returns the changes per user. The same result rates both: a season's table is the
    same games as the all-time one, counted from a fresh start."""
    users = sorted({u for team in teams for u in team})
    model: type[Rating] | type[SeasonRating] = SeasonRating if season else Rating
    scope: dict[str, Any] = {"game_slug": slug, **({"season": season} if season else {})}
    rows = _lock(model, scope, users)
    now = timezone.now()
    if len(rows) < len(users):
        # a first game of this scope: create the missing rows at once (a concurrent
        # first game may have made some), then lock them all
        _create(model, scope, [u for u in users if u not in rows], now)
        rows = _lock(model, scope, users)
    after = rate([[(rows[u].mu, rows[u].sigma) for u in team] for team in teams], ranks)
    changes: dict[str, Any] = {}
    for team, new_team in zip(teams, after, strict=True):
        for user_id, new in zip(team, new_team, strict=True):
            row = rows[user_id]
            mu, sigma = new
            changes[str(user_id)] = [row.mu, row.sigma, mu, sigma]
            row.mu, row.sigma = mu, sigma
    _write(model, list(rows.values()), now)
    return changes


# Written as SQL, as _write: the ORM's select_for_update and bulk_create, with a model
# instance per row, cost a finishing move about half of its CPU (issue 14, B1: the finishing
# move is the slowest of a game, the tail of the moves' latency).
def _lock(
    model: type[Rating] | type[SeasonRating], scope: dict[str, Any], users: list[int]
) -> dict[int, _Locked]:
    """The rating rows of `users` in `scope`, locked in the order of their users (two
    games of the same players ending at once take them one after the other)."""
    user, pk = column(model, "user"), column(model, "id")
    where = " AND ".join(f"{column(model, name)} = %s" for name in scope)
    lock = " FOR UPDATE" if connection.features.has_select_for_update else ""
    sql = (
        f"SELECT {user}, {pk}, {column(model, 'mu')}, {column(model, 'sigma')}"
        f" FROM {connection.ops.quote_name(model._meta.db_table)}"
        f" WHERE {where} AND {user} IN ({', '.join(['%s'] * len(users))})"
        f" ORDER BY {user}{lock}"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [*scope.values(), *users])
        return {u: _Locked(pk, mu, sigma) for u, pk, mu, sigma in cursor.fetchall()}


def _create(
    model: type[Rating] | type[SeasonRating], scope: dict[str, Any], users: list[int], now: Any
) -> None:
    """New rows at the defaults (no game yet) for `users` in `scope`, those a concurrent
    first game made left as they are (bulk_create's ignore_conflicts)."""
    names = ["user", *scope, "mu", "sigma", "games", "updated_at"]
    one = "(" + ", ".join(["%s"] * len(names)) + ")"
    params = [v for u in users for v in (u, *scope.values(), MU, SIGMA, 0, now)]
    ops = connection.ops
    sql = (
        f"{ops.insert_statement(on_conflict=OnConflict.IGNORE)}"
        f" {ops.quote_name(model._meta.db_table)}"
        f" ({', '.join(column(model, name) for name in names)})"
        f" VALUES {', '.join([one] * len(users))}"
        f" {ops.on_conflict_suffix_sql([], OnConflict.IGNORE, [], [])}"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, params)


def _write(model: type[Rating] | type[SeasonRating], rows: list[_Locked], now: Any) -> None:
    """Each locked row's new mu and sigma, one more game, at `now`: one UPDATE, as
    bulk_update writes it, without the ORM's cost of building it per game (issue 14)."""
    if not rows:
        return
    pk = column(model, "id")
    sets: list[str] = []
    params: list[Any] = []
    for name in ("mu", "sigma"):
        value = "%s"
        if connection.features.requires_casted_case_in_updates:  # PostgreSQL: typed CASE
            value = "CAST(%s AS double precision)"
        whens = " ".join([f"WHEN %s THEN {value}"] * len(rows))
        sets.append(f"{column(model, name)} = CASE {pk} {whens} END")
        for row in rows:
            params += [row.pk, getattr(row, name)]
    games, updated_at = column(model, "games"), column(model, "updated_at")
    sets += [f"{games} = {games} + 1", f"{updated_at} = %s"]
    params.append(now)
    where = ", ".join(["%s"] * len(rows))
    params += [row.pk for row in rows]
    with connection.cursor() as cursor:
        table = connection.ops.quote_name(model._meta.db_table)
        cursor.execute(f"UPDATE {table} SET {', '.join(sets)} WHERE {pk} IN ({where})", params)


def game_rate(
    game: Game, seats: Sequence[Seat] | None = None, *, just_finished: bool = False
) -> RatedGame | None:
    """Rate a finished game once; None if it is not finished or was rated already.
    `seats`: its seats in play, if the caller read them; `just_finished`: the caller's
    commit finished it (a game finishes once, so it cannot be rated yet: not checked)."""
    if game.status != Game.Status.FINISHED or not game.outcome:
        return None
    if not just_finished and RatedGame.objects.filter(game=game).exists():
        return None
    slug = game.table.game_slug
    outcome = game.outcome
    scores = {int(k): float(v) for k, v in (outcome.get("scores") or {}).items()}
    teams, ranks = result_of(slug, outcome.get("winners") or [], scores, _seat_facts(game, seats))
    season = season_of(timezone.now())
    changes = _apply(slug, teams, ranks) if teams else {}
    if teams:
        _apply(slug, teams, ranks, season)
    rated = RatedGame(
        game=game,
        game_slug=slug,
        teams=teams,
        ranks=ranks,
        changes=changes,
        season=season,
        rated_at=timezone.now(),  # auto_now_add is the ORM's save's, not insert_rows'
    )
    return insert_rows([rated])[0]  # deferred in a batch (games.prepared.writes_deferred)


def ratings_refold(slug: str) -> None:
    """Recompute every rating of `slug` (all time and each season) from its rated games
    that stand, in order."""
    Rating.objects.filter(game_slug=slug).delete()
    SeasonRating.objects.filter(game_slug=slug).delete()
    rated = RatedGame.objects.filter(game_slug=slug, voided_at__isnull=True).order_by("pk")
    for rated_game in rated:
        if rated_game.teams:
            rated_game.changes = _apply(slug, rated_game.teams, rated_game.ranks)
            rated_game.save(update_fields=["changes"])
            if rated_game.season:
                _apply(slug, rated_game.teams, rated_game.ranks, rated_game.season)


def game_unrate(game: Game) -> bool:
    """Take a voided game out of the ratings; False if it was never rated (or is out)."""
    rated = RatedGame.objects.select_for_update().filter(game=game).first()
    if rated is None or rated.voided_at is not None:
        return False
    rated.voided_at = timezone.now()
    rated.save(update_fields=["voided_at"])
    if rated.teams:
        ratings_refold(rated.game_slug)
    return True


def ratings_follow(committed: Committed) -> None:
    """The commit's ratings: a voided game counts for nothing, a finished one is rated.
    (An aborted or abandoned game was never finished, so never rated.)"""
    if any(isinstance(event, GameVoided) for event in committed.events):
        game_unrate(committed.game)
    elif committed.after.status == Game.Status.FINISHED:
        just_finished = committed.before.status != Game.Status.FINISHED
        game_rate(committed.game, committed.seats, just_finished=just_finished)
