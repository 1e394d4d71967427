"""The log as one viewer may see it: the only place events are redacted (design: "one
playerView function"). Every reader of the log goes through `log_as_seen`: the broadcast
after a commit, the events selector (API, game page, websocket catch-up, your-data export),
the replay page and the moderators' full log, so no two of them can show different things.

A viewer is a seat, None for spectators, or FULL for the unredacted log (a moderator's
audited view, or a finished game's replay with everything revealed, RA-23).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator
from typing import Any

from games.engine.core import JSON, Event, GameDefinition, Seat, to_json

from .log import SiteNotice, definition_of, replay
from .models import Game, GameEvent


class FullView(enum.Enum):
    FULL = "full"


FULL = FullView.FULL
Perspective = Seat | None | FullView

# A row of the log, its decoded event and the game state just after it (what redaction needs).
Step = tuple[GameEvent, Event, Any]


def log_steps(game: Game, definition: GameDefinition[Any, Any] | None = None) -> Iterator[Step]:
    """Fold the game's whole log from its first event, row by row."""
    rows = GameEvent.objects.filter(game=game).order_by("seq")
    return replay(definition or definition_of(game), rows.iterator())


def event_entry(row: GameEvent, shown: dict[str, JSON]) -> dict[str, JSON]:
    """One entry of a log as sent and rendered: the row's facts and the event as shown."""
    return {
        "seq": row.seq,
        "type": row.type,
        "actor_seat": row.actor_seat,
        "actor_kind": row.actor_kind,
        "created_at": row.created_at.isoformat(),
        "event": shown,
    }


def _shown(
    definition: GameDefinition[Any, Any], event: Event, viewer: Perspective, state: Any
) -> dict[str, JSON] | None:
    """`event` as `viewer` may see it with `state` just after it (None: not at all)."""
    # Site notices are the site's word to everyone, not a rule event of the game.
    if viewer is FULL or isinstance(event, SiteNotice):
        return dict(to_json(event))
    return definition.redact(event, viewer, state)


def log_as_seen(
    definition: GameDefinition[Any, Any],
    steps: Iterable[Step],
    viewer: Perspective,
    *,
    after_seq: int = 0,
) -> list[dict[str, JSON]]:
    """The entries of `steps` past `after_seq` as `viewer` may see them, each event redacted
    with the state just after it; an event the viewer may not see at all is left out."""
    out: list[dict[str, JSON]] = []
    for row, event, state in steps:
        if row.seq <= after_seq:
            continue
        shown = _shown(definition, event, viewer, state)
        if shown is not None:
            out.append(event_entry(row, shown))
    return out
