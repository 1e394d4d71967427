"""Who may act at all: the actor gates, in order. Every service that acts for a user calls
`authorise(user, action)` first ("play", "chat", "create_table", "join", and "host" for
running one's open table), so pages, API, websocket and tasks share one check; a gate
refuses by raising a ServiceError.

The list is written here, not registered from the apps' ready(), so the checks a move passes
can be read in one place.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from accounts.gates import deleted_account_gate
from moderation.enforcement import sanction_gate

Gate = Callable[[Any, str], None]

ACTOR_GATES: tuple[Gate, ...] = (
    deleted_account_gate,  # a deleted account acts nowhere (accounts)
    sanction_gate,  # a suspension or ban; the "stop table creation" switch (moderation, issue 5)
)


def authorise(user: Any, action: str) -> None:
    """Run every actor gate for `user` doing `action`; the first refusal propagates."""
    for gate in ACTOR_GATES:
        gate(user, action)
