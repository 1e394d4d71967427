"""What one commit of a game hands to the steps that follow it (games.services.commit): the
events just appended, the state and the lifecycle before and after them, and the seats as
the commit read them (each step uses these instead of reading the game again)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from games.engine.core import JSON, Event
from games.lifecycle import Lifecycle
from games.models import Game, GameEvent, Seat


@dataclass(frozen=True)
class Committed:
    game: Game  # the row, saved with the new cache and lifecycle (its table loaded)
    rows: tuple[GameEvent, ...]  # the log entries just appended, in order
    events: tuple[Event, ...]  # the same entries as engine values
    states: tuple[Any, ...]  # the state just after each event (redaction reads it)
    state_before: Any  # None when this commit dealt the game
    before: Lifecycle
    after: Lifecycle
    # The seats in play (games.selectors.seats_in_play), kept up to date by the steps that
    # change them in the transaction (deadlines), so the broadcast shows what was written.
    seats: tuple[Seat, ...]
    # Each viewer's payload as the broadcast sent it (seat; None: spectators), of the viewers
    # listening and the movers: the mover's reply reuses its own instead of reading the game.
    payloads: dict[int | None, dict[str, JSON]] = field(default_factory=dict)

    @property
    def state(self) -> Any:
        """The state after the commit."""
        return self.states[-1] if self.states else self.state_before

    @property
    def started(self) -> bool:
        """This commit dealt the game (the table's start)."""
        return self.state_before is None

    @property
    def entries(self) -> list[tuple[GameEvent, Event, Any]]:
        """(row, event, state just after it) per event: what each seat is shown."""
        return list(zip(self.rows, self.events, self.states, strict=True))
