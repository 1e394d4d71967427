"""evolve: the pure fold of Resistance events into the state. Never random: every draw (the
deal, the first Leader) is already inside the events."""

from __future__ import annotations

from typing import Any

from games.engine.core import Event, replace

from . import events as ev
from .config import LADY_AFTER_ROUNDS, MAX_REJECTIONS
from .roles import Phase
from .state import LadyRecord, ProposalRecord, QuestRecord, ResistanceState


def evolve(state: ResistanceState | None, event: Event) -> ResistanceState:
    """Apply one event. Never random: every draw is already inside the events."""
    if isinstance(event, ev.GameSetUp):
        return ResistanceState(
            config=event.config,
            roles=event.roles,
            phase=Phase.PROPOSE,
            leader=event.leader,
            lady=event.lady,
        )
    if state is None:
        raise ValueError(f"{type(event).__name__} before the game was set up")
    if isinstance(event, ev.TeamProposed):
        return replace(
            state,
            phase=Phase.VOTE,
            quest=event.quest,
            team=event.team,
            votes=(None,) * state.players,
        )
    if isinstance(event, ev.VoteCast):
        votes = list(state.votes)
        votes[event.seat] = event.approve
        return replace(state, votes=tuple(votes))
    if isinstance(event, ev.VotesRevealed):
        return _votes_revealed(state, event)
    if isinstance(event, ev.QuestCardPlayed):
        return replace(state, cards=(*state.cards, (event.seat, event.success)))
    if isinstance(event, ev.QuestResolved):
        return _quest_resolved(state, event)
    if isinstance(event, ev.LadyExamined):
        record = LadyRecord(event.holder, event.seat, event.side)
        return replace(
            state,
            phase=Phase.PROPOSE,
            lady=event.seat,
            lady_history=(*state.lady_history, record),
        )
    if isinstance(event, ev.Assassinated):
        return replace(state, phase=Phase.OVER, assassination=(event.target, event.hit))
    if isinstance(event, ev.GameEnded):
        return replace(state, phase=Phase.OVER, winner=event.winner, reason=event.reason)
    raise TypeError(f"unknown event {type(event).__name__}")


def _votes_revealed(state: ResistanceState, event: ev.VotesRevealed) -> ResistanceState:
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
        return replace(state, phase=Phase.QUEST, proposals=proposals, votes=(), cards=())
    rejections = state.rejections + 1
    return replace(
        state,
        # RA-15: the fifth rejection ends the game (GameEnded follows); RA-14 otherwise.
        phase=Phase.OVER if rejections >= MAX_REJECTIONS else Phase.PROPOSE,
        proposals=proposals,
        votes=(),
        rejections=rejections,
        **_next_leader(state),
    )


def _next_leader(state: ResistanceState) -> dict[str, Any]:
    """After a rejected team or a resolved quest: no team, no quest, the next Leader."""
    return {"team": frozenset(), "quest": None, "leader": state.next_seat(state.leader)}


def _quest_resolved(state: ResistanceState, event: ev.QuestResolved) -> ResistanceState:
    record = QuestRecord(
        round=state.round,
        quest=event.quest,
        team=state.team,
        fails=event.fails,
        succeeded=event.succeeded,
        cards=state.cards,
    )
    after = replace(
        state,
        quests=(*state.quests, record),
        cards=(),
        rejections=0,  # RA-19
        round=state.round + 1,
        **_next_leader(state),
    )
    return replace(after, phase=next_phase(after))


def next_phase(state: ResistanceState) -> Phase:
    """What follows a resolved quest: the end, the assassination, the Lady, or a new round."""
    if state.failures() >= 3:  # RA-20
        return Phase.OVER
    if state.successes() >= 3:  # RA-21
        return Phase.ASSASSINATE if state.config.merlin_assassin else Phase.OVER
    if state.lady is not None and len(state.quests) in LADY_AFTER_ROUNDS:  # RA-24
        return Phase.LADY
    return Phase.PROPOSE
