"""Plug-in points of the move path, plain function registries (no signals drive the core flow).

- `in_transaction` hooks run inside move_submit/table_start's transaction, after the events
  are appended and the cache evolved: time controls set per-seat deadlines here (issue 7).
- `after_commit` hooks run once the transaction committed, with the game and its new
  events: notifications ("your turn", "game over") are queued here.

A hook takes (game, events, state) where `events` are the GameEvent rows just appended and
`state` is the engine state after them.

- `actor_gates` decide whether a user may act at all ("play", "chat", "create_table",
  "join"); a gate raises a ServiceError to refuse. Every service that acts for a user calls
  `authorise` first, so pages, API, websocket and tasks share one check (moderation, issue 5,
  registers the sanction and site-switch gate).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from games.models import Game, GameEvent

Hook = Callable[["Game", Sequence["GameEvent"], Any], None]

in_transaction: list[Hook] = []
after_commit: list[Hook] = []
Gate = Callable[[Any, str], None]
actor_gates: list[Gate] = []


def register_actor_gate(gate: Gate) -> Gate:
    """Decorator: `gate(user, action)` raises a ServiceError when the user may not act."""
    if gate not in actor_gates:
        actor_gates.append(gate)
    return gate


def authorise(user: Any, action: str) -> None:
    """Run every actor gate for `user` doing `action`; the first refusal propagates."""
    for gate in list(actor_gates):
        gate(user, action)


def register_in_transaction(hook: Hook) -> Hook:
    """Decorator: run `hook` inside the move transaction (e.g. to set deadlines)."""
    if hook not in in_transaction:
        in_transaction.append(hook)
    return hook


def register_after_commit(hook: Hook) -> Hook:
    """Decorator: run `hook` after the move committed (e.g. to queue notifications)."""
    if hook not in after_commit:
        after_commit.append(hook)
    return hook


def run(hooks: Sequence[Hook], game: Game, events: Sequence[GameEvent], state: Any) -> None:
    for hook in list(hooks):
        hook(game, events, state)
