"""The rules of The Resistance: Avalon as the engine asks for them: the deal (`setup`), whose
turn it is, what is legal, `decide` (a legal move into events, or a refusal in words a player
understands), what a timeout plays, and the outcome.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache, lru_cache
from itertools import combinations
from random import Random
from typing import Final

from games.engine.core import N_, Event, IllegalMove, Move, Outcome, msg
from games.engine.core.memo import last_answer

from . import events as ev
from .config import MAX_PLAYERS, MAX_REJECTIONS, QUESTS, SIDES, ResistanceConfig, quest_size
from .evolve import FOLDS
from .knowledge import known_evil
from .moves import (
    APPROVE,
    FAIL,
    REJECT,
    SUCCESS,
    Assassinate,
    Examine,
    PlayQuestCard,
    ProposeTeam,
    Vote,
)
from .roles import ASSASSINATE, EVIL, GOOD, LADY, PROPOSE, QUEST, VOTE, Phase, Role, Side
from .state import ResistanceState, attemptable_quests, quest_succeeds

SUMMARIES: Final = {
    "five_rejections": N_("Evil wins: five teams were rejected in a row."),
    "three_fails": N_("Evil wins: three quests failed."),
    "three_successes": N_("Good wins: three quests succeeded."),
    "assassination": N_("Evil wins: the Assassin found Merlin."),
    "merlin_survived": N_("Good wins: three quests succeeded and the Assassin missed Merlin."),
}

PHASE_ACTIONS: Final = {
    Phase.PROPOSE: (ProposeTeam, N_("the Leader proposes a team")),
    Phase.VOTE: (Vote, N_("everyone votes on the proposed team")),
    Phase.QUEST: (PlayQuestCard, N_("the team plays quest cards")),
    Phase.LADY: (Examine, N_("the Lady of the Lake examines a player")),
    Phase.ASSASSINATE: (Assassinate, N_("the Assassin names Merlin")),
}


def setup(config: ResistanceConfig, players: int, rng: Random) -> list[Event]:
    """RA-2, RA-3, RA-5: shuffle the characters, pick the Leader, give the Lady her holder."""
    good, evil = SIDES[players]
    specials_good = [Role.MERLIN] * config.merlin_assassin + [Role.PERCIVAL] * config.percival
    specials_evil = (
        [Role.ASSASSIN] * config.merlin_assassin
        + [Role.MORDRED] * config.mordred
        + [Role.MORGANA] * config.morgana
        + [Role.OBERON] * config.oberon
    )
    roles = (
        specials_good
        + [Role.SERVANT] * (good - len(specials_good))
        + specials_evil
        + [Role.MINION] * (evil - len(specials_evil))
    )
    rng.shuffle(roles)
    leader = rng.randrange(players)
    # RA-5: the Lady starts with the player to the Leader's right (before them in seat order).
    lady = (leader - 1) % players if config.lady_of_the_lake else None
    return [ev.GameSetUp(config=config, roles=tuple(roles), leader=leader, lady=lady)]


@last_answer  # asked several times of the same state a move
def pending_seats(state: ResistanceState) -> frozenset[int]:
    phase = state.phase  # the phases most moves are made in first
    if phase is VOTE:  # RA-13, RA-W1: everyone, in any order
        return _not_voted(state.votes)
    if phase is QUEST:  # RA-16, RA-W1
        return _not_played(state.team, state.cards)
    if phase is PROPOSE:
        return _ONLY[state.leader]
    if phase is LADY:
        return frozenset() if state.lady is None else frozenset({state.lady})
    if phase is ASSASSINATE:
        return frozenset(state.seats_with(Role.ASSASSIN))
    return frozenset()


_ONLY: Final = tuple(frozenset({seat}) for seat in range(MAX_PLAYERS))  # one seat's turn


# Asked several times per move (whose turn, views, the bot's loop): once per value. A
# game's values come back within the game (10-player teams and votes seldom recur across
# games), so a few games' worth are kept: every entry holds frozensets, which the cyclic
# collector walks at each full collection (4,096 entries: ~10,000 objects to walk).
_KEPT: Final = 256


@lru_cache(maxsize=_KEPT)
def _not_voted(votes: tuple[bool | None, ...]) -> frozenset[int]:
    return frozenset(s for s, v in enumerate(votes) if v is None)


@lru_cache(maxsize=_KEPT)
def _not_played(team: frozenset[int], cards: tuple[tuple[int, bool], ...]) -> frozenset[int]:
    return team - {seat for seat, _ in cards}


def lady_targets(state: ResistanceState) -> list[int]:
    """RA-24: anyone who has never held the token."""
    past = state.lady_past_holders()
    return [s for s in range(state.players) if s not in past]


def assassin_targets(state: ResistanceState, assassin: int) -> list[int]:
    """RA-22: anyone but the Assassin and the Evil players the Assassin knows (not Oberon)."""
    known = known_evil(state.roles, assassin)
    return [s for s in range(state.players) if s != assassin and s not in known]


def legal_moves(state: ResistanceState, seat: int) -> Sequence[Move]:
    if seat not in pending_seats(state):
        return []
    phase = state.phase
    if phase is VOTE:
        return [APPROVE, REJECT]
    if phase is QUEST:
        return [SUCCESS, FAIL] if state.roles[seat].side is EVIL else [SUCCESS]
    if phase is PROPOSE:
        quests = tuple(attemptable_quests(state))
        return _team_moves(len(state.roles), quests, state.config.targeting)
    if phase is LADY:
        return [Examine(t) for t in lady_targets(state)]
    return [Assassinate(t) for t in assassin_targets(state, seat)]


@cache
def _team_moves(players: int, quests: tuple[int, ...], targeting: bool) -> tuple[ProposeTeam, ...]:
    """Every team the Leader may propose for one of `quests`, quest by quest: one tuple per
    table size and set of quests open, the same one each time (the bot reads it once)."""
    out: list[ProposeTeam] = []
    for quest in quests:
        out += _teams(players, quest_size(players, quest), quest if targeting else None)
    return tuple(out)


@cache
def _teams(players: int, size: int, quest: int | None) -> tuple[ProposeTeam, ...]:
    """Every team of `size` (at most C(10,5) = 252): moves are frozen, so built once."""
    return tuple(ProposeTeam(frozenset(t), quest) for t in combinations(range(players), size))


def default_move(state: ResistanceState, seat: int, rng: Random) -> Move:
    """RA-W2: approve, Success, or a random legal choice; neutral for hidden roles."""
    if state.phase is VOTE:
        return Vote(True)
    if state.phase is QUEST:
        return PlayQuestCard(True)
    legal = legal_moves(state, seat)
    if not legal:
        raise IllegalMove(N_("You have nothing to do right now."))
    return rng.choice(legal)


def decide_folded(
    state: ResistanceState, seat: int, move: Move, rng: Random
) -> tuple[list[Event], ResistanceState]:
    """`decide`, and the state after its events (what `runner.apply` needs): each event is
    folded by its own step of evolve, found by its class."""
    events = decide(state, seat, move, rng)
    for event in events:
        state = FOLDS[event.__class__](state, event)
    return events, state


def decide(state: ResistanceState, seat: int, move: Move, rng: Random) -> list[Event]:
    """Validate `move` by `seat` and return its events (no move of this game is random)."""
    # The usual case first: a move of the class the phase expects goes straight to its
    # decision (the move classes are distinct, so this is what the tests below pick).
    step = _STEPS.get(move.__class__)
    if step is not None and step[0] is state.phase:
        return step[1](state, seat, move)
    expected, doing = PHASE_ACTIONS.get(state.phase, (None, N_("nothing is left to do")))
    if expected is None or not isinstance(move, expected):
        raise IllegalMove(N_("That move does not fit now: %(doing)s."), doing=msg(doing))
    return _STEPS[expected][1](state, seat, move)


def _check_seat(state: ResistanceState, seat: object) -> int:
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(state.roles):
        raise IllegalMove(N_("There is no seat %(seat)s at this table."), seat=seat)
    return seat


def _propose(state: ResistanceState, seat: int, move: ProposeTeam) -> list[Event]:
    allowed = attemptable_quests(state)
    if state.config.targeting:  # RA-25
        if move.quest is None:
            raise IllegalMove(N_("Choose which quest the team attempts."), rule="RA-25")
        if move.quest not in allowed:
            if move.quest == QUESTS and state.result_of(QUESTS) is None:
                raise IllegalMove(
                    N_("Quest 5 may only be attempted after two quests succeeded."), rule="RA-25"
                )
            raise IllegalMove(
                N_("Quest %(quest)s cannot be attempted now."), rule="RA-25", quest=move.quest
            )
        quest = move.quest
    else:
        quest = allowed[0]
        if move.quest not in (None, quest):
            raise IllegalMove(
                N_("This team goes on quest %(quest)s; quests are played in order."),
                rule="RA-19",
                quest=quest,
            )
    members = [_check_seat(state, s) for s in move.team]
    size = quest_size(len(state.roles), quest)
    if len(members) != size:  # RA-11, RA-12
        raise IllegalMove(
            N_("Quest %(quest)s needs a team of %(size)s players."),
            rule="RA-11",
            quest=quest,
            size=size,
        )
    return [ev.TeamProposed(leader=seat, quest=quest, team=frozenset(members))]


def _vote(state: ResistanceState, seat: int, move: Vote) -> list[Event]:
    approve = move.approve
    if approve is not True and approve is not False:  # the two bools
        raise IllegalMove(N_("A vote is approve or reject."), rule="RA-13")
    events: list[Event] = [_cast(seat, approve)]
    votes = state.votes
    if 0 <= seat < len(votes):  # this seat's vote in (any other seat has no vote to cast)
        votes = (*votes[:seat], approve, *votes[seat + 1 :])
    if None in votes:
        return events  # RA-W1: wait for the others
    final = tuple(bool(v) for v in votes)
    approved = sum(final) * 2 > len(state.roles)  # RA-13: strict majority; a tie rejects
    events.append(ev.VotesRevealed(len(state.proposals) + 1, final, approved))
    if not approved and state.rejections + 1 >= MAX_REJECTIONS:  # RA-15
        events.append(_ended(state, EVIL, "five_rejections"))
    return events


def _quest_card(state: ResistanceState, seat: int, move: PlayQuestCard) -> list[Event]:
    success = move.success
    if success is not True and success is not False:  # the two bools
        raise IllegalMove(N_("A quest card is Success or Fail."), rule="RA-16")
    if not success and state.side_of(seat) is GOOD:  # RA-16
        raise IllegalMove(N_("Loyal servants of Arthur can only play Success."), rule="RA-16")
    events: list[Event] = [_played(seat, success)]
    if len(state.cards) + 1 < len(state.team):
        return events
    cards = [*state.cards, (seat, success)]
    assert state.quest is not None
    fails = sum(not ok for _, ok in cards)  # RA-17: only the count is revealed
    succeeded = quest_succeeds(state, state.quest, fails)  # RA-18
    events.append(ev.QuestResolved(quest=state.quest, fails=fails, succeeded=succeeded))
    failures = state.failures() + (not succeeded)
    successes = state.successes() + succeeded
    if failures >= 3:  # RA-20
        events.append(_ended(state, EVIL, "three_fails"))
    elif successes >= 3 and not state.config.merlin_assassin:  # RA-21
        events.append(_ended(state, GOOD, "three_successes"))
    return events


def _examine(state: ResistanceState, seat: int, move: Examine) -> list[Event]:
    target = _check_seat(state, move.target)
    if target == seat:
        raise IllegalMove(
            N_("The Lady of the Lake examines another player, not yourself."), rule="RA-24"
        )
    if target not in lady_targets(state):  # RA-24
        raise IllegalMove(
            N_("That player has held the Lady of the Lake and cannot be examined."), rule="RA-24"
        )
    return [ev.LadyExamined(holder=seat, seat=target, side=state.side_of(target))]


def _assassinate(state: ResistanceState, seat: int, move: Assassinate) -> list[Event]:
    target = _check_seat(state, move.target)
    if target == seat:
        raise IllegalMove(N_("The Assassin cannot name themself."), rule="RA-22")
    if target not in assassin_targets(state, seat):  # RA-22
        raise IllegalMove(
            N_("You know that player is Evil; name a player who may be Merlin."), rule="RA-22"
        )
    hit = state.roles[target] is Role.MERLIN
    return [
        ev.Assassinated(assassin=seat, target=target, hit=hit),
        _ended(state, EVIL if hit else GOOD, "assassination" if hit else "merlin_survived"),
    ]


def _ended(state: ResistanceState, winner: Side, reason: str) -> ev.GameEnded:
    return ev.GameEnded(winner=winner, reason=reason, roles=state.roles)  # RA-23


def outcome(state: ResistanceState) -> Outcome | None:
    if state.winner is None or state.reason is None:
        return None
    winners = frozenset(s for s in range(state.players) if state.side_of(s) is state.winner)
    return Outcome(winners=winners, summary=SUMMARIES[state.reason], reason=state.reason)


# Per move class: the phase it is made in (PHASE_ACTIONS) and its decision, each called
# only with its own class of move.
_DECISIONS: Final[dict[type[Move], Callable[..., list[Event]]]] = {
    ProposeTeam: _propose,
    Vote: _vote,
    PlayQuestCard: _quest_card,
    Examine: _examine,
    Assassinate: _assassinate,
}
_STEPS: Final[dict[type[Move], tuple[Phase, Callable[..., list[Event]]]]] = {
    expected: (phase, _DECISIONS[expected]) for phase, (expected, _) in PHASE_ACTIONS.items()
}


@cache
def _cast(seat: int, approve: bool) -> ev.VoteCast:
    """A seat's vote as an event: events are frozen values, so each is made once."""
    return ev.VoteCast(seat=seat, approve=approve)


@cache
def _played(seat: int, success: bool) -> ev.QuestCardPlayed:
    """A seat's quest card as an event, made once (like `_cast`)."""
    return ev.QuestCardPlayed(seat=seat, success=success)
