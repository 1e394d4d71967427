"""What a bot makes of its own view: who it knows, and how likely each player is Evil.

The bot weighs every way the Evil seats could be dealt (at most C(9,4) = 126 worlds),
keeps those consistent with what it knows for sure (its night knowledge, Lady of the Lake
results, and that a quest with k Fails had at least k Evil players on it), and weights the
rest by how well they explain the public record: Evil players who sat on a quest that
succeeded probably would have failed it, and Evil players tend to approve teams that hold
Evil and reject clean ones. Only the bot's own view is read, never the full state.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from itertools import combinations
from random import Random
from typing import Any

EVIL_PASSED = 0.35  # likelihood that an Evil team member lets a quest succeed
VOTE_FIT = 1.15  # an Evil voter's vote fits "approve teams with Evil, reject clean ones"
VOTE_MISFIT = 0.9


@dataclass
class Beliefs:
    me: int
    evil: bool
    role: str
    players: int
    evil_count: int
    known_evil: set[int] = field(default_factory=set)
    known_good: set[int] = field(default_factory=set)
    p_evil: dict[int, float] = field(default_factory=dict)
    worlds: list[tuple[int, float]] = field(default_factory=list)  # (Evil seats mask, weight)

    def team_risk(self, team: set[int] | list[int]) -> float:
        """Probability that at least one member is Evil, over the weighed worlds."""
        mask = _mask(team)
        total = sum(w for _, w in self.worlds)
        if not total:
            return 1.0 - math.prod(1.0 - self.p_evil[s] for s in team)
        return sum(w for world, w in self.worlds if world & mask) / total

    def trust_order(self, rng: Random) -> list[int]:
        """Everyone, most trusted first (ties broken at random)."""
        return sorted(
            range(self.players), key=lambda s: (s != self.me, self.p_evil[s], rng.random())
        )

    def best_team(self, size: int, rng: Random, include_me: bool = True) -> list[int]:
        order = self.trust_order(rng)
        if not include_me:
            order.remove(self.me)
        return order[:size]


def beliefs(view: Mapping[str, Any]) -> Beliefs:
    you = view["you"]
    b = Beliefs(
        me=you["seat"],
        evil=you["side"] == "evil",
        role=you["role"],
        players=view["player_count"],
        evil_count=view["evil_count"],
    )
    for fact in you["knowledge"]:
        if fact.get("side") == "evil":
            b.known_evil.add(fact["seat"])
    for fact in you["lady_results"]:
        (b.known_evil if fact["side"] == "evil" else b.known_good).add(fact["seat"])
    (b.known_evil if b.evil else b.known_good).add(b.me)
    candidates = [f["seat"] for f in you["knowledge"] if "seen_as" in f]
    morgana = "morgana" in view["roles_in_play"]
    if len(candidates) == 1 or (candidates and not morgana):  # RA-9: no Morgana, one Merlin
        b.known_good.update(candidates)
    if b.evil and b.role != "oberon":  # RA-6: Evil already know every Evil but Oberon
        b.p_evil = {s: float(s in b.known_evil) for s in range(b.players)}
        b.worlds = [(_mask(b.known_evil), 1.0)]
        return b
    b.worlds = _weigh_worlds(view, b, candidates if morgana and len(candidates) == 2 else [])
    total = sum(w for _, w in b.worlds)
    if total:
        b.p_evil = {
            s: sum(w for world, w in b.worlds if world >> s & 1) / total for s in range(b.players)
        }
    else:  # inconsistent evidence (e.g. Oberon's lone view): fall back to priors
        free = [s for s in range(b.players) if s not in b.known_evil | b.known_good]
        prior = (b.evil_count - len(b.known_evil)) / len(free) if free else 0.0
        b.p_evil = {
            s: 1.0 if s in b.known_evil else 0.0 if s in b.known_good else prior
            for s in range(b.players)
        }
    return b


def _mask(seats: Any) -> int:
    out = 0
    for s in seats:
        out |= 1 << s
    return out


def _weigh_worlds(
    view: Mapping[str, Any], b: Beliefs, one_of: list[int]
) -> list[tuple[int, float]]:
    """Every dealing of the Evil seats consistent with what `b` knows, with its weight."""
    free = [s for s in range(b.players) if s not in b.known_evil | b.known_good]
    need = b.evil_count - len(b.known_evil)
    if not 0 <= need <= len(free):
        return []
    evidence = _evidence(view)
    known, pair = _mask(b.known_evil), _mask(one_of)
    out = []
    for extra in combinations(free, need):
        world = known | _mask(extra)
        if pair and (world & pair).bit_count() != 1:  # Merlin and Morgana: exactly one Evil
            continue
        weight = _likelihood(evidence, world)
        if weight > 0.0:
            out.append((world, weight))
    return out


def _evidence(view: Mapping[str, Any]) -> tuple[list[tuple[int, int]], list[tuple[int, int, int]]]:
    """The public record as bitmasks: (team, fails) per quest, (team, yes, no) per vote."""
    quests = [(_mask(q["team"]), q["fails"]) for q in view["quests"] if q["result"] is not None]
    votes = [
        (
            _mask(p["team"]),
            _mask(v["seat"] for v in p["votes"] if v["vote"] == "approve"),
            _mask(v["seat"] for v in p["votes"] if v["vote"] == "reject"),
        )
        for p in view["proposals"]
    ]
    return quests, votes


def _likelihood(
    evidence: tuple[list[tuple[int, int]], list[tuple[int, int, int]]], world: int
) -> float:
    quests, votes = evidence
    weight = 1.0
    evil = world.bit_count()
    for team, fails in quests:
        on_team = (world & team).bit_count()
        if fails > on_team:
            return 0.0
        weight *= EVIL_PASSED ** (on_team - fails)
    for team, yes, no in votes:
        fits = ((world & yes) if world & team else (world & no)).bit_count()
        weight *= VOTE_FIT**fits * VOTE_MISFIT ** (evil - fits)
    return weight
