"""Reading and writing the event log and its cached fold (the domain's bridge to the engine).

`append` writes engine events as GameEvent rows; `load_state` decodes the cached state;
`replay` folds the log, yielding each event with the state just after it (for redaction,
the log and the replay). Used by both the services (writes) and the selectors (reads).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from games.engine.core import Event, GameDefinition, from_json, get_game, lookup, to_json
from games.engine.core.codec import register, type_name

from .models import Game, GameEvent

# The state class of each game, learnt from its first event: states need not be registered
# with the codec (only moves and events are), so the cache is decoded with an explicit class.
_STATE_TYPES: dict[str, type] = {}


@register("site.notice")
@dataclass(frozen=True)
class SiteNotice(Event):
    """A log entry outside the rules, written by moderation (a game voided, a seat handed
    to a bot or a substitute): shown to everyone as `text`, skipped by every game's fold."""

    kind: str
    text: str


def evolve(definition: GameDefinition[Any, Any], state: Any, event: Event) -> Any:
    """The game's fold step; site notices leave the state as it is."""
    if isinstance(event, SiteNotice):
        return state
    return definition.evolve(state, event)


def definition_of(game: Game) -> GameDefinition[Any, Any]:
    return get_game(game.table.game_slug)


def decode_event(row: GameEvent) -> Event:
    event: Event = from_json(row.payload, lookup(row.type))
    return event


def encode_state(state: Any) -> Any:
    return to_json(state)


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
) -> list[GameEvent]:
    """Append engine events to the log as rows numbered from `first_seq` (unique per game)."""
    rows = [
        GameEvent(
            game=game,
            seq=first_seq + i,
            type=type_name(event),
            payload=to_json(event),
            schema_version=getattr(event, "VERSION", 1),
            actor_seat=actor_seat,
            actor_kind=actor_kind,
        )
        for i, event in enumerate(events)
    ]
    return GameEvent.objects.bulk_create(rows)


def replay(
    definition: GameDefinition[Any, Any], rows: Iterable[GameEvent]
) -> Iterator[tuple[GameEvent, Event, Any]]:
    """Fold the log row by row: (row, event, state just after it)."""
    state: Any = None
    for row in rows:
        event = decode_event(row)
        state = evolve(definition, state, event)
        yield row, event, state


# Statuses that fit a fold with (or without) an outcome: moderation may close a game either
# way (abort, void), but only the rules finish one, and a finished game stays finished.
_STATUSES_WITH_OUTCOME = {Game.Status.FINISHED, Game.Status.VOIDED}
_STATUSES_WITHOUT_OUTCOME = {Game.Status.PLAYING, Game.Status.ABORTED, Game.Status.VOIDED}


def fold_check(game: Game) -> dict[str, Any]:
    """Rebuild the state from the log with the game's fold and compare it with the cache
    (state and seq) and with the status. Reads only; `ok` is False on any difference."""
    definition = definition_of(game)
    rows = GameEvent.objects.filter(game=game).order_by("seq")
    state: Any = None
    last_seq = events = 0
    for row, _event, after in replay(definition, rows.iterator()):
        state, last_seq, events = after, row.seq, events + 1
    rebuilt = encode_state(state) if state is not None else None
    cached = game.state
    differing: list[str] = []
    if isinstance(rebuilt, dict) and isinstance(cached, dict):
        differing = sorted(
            k for k in rebuilt.keys() | cached.keys() if rebuilt.get(k) != cached.get(k)
        )
    elif rebuilt != cached:
        differing = ["state"]
    over = state is not None and definition.outcome(state) is not None
    if game.status not in (_STATUSES_WITH_OUTCOME if over else _STATUSES_WITHOUT_OUTCOME):
        differing.append("status")
    return {
        "ok": not differing and last_seq == game.state_seq == events,
        "events": events,
        "log_seq": last_seq,
        "state_seq": game.state_seq,
        "status": game.status,
        "differing": differing,
    }
