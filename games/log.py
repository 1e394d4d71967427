"""Reading and writing the event log and its cached fold (the domain's bridge to the engine).

`append` writes engine events as GameEvent rows; `load_state` decodes the cached state;
`replay` folds the log, yielding each event with the state just after it (for redaction,
the log and the replay). Used by both the services (writes) and the selectors (reads).
"""

from __future__ import annotations

import datetime as dt
import threading
from collections import OrderedDict
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from games.engine.core import Event, GameDefinition, from_json, get_game, lookup, to_json
from games.engine.core.codec import to_json_against, type_name

from .lifecycle import Lifecycle, SystemEvent, lifecycle_step
from .lifecycle import SiteNotice as SiteNotice  # its old home: callers may import it here
from .models import Game, GameEvent
from .prepared import insert_rows

# The state class of each game, learnt from its first event: states need not be registered
# with the codec (only moves and events are), so the cache is decoded with an explicit class.
_STATE_TYPES: dict[str, type] = {}


def evolve(definition: GameDefinition[Any, Any], state: Any, event: Event) -> Any:
    """The game's fold step; system events (games.lifecycle) leave the state as it is."""
    if isinstance(event, SystemEvent):
        return state
    return definition.evolve(state, event)


def definition_of(game: Game) -> GameDefinition[Any, Any]:
    return get_game(game.table.game_slug)


def decode_event(row: GameEvent) -> Event:
    event: Event = from_json(row.payload, lookup(row.type))
    return event


def encode_state(state: Any, before: Any = None, before_json: Any = None) -> Any:
    """The JSON stored of `state`; given the state before it and that state's stored JSON,
    only what changed between them is encoded (codec.to_json_against)."""
    if before is None or before_json is None:
        return to_json(state)
    return to_json_against(state, before, before_json)


def _state_type(game: Game, definition: GameDefinition[Any, Any]) -> type:
    slug = definition.slug
    if slug not in _STATE_TYPES:
        first = GameEvent.objects.filter(game=game).order_by("seq").first()
        if first is None:
            raise ValueError(f"game {game.pk} has no events")
        _STATE_TYPES[slug] = type(definition.evolve(None, decode_event(first)))
    return _STATE_TYPES[slug]


def remember_state_type(definition: GameDefinition[Any, Any], state: Any) -> None:
    _STATE_TYPES.setdefault(definition.slug, type(state))


# Decoded states by (game id, seed, seq). A state at a given seq never changes (the log is
# append-only and every change bumps state_seq), and states are frozen values, so sharing
# them between requests is safe; decoding is the costliest part of reading a game. The
# seed is in the key because an id can be reused after a rolled-back transaction.
_DECODED: OrderedDict[tuple[int, str, int], Any] = OrderedDict()
_DECODED_MAX = 512
_LOCK = threading.Lock()


def load_state(game: Game, definition: GameDefinition[Any, Any] | None = None) -> Any:
    """The cached state of `game` as an engine value (no fold)."""
    key = (game.pk, game.seed, game.state_seq)
    with _LOCK:
        if key in _DECODED:
            _DECODED.move_to_end(key)
            return _DECODED[key]
    definition = definition or definition_of(game)
    state: Any = from_json(game.state, _state_type(game, definition))
    remember_decoded(game, state)
    return state


def remember_decoded(game: Game, state: Any) -> None:
    """Keep a state just computed (by a move) so the next read needs no decoding."""
    with _LOCK:
        key = (game.pk, game.seed, game.state_seq)
        _DECODED[key] = state
        _DECODED.move_to_end(key)
        while len(_DECODED) > _DECODED_MAX:
            _DECODED.popitem(last=False)


def append(
    game: Game,
    events: Sequence[Event],
    *,
    first_seq: int,
    actor_seat: int | None,
    actor_kind: str,
    at: dt.datetime,
) -> list[GameEvent]:
    """Append events to the log as rows numbered from `first_seq` (unique per game), logged
    at `at` (the service's now: a game's finish time is its closing event's)."""
    rows = [
        GameEvent(
            game=game,
            seq=first_seq + i,
            type=type_name(event),
            payload=to_json(event),
            schema_version=getattr(event, "VERSION", 1),
            actor_seat=actor_seat,
            actor_kind=actor_kind,
            created_at=at,
        )
        for i, event in enumerate(events)
    ]
    return insert_rows(rows)


def replay(
    definition: GameDefinition[Any, Any], rows: Iterable[GameEvent]
) -> Iterator[tuple[GameEvent, Event, Any]]:
    """Fold the log row by row: (row, event, state just after it)."""
    state: Any = None
    for row in rows:
        event = decode_event(row)
        state = evolve(definition, state, event)
        yield row, event, state


def fold_check(game: Game) -> dict[str, Any]:
    """Rebuild the state and the lifecycle (status, finished_at, outcome) from the log with
    the game's fold and compare them with the cache. Reads only; `ok` is False on any
    difference."""
    definition = definition_of(game)
    rows = GameEvent.objects.filter(game=game).order_by("seq")
    state: Any = None
    lifecycle = Lifecycle()
    last_seq = events = 0
    for row, event, after in replay(definition, rows.iterator()):
        state, last_seq, events = after, row.seq, events + 1
        lifecycle = lifecycle_step(lifecycle, event, row.created_at, state, definition)
    rebuilt = encode_state(state) if state is not None else None
    cached = game.state
    differing: list[str] = []
    if isinstance(rebuilt, dict) and isinstance(cached, dict):
        differing = sorted(
            k for k in rebuilt.keys() | cached.keys() if rebuilt.get(k) != cached.get(k)
        )
    elif rebuilt != cached:
        differing = ["state"]
    differing += [
        name
        for name in ("status", "finished_at", "outcome")
        if getattr(lifecycle, name) != getattr(game, name)
    ]
    return {
        "ok": not differing and last_seq == game.state_seq == events,
        "events": events,
        "log_seq": last_seq,
        "state_seq": game.state_seq,
        "status": game.status,
        "log_status": lifecycle.status,
        "differing": differing,
    }
