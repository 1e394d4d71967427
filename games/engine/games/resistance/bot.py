"""A bot for The Resistance: Avalon that plays like a sensible human, from its own view only.

Good bots weigh who is likely Evil (beliefs.py), propose the team they trust most,
approve teams they have no reason to distrust and reject teams holding known or likely
Evil. Merlin steers the same way but hides: he lets through the odd team he alone knows
is dirty, as a Servant would. Evil bots put themselves on teams, fail quests when it helps
(one Fail is enough, so allies do not double-fail needlessly, and a lone Fail on the
two-fail quest only exposes its player), and vote like people who want Evil on every team.
The Assassin names the player whose votes and teams best fit someone who knew where Evil sat.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from random import Random
from typing import Any, Final

from games.engine.core import JSON, Move

from . import moves
from .beliefs import Beliefs, beliefs, seat_mind
from .moves import FAIL, SUCCESS, Assassinate, Examine, PlayQuestCard, ProposeTeam, Vote

TOLERANCE: Final = 0.1  # Good approves a team whose risk is within this of the safest team's
MERLIN_HIDES: Final = 0.35  # how often Merlin waves through a team only he knows is dirty
# Far above the rounding of a risk or an odds (a sum of at most 210 weights, over their
# total): a bound clearing the tolerance by this much gives the exact sums' answer.
SURE: Final = 1e-9
BOUNDED: Final = 32  # worlds from which a risk's sum costs more than its bounds (not at 5 players)


def bot_move(view: Mapping[str, JSON], legal: Sequence[Move], rng: Random) -> Move:
    first = legal[0]
    if len(legal) == 1:
        return first
    if isinstance(first, Vote):
        return moves.APPROVE if _approve(view, rng) else moves.REJECT
    if isinstance(first, PlayQuestCard):
        mind = seat_mind(view)  # Oberon's card needs no weighed record either
        return _quest_card(view, mind.me, mind.known_evil, legal, rng)
    b = beliefs(view)
    if isinstance(first, ProposeTeam):
        return _propose(view, b, legal, rng)
    if isinstance(first, Examine):
        return _examine(b, legal, rng)
    if isinstance(first, Assassinate):
        return _assassinate(view, b, legal, rng)
    return rng.choice(list(legal))


def _propose(view: Mapping[str, Any], b: Beliefs, legal: Sequence[Move], rng: Random) -> Move:
    quests = {q["quest"]: q for q in view["quests"]}

    def quest_key(q: int | None) -> tuple[int, int]:
        # With Targeting (RA-25), Good likes small teams and the two-fail quest; Evil big ones.
        if q is None:
            return (0, 0)
        size = quests[q]["size"] - quests[q]["two_fails"]
        return (-size if b.evil else size, q)

    sizes, teams = _teams(legal)
    quest = min(sizes, key=quest_key)
    size = sizes[quest]
    if b.evil:
        # Me, and players the table trusts; never a second Evil (one Fail is enough).
        others = [s for s in _public_order(view, rng) if s not in b.known_evil]
        team = [b.me, *others][:size]
    else:
        team = b.best_team(size, rng)
    move = ProposeTeam(frozenset(team), quest)
    return move if move in teams else rng.choice(list(legal))


# What `_propose` reads of a Leader's legal moves, per tuple of them (held, so compared by
# identity): the rules hand over the same tuple for the same table size and open quests.
_TEAMS: Final[dict[int, tuple[Sequence[Move], tuple[dict[int | None, int], frozenset[Move]]]]] = {}


def _teams(legal: Sequence[Move]) -> tuple[dict[int | None, int], frozenset[Move]]:
    """The team size of each quest a team may be proposed for (the quests in the order the
    moves name them first), and the legal moves as a set (a team is found by its hash, not
    by comparing it with each of up to 252 moves)."""
    hit = _TEAMS.get(id(legal))
    if hit is not None and hit[0] is legal:
        return hit[1]
    sizes: dict[int | None, int] = {}
    for m in legal:
        if isinstance(m, ProposeTeam):
            sizes.setdefault(m.quest, len(m.team))
    found = (sizes, frozenset(legal))
    if isinstance(legal, tuple):  # a list may change: only the rules' tuples are kept
        if len(_TEAMS) >= 256:
            _TEAMS.clear()
        _TEAMS[id(legal)] = (legal, found)
    return found


def _public_order(view: Mapping[str, Any], rng: Random) -> list[int]:
    """Players the table has least reason to suspect: on fewest failed quests."""
    failed: dict[int, int] = dict.fromkeys(range(view["player_count"]), 0)
    for quest in view["quests"]:
        for s in quest["team"] or ():
            failed[s] += quest["fails"] or 0
    return sorted(failed, key=lambda s: (failed[s], rng.random()))


def _approve(view: Mapping[str, Any], rng: Random) -> bool:
    # What the seat knows for sure settles many votes: the record is weighed only if not.
    b = seat_mind(view)
    team = view["team"]
    last_chance = view["rejections"] >= view["max_rejections"] - 1
    if b.evil:
        if last_chance:
            return False  # RA-15: a fifth rejection wins for Evil
        if set(team) & b.known_evil:
            return True
        return rng.random() < 0.3  # cover: not every Evil rejects every clean team
    if last_chance:
        return True  # RA-15: rejecting now hands Evil the game
    if set(team) & b.known_evil:
        hide = b.role == "merlin" and not _looks_dirty(view, team)
        return hide and rng.random() < MERLIN_HIDES
    return _weigh(team, beliefs(view), rng)


def _weigh(team: list[int], b: Beliefs, rng: Random) -> bool:
    """Good's vote on a team with no known Evil on it: as safe as the best team, give or
    take the tolerance?"""
    best = b.best_team(len(team), rng)
    if set(best) == set(team):
        return True  # the same risk on both sides: no need to weigh it
    if b.tally is None or len(b.worlds) < BOUNDED:
        return b.team_risk(team) <= b.team_risk(best) + TOLERANCE
    # A team's risk lies between its riskiest member's odds and the sum of its members'
    # (already worked out to find the best team): these bounds settle most votes, and a
    # sum over the worlds is asked only when they do not, with the same answer.
    p_evil = b.p_evil
    least = max([p_evil[s] for s in team])
    if least > min(1.0, sum([p_evil[s] for s in best])) + TOLERANCE + SURE:
        return False
    most = min(1.0, sum([p_evil[s] for s in team]))
    if most + SURE <= max([p_evil[s] for s in best]) + TOLERANCE:
        return True
    best_risk = b.team_risk(best)
    if least > best_risk + TOLERANCE + SURE:
        return False
    if most + SURE <= best_risk + TOLERANCE:
        return True
    return b.team_risk(team) <= best_risk + TOLERANCE


def _looks_dirty(view: Mapping[str, Any], team: list[int]) -> bool:
    """Whether the team holds someone who sat on a failed quest (what everyone can see)."""
    return any(q["fails"] and set(q["team"]) & set(team) for q in view["quests"] if q["result"])


def _quest_card(
    view: Mapping[str, Any], me: int, known_evil: frozenset[int], legal: Sequence[Move], rng: Random
) -> Move:
    if FAIL not in legal:
        return SUCCESS  # RA-16: Good only has Success
    quest = next(q for q in view["quests"] if q["current"])
    needed = quest["fails_needed"]
    allies = sorted(set(view["team"]) & known_evil)
    if len(allies) < needed:
        return SUCCESS  # a lone Fail on the two-fail quest only exposes me
    if me not in allies[:needed]:
        return SUCCESS  # an ally with a lower seat fails it: no double Fail
    decisive = view["failures"] == 2 or view["successes"] == 2
    first_quest = not any(q["result"] for q in view["quests"])
    if not decisive and first_quest and rng.random() < 0.3:
        return SUCCESS  # build trust on the very first quest now and then
    return FAIL


def _examine(b: Beliefs, legal: Sequence[Move], rng: Random) -> Move:
    targets = [m for m in legal if isinstance(m, Examine)]
    if b.evil:
        return rng.choice(targets)
    # The most uncertain player teaches the most.
    return min(targets, key=lambda m: (abs(b.p_evil[m.target] - 0.5), rng.random()))


def _assassinate(view: Mapping[str, Any], b: Beliefs, legal: Sequence[Move], rng: Random) -> Move:
    """RA-22: who behaved like someone who knew where Evil sat?"""
    evil = b.known_evil
    score = {m.target: 0.0 for m in legal if isinstance(m, Assassinate)}
    for proposal in view["proposals"]:
        dirty = bool(set(proposal["team"]) & evil)
        if proposal["leader"] in score:
            score[proposal["leader"]] += -1.0 if dirty else 0.5
        for vote in proposal["votes"]:
            if vote["seat"] not in score:
                continue
            rejected = vote["vote"] == "reject"
            if dirty:
                score[vote["seat"]] += 1.0 if rejected else -1.0
            else:
                score[vote["seat"]] += -0.3 if rejected else 0.3
    best = max(score, key=lambda s: (score[s], rng.random()))
    return Assassinate(best)
