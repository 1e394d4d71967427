"""The state of a game of The Resistance: Avalon, its records, and the queries the rules ask
of it.

The state holds the whole truth (roles, pending votes, who played which quest card);
evolve.py folds events into it and views.py decides what each seat may see of it.
"""

from __future__ import annotations

from games.engine.core import Registered

from .config import QUESTS, ResistanceConfig, fails_needed
from .roles import Phase, Role, Side


class ResistanceRecord(Registered, prefix="ra"):
    """Parts of its state: frozen dataclasses the codec names "ra.<snake_case name>"."""


class ProposalRecord(ResistanceRecord):
    """A proposed team and its revealed vote (public once revealed, RA-13)."""

    proposal: int  # 1-based count over the whole game
    round: int
    quest: int
    leader: int
    team: frozenset[int]
    votes: tuple[bool, ...]
    approved: bool


class QuestRecord(ResistanceRecord):
    """A resolved quest. `cards` (who played what) stays private until the end (RA-17)."""

    round: int
    quest: int
    team: frozenset[int]
    fails: int
    succeeded: bool
    cards: tuple[tuple[int, bool], ...]


class LadyRecord(ResistanceRecord):
    holder: int
    seat: int  # the examined player
    side: Side  # shown to the holder only until the end (RA-24)


class ResistanceState(ResistanceRecord, wire="ra.state"):
    config: ResistanceConfig
    roles: tuple[Role, ...]
    phase: Phase
    leader: int
    round: int = 1
    quest: int | None = None  # the quest being attempted once a team is proposed
    team: frozenset[int] = frozenset()
    rejections: int = 0  # consecutive rejections this round (RA-15)
    votes: tuple[bool | None, ...] = ()  # pending votes, None: not yet voted
    cards: tuple[tuple[int, bool], ...] = ()  # pending quest cards, in play order
    proposals: tuple[ProposalRecord, ...] = ()
    quests: tuple[QuestRecord, ...] = ()
    lady: int | None = None  # the token's holder (public, RA-24)
    lady_history: tuple[LadyRecord, ...] = ()
    assassination: tuple[int, bool] | None = None  # (target, hit)
    winner: Side | None = None
    reason: str | None = None

    @property
    def players(self) -> int:
        # The rules' and views' paths run at every move read `len(roles)` itself: a
        # property is a Python call, about ten times the cost of `len`.
        return len(self.roles)

    def seats_with(self, *roles: Role) -> list[int]:
        return [s for s, r in enumerate(self.roles) if r in roles]

    def side_of(self, seat: int) -> Side:
        return self.roles[seat].side

    def result_of(self, quest: int) -> QuestRecord | None:
        return next((q for q in self.quests if q.quest == quest), None)

    def successes(self) -> int:
        return sum(q.succeeded for q in self.quests)

    def failures(self) -> int:
        return sum(not q.succeeded for q in self.quests)

    def lady_past_holders(self) -> frozenset[int]:
        """Everyone who has held the token: they may not be examined (RA-24)."""
        if self.lady is None:
            return frozenset()
        return frozenset({self.lady, *(r.holder for r in self.lady_history)})

    def next_seat(self, seat: int) -> int:
        return (seat + 1) % len(self.roles)


def quest_succeeds(state: ResistanceState, quest: int, fails: int) -> bool:
    """RA-18: fewer Fails than the quest needs means success."""
    return fails < fails_needed(len(state.roles), quest)


def attemptable_quests(state: ResistanceState) -> list[int]:
    """The quests the Leader may pick now (RA-25); without Targeting, the next in order."""
    done = {q.quest for q in state.quests}
    if not state.config.targeting:
        return [len(state.quests) + 1]
    open_quests = [q for q in range(1, QUESTS + 1) if q not in done]
    # RA-25: quest 5 waits until at least two quests have succeeded.
    return [q for q in open_quests if q != QUESTS or state.successes() >= 2]
