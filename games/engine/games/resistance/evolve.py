"""evolve: the pure fold of Resistance events into the state. Never random: every draw (the
deal, the first Leader) is already inside the events.

Each event type has its own step (`FOLDS`, looked up by the event's class): a game folds
about sixty events, most of them votes and quest cards, and a lookup finds a vote's step
without testing it against the event types before it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from games.engine.core import Event, replace

from . import events as ev
from .config import LADY_AFTER_ROUNDS, MAX_REJECTIONS
from .config import ResistanceConfig as _Config
from .roles import ASSASSINATE, LADY, OVER, PROPOSE, QUEST, VOTE, Phase
from .state import LadyRecord, ProposalRecord, QuestRecord, ResistanceState


def evolve(state: ResistanceState | None, event: Event) -> ResistanceState:
    """Apply one event. Never random: every draw is already inside the events."""
    step = FOLDS.get(event.__class__)
    if step is not None:
        if state is None:
            raise ValueError(f"{type(event).__name__} before the game was set up")
        return step(state, event)
    if isinstance(event, ev.GameSetUp):
        return ResistanceState(
            config=event.config,
            roles=event.roles,
            phase=PROPOSE,
            leader=event.leader,
            lady=event.lady,
        )
    if state is None:
        raise ValueError(f"{type(event).__name__} before the game was set up")
    raise TypeError(f"unknown event {type(event).__name__}")


def team_proposed(state: ResistanceState, event: ev.TeamProposed) -> ResistanceState:
    return replace(
        state, phase=VOTE, quest=event.quest, team=event.team, votes=(None,) * len(state.roles)
    )


def vote_cast(state: ResistanceState, event: ev.VoteCast) -> ResistanceState:
    votes = list(state.votes)
    votes[event.seat] = event.approve
    return replace(state, votes=tuple(votes))


def votes_revealed(state: ResistanceState, event: ev.VotesRevealed) -> ResistanceState:
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
        return replace(state, phase=QUEST, proposals=proposals, votes=(), cards=())
    rejections = state.rejections + 1
    return replace(
        state,
        # RA-15: the fifth rejection ends the game (GameEnded follows); RA-14 otherwise.
        phase=OVER if rejections >= MAX_REJECTIONS else PROPOSE,
        proposals=proposals,
        votes=(),
        rejections=rejections,
        **_next_leader(state),
    )


def _next_leader(state: ResistanceState) -> dict[str, Any]:
    """After a rejected team or a resolved quest: no team, no quest, the next Leader."""
    return {"team": frozenset(), "quest": None, "leader": state.next_seat(state.leader)}


def quest_card_played(state: ResistanceState, event: ev.QuestCardPlayed) -> ResistanceState:
    return replace(state, cards=(*state.cards, (event.seat, event.success)))


def quest_resolved(state: ResistanceState, event: ev.QuestResolved) -> ResistanceState:
    record = QuestRecord(
        round=state.round,
        quest=event.quest,
        team=state.team,
        fails=event.fails,
        succeeded=event.succeeded,
        cards=state.cards,
    )
    quests = (*state.quests, record)
    return replace(  # one copy: what follows is read from the new record list
        state,
        phase=_phase_after(state.config, quests, state.lady),
        quests=quests,
        cards=(),
        rejections=0,  # RA-19
        round=state.round + 1,
        **_next_leader(state),
    )


def next_phase(state: ResistanceState) -> Phase:
    """What follows a resolved quest: the end, the assassination, the Lady, or a new round."""
    return _phase_after(state.config, state.quests, state.lady)


def _phase_after(config: _Config, quests: tuple[QuestRecord, ...], lady: int | None) -> Phase:
    successes = sum(q.succeeded for q in quests)
    if len(quests) - successes >= 3:  # RA-20
        return OVER
    if successes >= 3:  # RA-21
        return ASSASSINATE if config.merlin_assassin else OVER
    if lady is not None and len(quests) in LADY_AFTER_ROUNDS:  # RA-24
        return LADY
    return PROPOSE


def lady_examined(state: ResistanceState, event: ev.LadyExamined) -> ResistanceState:
    record = LadyRecord(event.holder, event.seat, event.side)
    return replace(
        state, phase=PROPOSE, lady=event.seat, lady_history=(*state.lady_history, record)
    )


def assassinated(state: ResistanceState, event: ev.Assassinated) -> ResistanceState:
    return replace(state, phase=OVER, assassination=(event.target, event.hit))


def game_ended(state: ResistanceState, event: ev.GameEnded) -> ResistanceState:
    return replace(state, phase=OVER, winner=event.winner, reason=event.reason)


# Every event after the deal, by its class (the deal has no state before it).
FOLDS: Final[dict[type[Event], Callable[[ResistanceState, Any], ResistanceState]]] = {
    ev.TeamProposed: team_proposed,
    ev.VoteCast: vote_cast,
    ev.VotesRevealed: votes_revealed,
    ev.QuestCardPlayed: quest_card_played,
    ev.QuestResolved: quest_resolved,
    ev.LadyExamined: lady_examined,
    ev.Assassinated: assassinated,
    ev.GameEnded: game_ended,
}
