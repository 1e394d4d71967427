"""The state of a game of The Resistance: Avalon and `evolve`, the pure fold over events.

The state holds the whole truth (roles, pending votes, who played which quest card);
views.py decides what each seat may see of it.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from games.engine.core import Event, register

from .config import LADY_AFTER_ROUNDS, MAX_REJECTIONS, QUESTS, ResistanceConfig, fails_needed
from .events import (
    Assassinated,
    GameEnded,
    GameSetUp,
    LadyExamined,
    QuestCardPlayed,
    QuestResolved,
    TeamProposed,
    VoteCast,
    VotesRevealed,
)
from .roles import Phase, Role, Side


@register("ra.proposal_record")
@dataclass(frozen=True)
class ProposalRecord:
    """A proposed team and its revealed vote (public once revealed, RA-13)."""

    proposal: int  # 1-based count over the whole game
    round: int
    quest: int
    leader: int
    team: frozenset[int]
    votes: tuple[bool, ...]
    approved: bool


@register("ra.quest_record")
@dataclass(frozen=True)
class QuestRecord:
    """A resolved quest. `cards` (who played what) stays private until the end (RA-17)."""

    round: int
    quest: int
    team: frozenset[int]
    fails: int
    succeeded: bool
    cards: tuple[tuple[int, bool], ...]


@register("ra.lady_record")
@dataclass(frozen=True)
class LadyRecord:
    holder: int
    seat: int  # the examined player
    side: Side  # shown to the holder only until the end (RA-24)


@register("ra.state")
@dataclass(frozen=True)
class ResistanceState:
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
        return (seat + 1) % self.players


def evolve(state: ResistanceState | None, event: Event) -> ResistanceState:
    """Apply one event. Never random: every draw is already inside the events."""
    if isinstance(event, GameSetUp):
        return ResistanceState(
            config=event.config,
            roles=event.roles,
            phase=Phase.PROPOSE,
            leader=event.leader,
            lady=event.lady,
        )
    if state is None:
        raise ValueError(f"{type(event).__name__} before the game was set up")
    replace = dataclasses.replace
    if isinstance(event, TeamProposed):
        return replace(
            state,
            phase=Phase.VOTE,
            quest=event.quest,
            team=event.team,
            votes=(None,) * state.players,
        )
    if isinstance(event, VoteCast):
        votes = list(state.votes)
        votes[event.seat] = event.approve
        return replace(state, votes=tuple(votes))
    if isinstance(event, VotesRevealed):
        return _votes_revealed(state, event)
    if isinstance(event, QuestCardPlayed):
        return replace(state, cards=(*state.cards, (event.seat, event.success)))
    if isinstance(event, QuestResolved):
        return _quest_resolved(state, event)
    if isinstance(event, LadyExamined):
        record = LadyRecord(event.holder, event.seat, event.side)
        return replace(
            state,
            phase=Phase.PROPOSE,
            lady=event.seat,
            lady_history=(*state.lady_history, record),
        )
    if isinstance(event, Assassinated):
        return replace(state, phase=Phase.OVER, assassination=(event.target, event.hit))
    if isinstance(event, GameEnded):
        return replace(state, phase=Phase.OVER, winner=event.winner, reason=event.reason)
    raise TypeError(f"unknown event {type(event).__name__}")


def _votes_revealed(state: ResistanceState, event: VotesRevealed) -> ResistanceState:
    assert state.quest is not None
    record = ProposalRecord(
        proposal=event.proposal,
        round=state.round,
        quest=state.quest,
        leader=state.leader,
        team=state.team,
        votes=event.votes,
        approved=event.approved,
    )
    proposals = (*state.proposals, record)
    if event.approved:
        return dataclasses.replace(
            state, phase=Phase.QUEST, proposals=proposals, votes=(), cards=()
        )
    rejections = state.rejections + 1
    return dataclasses.replace(
        state,
        # RA-15: the fifth rejection ends the game (GameEnded follows); RA-14 otherwise.
        phase=Phase.OVER if rejections >= MAX_REJECTIONS else Phase.PROPOSE,
        proposals=proposals,
        votes=(),
        team=frozenset(),
        quest=None,
        rejections=rejections,
        leader=state.next_seat(state.leader),
    )


def _quest_resolved(state: ResistanceState, event: QuestResolved) -> ResistanceState:
    record = QuestRecord(
        round=state.round,
        quest=event.quest,
        team=state.team,
        fails=event.fails,
        succeeded=event.succeeded,
        cards=state.cards,
    )
    after = dataclasses.replace(
        state,
        quests=(*state.quests, record),
        cards=(),
        team=frozenset(),
        quest=None,
        rejections=0,  # RA-19
        leader=state.next_seat(state.leader),
        round=state.round + 1,
    )
    return dataclasses.replace(after, phase=next_phase(after))


def next_phase(state: ResistanceState) -> Phase:
    """What follows a resolved quest: the end, the assassination, the Lady, or a new round."""
    if state.failures() >= 3:  # RA-20
        return Phase.OVER
    if state.successes() >= 3:  # RA-21
        return Phase.ASSASSINATE if state.config.merlin_assassin else Phase.OVER
    if state.lady is not None and len(state.quests) in LADY_AFTER_ROUNDS:  # RA-24
        return Phase.LADY
    return Phase.PROPOSE


def quest_succeeds(state: ResistanceState, quest: int, fails: int) -> bool:
    """RA-18: fewer Fails than the quest needs means success."""
    return fails < fails_needed(state.players, quest)


def attemptable_quests(state: ResistanceState) -> list[int]:
    """The quests the Leader may pick now (RA-25); without Targeting, the next in order."""
    done = {q.quest for q in state.quests}
    if not state.config.targeting:
        return [len(state.quests) + 1]
    open_quests = [q for q in range(1, QUESTS + 1) if q not in done]
    # RA-25: quest 5 waits until at least two quests have succeeded.
    return [q for q in open_quests if q != QUESTS or state.successes() >= 2]
