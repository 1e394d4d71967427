"""Build Resistance states by hand: a chosen deal, then moves through the real engine."""

from __future__ import annotations

from collections.abc import Iterable

from games.engine.core import Move, apply, fold, rng_for
from games.engine.games.resistance import GAME, ResistanceConfig
from games.engine.games.resistance.events import GameSetUp
from games.engine.games.resistance.moves import PlayQuestCard, ProposeTeam, Vote
from games.engine.games.resistance.roles import Role
from games.engine.games.resistance.state import ResistanceState

SHORT = {
    "M": Role.MERLIN,
    "P": Role.PERCIVAL,
    "S": Role.SERVANT,
    "A": Role.ASSASSIN,
    "D": Role.MORDRED,
    "G": Role.MORGANA,
    "O": Role.OBERON,
    "m": Role.MINION,
}


def roles(spec: str) -> tuple[Role, ...]:
    """ "MSSAm" -> Merlin, Servant, Servant, Assassin, Minion (seat order)."""
    return tuple(SHORT[c] for c in spec)


def table(
    spec: str, *, leader: int = 0, config: ResistanceConfig | None = None, lady: int | None = None
) -> ResistanceState:
    config = config or ResistanceConfig()
    if config.lady_of_the_lake and lady is None:
        lady = (leader - 1) % len(spec)
    state: ResistanceState = fold(GAME, [GameSetUp(config, roles(spec), leader, lady)])
    return state


def play(state: ResistanceState, seat: int, move: Move) -> ResistanceState:
    _, after = apply(GAME, state, seat, move, rng_for("test", len(state.proposals)))
    return after  # type: ignore[no-any-return]


def propose(
    state: ResistanceState, team: Iterable[int], quest: int | None = None
) -> ResistanceState:
    return play(state, state.leader, ProposeTeam(frozenset(team), quest))


def vote(state: ResistanceState, approvers: Iterable[int] | bool) -> ResistanceState:
    if isinstance(approvers, bool):
        yes = set(range(state.players)) if approvers else set()
    else:
        yes = set(approvers)
    for seat in range(state.players):
        state = play(state, seat, Vote(seat in yes))
    return state


def quest(state: ResistanceState, failers: Iterable[int] = ()) -> ResistanceState:
    bad = set(failers)
    for seat in sorted(state.team):
        state = play(state, seat, PlayQuestCard(seat not in bad))
    return state


def round_(
    state: ResistanceState, team: Iterable[int], failers: Iterable[int] = (), q: int | None = None
) -> ResistanceState:
    """Propose `team`, approve it unanimously, and play the quest with `failers` failing."""
    return quest(vote(propose(state, team, q), True), failers)
