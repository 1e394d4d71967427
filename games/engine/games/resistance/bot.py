"""A bot for The Resistance: Avalon that plays like a sensible human, from its own view only.

Good bots keep a suspicion score per player from the public record (failed quests, who
sat on them, who voted for them) and their private knowledge (night, Lady of the Lake);
they approve teams they have no reason to distrust and reject teams holding known or
suspected Evil. Evil bots put themselves on teams, fail quests when it helps (one Fail
is enough, so allies do not double-fail needlessly) and vote like people who want an
Evil player on every team. The Assassin names the player whose votes and teams best fit
someone who knew where Evil sat.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from random import Random
from typing import Any

from games.engine.core import JSON, Move

from .moves import Assassinate, Examine, PlayQuestCard, ProposeTeam, Vote

SUSPECT_THRESHOLD = 0.3


@dataclass
class Beliefs:
    """What the bot makes of its view: who it knows, and how much it suspects the rest."""

    me: int
    evil: bool
    role: str
    players: int
    evil_count: int
    known_evil: set[int] = field(default_factory=set)
    known_good: set[int] = field(default_factory=set)
    suspicion: dict[int, float] = field(default_factory=dict)

    def unknown(self) -> list[int]:
        return [s for s in range(self.players) if s not in self.known_evil | self.known_good]

    def suspects(self) -> set[int]:
        """The most suspicious players, as many as Evil players still unaccounted for."""
        missing = self.evil_count - len(self.known_evil)
        ranked = sorted(self.unknown(), key=lambda s: -self.suspicion[s])
        return {s for s in ranked[: max(missing, 0)] if self.suspicion[s] >= SUSPECT_THRESHOLD}

    def distrusted(self, team: Sequence[int]) -> bool:
        return bool(set(team) & (self.known_evil | self.suspects()))

    def trust_order(self, rng: Random) -> list[int]:
        """Everyone, most trusted first (self and known Good, then least suspected)."""

        def key(s: int) -> tuple[int, float, float]:
            tier = (
                0
                if s == self.me
                else 1
                if s in self.known_good
                else 3
                if s in self.known_evil
                else 2
            )
            return (tier, self.suspicion[s], rng.random())

        return sorted(range(self.players), key=key)


def beliefs(view: Mapping[str, Any]) -> Beliefs:
    you = view["you"]
    b = Beliefs(
        me=you["seat"],
        evil=you["side"] == "evil",
        role=you["role"],
        players=view["player_count"],
        evil_count=view["evil_count"],
    )
    b.suspicion = {s: 0.0 for s in range(b.players)}
    for fact in you["knowledge"]:
        if fact.get("side") == "evil":
            b.known_evil.add(fact["seat"])
    for fact in you["lady_results"]:
        (b.known_evil if fact["side"] == "evil" else b.known_good).add(fact["seat"])
    if b.evil:
        b.known_evil.add(b.me)
        if b.role != "oberon":  # RA-6: every other Evil is known except Oberon
            b.known_good |= set(range(b.players)) - b.known_evil - {b.me}
    else:
        b.known_good.add(b.me)
        candidates = [f["seat"] for f in you["knowledge"] if "seen_as" in f]
        if len(candidates) == 1:  # RA-9 without Morgana: that one is Merlin
            b.known_good.add(candidates[0])
        for s in candidates:
            b.suspicion[s] -= 0.2
    _read_history(view, b)
    return b


def _read_history(view: Mapping[str, Any], b: Beliefs) -> None:
    """Suspicion from the public record: fails on a team, and votes that sent it."""
    approved_by_quest = {p["quest"]: p for p in view["proposals"] if p["approved"]}
    for quest in view["quests"]:
        if quest["result"] is None:
            continue
        team = quest["team"]
        open_members = [s for s in team if s not in b.known_good]
        if quest["fails"]:
            for s in open_members:
                b.suspicion[s] += quest["fails"] / max(len(open_members), 1)
        else:
            for s in team:
                b.suspicion[s] -= 0.15
        proposal = approved_by_quest.get(quest["quest"])
        if proposal is not None and quest["fails"]:
            for vote in proposal["votes"]:
                if vote["vote"] == "approve" and vote["seat"] not in team:
                    b.suspicion[vote["seat"]] += 0.1
    for proposal in view["proposals"]:
        if set(proposal["team"]) & b.known_evil:
            for vote in proposal["votes"]:
                if vote["vote"] == "approve" and vote["seat"] not in proposal["team"]:
                    b.suspicion[vote["seat"]] += 0.15


def bot_move(view: Mapping[str, JSON], legal: Sequence[Move], rng: Random) -> Move:
    first = legal[0]
    b = beliefs(view)
    if isinstance(first, ProposeTeam):
        return _propose(view, b, legal, rng)
    if isinstance(first, Vote):
        return Vote(_approve(view, b, rng))
    if isinstance(first, PlayQuestCard):
        return _quest_card(view, b, legal, rng)
    if isinstance(first, Examine):
        return _examine(b, legal, rng)
    if isinstance(first, Assassinate):
        return _assassinate(view, b, legal, rng)
    return rng.choice(list(legal))


def _propose(view: Mapping[str, Any], b: Beliefs, legal: Sequence[Move], rng: Random) -> Move:
    options = {m.quest for m in legal if isinstance(m, ProposeTeam)}
    quests = {q["quest"]: q for q in view["quests"]}

    # With Targeting, Good likes small teams and the two-fail quest; Evil the bigger teams.
    def quest_key(q: int | None) -> tuple[float, int]:
        if q is None:
            return (0, 0)
        size = quests[q]["size"] - quests[q]["two_fails"]
        return (-size if b.evil else size, q)

    quest = min(options, key=quest_key)
    size = next(len(m.team) for m in legal if isinstance(m, ProposeTeam) and m.quest == quest)
    if b.evil:
        # One Evil (me) and people who look trustworthy to the table.
        others = sorted(b.known_good, key=lambda s: (b.suspicion[s], rng.random()))
        team = [b.me, *others][:size]
    else:
        team = b.trust_order(rng)[:size]
    move = ProposeTeam(frozenset(team), quest)
    return move if move in legal else rng.choice(list(legal))


def _approve(view: Mapping[str, Any], b: Beliefs, rng: Random) -> bool:
    team = view["team"]
    last_chance = view["rejections"] >= view["max_rejections"] - 1
    if b.evil:
        if last_chance:
            return False  # RA-15: a fifth rejection wins for Evil
        if set(team) & b.known_evil:
            return True
        return rng.random() < 0.25  # some cover: not every Evil rejects every clean team
    if last_chance:
        return True  # RA-15: rejecting now hands Evil the game
    return not b.distrusted(team)


def _quest_card(view: Mapping[str, Any], b: Beliefs, legal: Sequence[Move], rng: Random) -> Move:
    if PlayQuestCard(False) not in legal:
        return PlayQuestCard(True)  # RA-16: Good only has Success
    quest = next(q for q in view["quests"] if q["current"])
    needed = quest["fails_needed"]
    allies = sorted(set(view["team"]) & b.known_evil)
    if len(allies) < needed:
        return PlayQuestCard(True)  # a lone Fail on the two-fail quest only exposes me
    if b.me not in allies[:needed]:
        return PlayQuestCard(True)  # an ally with a lower seat fails it: no double Fail
    decisive = view["failures"] == 2 or view["successes"] == 2
    if not decisive and not view["quests"][0]["result"] and rng.random() < 0.3:
        return PlayQuestCard(True)  # build trust on the very first quest now and then
    return PlayQuestCard(False)


def _examine(b: Beliefs, legal: Sequence[Move], rng: Random) -> Move:
    targets = [m for m in legal if isinstance(m, Examine)]
    if b.evil:
        return rng.choice(targets)
    unknown = [m for m in targets if m.target not in b.known_good | b.known_evil] or targets
    return max(unknown, key=lambda m: (b.suspicion[m.target], rng.random()))


def _assassinate(view: Mapping[str, Any], b: Beliefs, legal: Sequence[Move], rng: Random) -> Move:
    """RA-22: who behaved like someone who knew where Evil sat?"""
    evil = b.known_evil
    score = {m.target: 0.0 for m in legal if isinstance(m, Assassinate)}
    for proposal in view["proposals"]:
        dirty = bool(set(proposal["team"]) & evil)
        if proposal["leader"] in score:
            score[proposal["leader"]] += -1.0 if dirty else 0.5
        for vote in proposal["votes"]:
            if vote["seat"] in score:
                rejected = vote["vote"] == "reject"
                score[vote["seat"]] += (
                    (1.0 if rejected else -1.0) if dirty else (-0.3 if rejected else 0.3)
                )
    best = max(score, key=lambda s: (score[s], rng.random()))
    return Assassinate(best)
