"""What happened in a game of The Resistance: Avalon: past-tense, frozen, registered.

Who may see each event is declared by `audience()`; events with a private and a public
part (a vote, a quest card, a Lady of the Lake examination) are split by views.redact.
"""

from __future__ import annotations

from games.engine.core import Event, Registered
from games.engine.core.audience import SeatPrivate, Undisclosed

from .config import ResistanceConfig
from .roles import Role, Side


class ResistanceEvent(Event, Registered, prefix="ra"):
    """The game's events: frozen dataclasses the codec names "ra.<snake_case name>"."""


class GameSetUp(Undisclosed, ResistanceEvent):
    """RA-5: the deal, the first Leader and the Lady's first holder, all drawn at random.

    Private as a whole: each seat sees only its own role and its night knowledge.
    """

    config: ResistanceConfig
    roles: tuple[Role, ...]
    leader: int
    lady: int | None


class TeamProposed(ResistanceEvent):
    leader: int
    quest: int
    team: frozenset[int]


class VoteCast(SeatPrivate, ResistanceEvent):
    """RA-W1: private to the voter; others learn only that the seat has voted."""

    seat: int
    approve: bool


class VotesRevealed(ResistanceEvent):
    """RA-13: every vote, with who voted what, once all have voted."""

    proposal: int
    votes: tuple[bool, ...]
    approved: bool


class QuestCardPlayed(SeatPrivate, ResistanceEvent):
    """RA-16, RA-W1: private to the player; others learn only that the seat has played."""

    seat: int
    success: bool


class QuestResolved(ResistanceEvent):
    """RA-17, RA-18: the shuffled reveal: only how many Fails, never whose."""

    quest: int
    fails: int
    succeeded: bool


class LadyExamined(ResistanceEvent):
    """RA-24: the allegiance goes to the holder alone; everyone sees who examined whom."""

    holder: int
    seat: int  # the examined player
    side: Side

    def audience(self) -> frozenset[int] | None:
        return frozenset({self.holder})


class Assassinated(ResistanceEvent, wire="ra.assassination"):
    """RA-22: whom the Assassin named and whether it was Merlin."""

    assassin: int
    target: int
    hit: bool


class GameEnded(ResistanceEvent):
    """RA-20, RA-21, RA-22, RA-15: who won and why; RA-23: every role, to everyone."""

    winner: Side
    reason: str
    roles: tuple[Role, ...]
