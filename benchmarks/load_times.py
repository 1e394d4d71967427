"""Time to load a game with a 20-event and a 2,000-event log, in this process against the
configured database (called by bench_moves.py after the HTTP runs).

Two reads are timed (median of several runs, caches cleared before each):
- fold + view: read every event row, decode, fold with the game's evolve, then the view of
  one seat -- what the replay and the log of the game page cost;
- cached + view: read the game row, decode its cached state, view -- what a move, the API
  feed and the live page cost (the log never needs folding for them).
The 20-event log is a real game of The Resistance: Avalon cut at 20 events; the
2,000-event log is the benchmark-only "bench-marathon" game (benchmarks/marathon.py),
since no Resistance game gets that long.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from django.db import transaction
from django.utils import timezone

from games import log as game_log
from games.engine.core import apply, get_game, rng_for
from games.log import append, definition_of, encode_state, load_state, replay
from games.models import Game, GameEvent, Seat

from . import marathon  # noqa: F401  (registers "bench-marathon")
from .setup_games import create_games


def _rewrite_log(game: Game, moves: int) -> None:
    """Replace a fresh game's log with `moves` engine moves from the start (one transaction)."""
    definition = definition_of(game)
    state = load_state(game, definition)
    seq = game.state_seq
    with transaction.atomic():
        for _ in range(moves):
            pending = sorted(definition.pending_seats(state))
            if not pending:
                break
            seat = pending[0]
            move = definition.legal_moves(state, seat)[0]
            events, state = apply(definition, state, seat, move, rng_for(game.seed, seq))
            append(
                game,
                events,
                first_seq=seq + 1,
                actor_seat=seat,
                actor_kind="player",
                at=timezone.now(),
            )
            seq += len(events)
        game.state = encode_state(state)
        game.state_seq = seq
        game.save(update_fields=["state", "state_seq"])


def _median_ms(fn: Callable[[], Any], runs: int = 7) -> float:
    times = []
    for _ in range(runs):
        game_log._DECODED.clear()
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def _fold_and_view(game_id: int, limit: int | None) -> Any:
    game = Game.objects.select_related("table").get(pk=game_id)
    definition = definition_of(game)
    rows = GameEvent.objects.filter(game=game).order_by("seq")
    if limit is not None:
        rows = rows[:limit]
    state = None
    for step in replay(definition, rows.iterator()):
        state = step[2]
    return definition.view(state, 0)


def _cached_and_view(game_id: int) -> Any:
    game = Game.objects.select_related("table").get(pk=game_id)
    definition = definition_of(game)
    return definition.view(load_state(game, definition), 0)


def run() -> None:
    [(resistance_id, _)] = create_games(1, "resistance-avalon", 5)
    _rewrite_log(Game.objects.select_related("table").get(pk=resistance_id), 40)
    [(marathon_id, _)] = create_games(1, "bench-marathon", 2, {"length": 2000})
    _rewrite_log(Game.objects.select_related("table").get(pk=marathon_id), 999)
    long_events = GameEvent.objects.filter(game_id=marathon_id).count()
    assert long_events == 2000, long_events
    assert get_game("bench-marathon")
    assert Seat.objects.filter(table__game=marathon_id).exists()
    resistance_events = GameEvent.objects.filter(game_id=resistance_id).count()
    rows = [
        ("20-event log (Resistance, cut at 20)", resistance_id, 20),
        (f"{resistance_events}-event log (Resistance, whole)", resistance_id, None),
        (f"{long_events}-event log (bench-marathon)", marathon_id, None),
    ]
    print(
        f"{'load a game (median of 7, caches cleared)':<44} "
        f"{'fold + view':>12} {'cached + view':>14}"
    )
    for label, game_id, limit in rows:
        fold_ms = _median_ms(partial(_fold_and_view, game_id, limit))
        cached = (
            ""
            if limit is not None
            else f"{_median_ms(partial(_cached_and_view, game_id)):11.2f} ms"
        )
        print(f"  {label:<42} {fold_ms:9.2f} ms {cached:>14}")
