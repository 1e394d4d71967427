"""evolve: the pure fold of Resistance events into the state. Never random: every draw (the
deal, the first Leader) is already inside the events."""

from __future__ import annotations

import dataclasses

from games.engine.core import Event

from .config import LADY_AFTER_ROUNDS, MAX_REJECTIONS
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
from .roles import Phase
from .state import LadyRecord, ProposalRecord, QuestRecord, ResistanceState


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
