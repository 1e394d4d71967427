"""What a bot makes of its own view: who it knows, and how likely each player is Evil.

The bot weighs every way the Evil seats could be dealt (at most C(9,4) = 126 worlds),
keeps those consistent with what it knows for sure (its night knowledge, Lady of the Lake
results, and that a quest with k Fails had at least k Evil players on it), and weights the
rest by how well they explain the public record: Evil players who sat on a quest that
succeeded probably would have failed it, and Evil players tend to approve teams that hold
Evil and reject clean ones. Only the bot's own view is read, never the full state.

A world's weight is EVIL_PASSED ** passes * VOTE_FIT ** fits * VOTE_MISFIT ** misfits, so
it is kept as whole-number tallies per world. A world's tallies do not depend on who asks:
they are counted once per table for every world (`_Record`, the last one per player count
in `_RECORDS`), only for the proposals and quests added since; any other record starts a
fresh one. Each seat takes its own worlds' weights from it, in its own order (`_TALLIES`).
Whole numbers add up the same in any order, so a cached tally gives exactly the weights a
fresh one gives.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations, compress
from operator import itemgetter
from random import Random
from typing import Any

from games.engine.core import replace
from games.engine.core.memo import shared

EVIL_PASSED = 0.35  # likelihood that an Evil team member lets a quest succeed
VOTE_FIT = 1.15  # an Evil voter's vote fits "approve teams with Evil, reject clean ones"
VOTE_MISFIT = 0.9

# Powers by exponent: a game has at most 25 proposals of 10 votes and 5 quests of 5 seats.
_PASSED_POW = [EVIL_PASSED**i for i in range(64)]
_FIT_POW = [VOTE_FIT**i for i in range(256)]
_MISFIT_POW = [VOTE_MISFIT**i for i in range(256)]

Quest = tuple[int, int, int]  # (quest number, team mask, fails)
Proposal = tuple[int, int, int]  # (team mask, approving seats mask, rejecting seats mask)


@dataclass
class Beliefs:
    """A seat's beliefs at one decision. Shared (an Evil seat's for the whole game): read,
    never changed."""

    me: int
    evil: bool
    role: str
    players: int
    evil_count: int
    known_evil: frozenset[int] = frozenset()
    known_good: frozenset[int] = frozenset()
    p_evil: tuple[float, ...] = ()  # per seat
    worlds: tuple[int, ...] = ()  # Evil seats masks of the worlds (a weight 0.0: ruled out)
    weights: tuple[float, ...] = ()  # each world's weight, in the same order (fixed beliefs)
    total: float = 0.0  # the sum of the weights
    # Weighed by a record instead: the weights of every world of the table (`_worlds`
    # order, which is the order of `worlds`), and which are the seat's, one byte per world.
    table_weights: tuple[float, ...] = ()
    chosen: int = 0

    def team_risk(self, team: set[int] | list[int]) -> float:
        """Probability that at least one member is Evil, over the weighed worlds."""
        if not self.total:
            return 1.0 - math.prod(1.0 - self.p_evil[s] for s in team)
        # The weights of the worlds that put someone of the team on Evil's side, summed in
        # world order (the same float as a loop) but selected and added in C: the seat's
        # worlds' bytes and the team's (made once per table and team), ANDed as integers.
        if self.chosen:
            every = self.table_weights
            touching = _touching(self.players, self.evil_count, _mask(team))
            picked = (self.chosen & touching).to_bytes(len(every), "little")
            return sum(compress(every, picked)) / self.total
        return sum(compress(self.weights, map(_mask(team).__and__, self.worlds))) / self.total

    def trust_order(self, rng: Random) -> list[int]:
        """Everyone, most trusted first (ties broken at random)."""
        # The sort keys made first, seat by seat (the order `sorted` asks for them, so the
        # same draws), then looked up in C: no Python call per seat.
        me, p_evil, draw = self.me, self.p_evil, rng.random
        keys = [(s != me, p_evil[s], draw()) for s in range(self.players)]
        return sorted(range(self.players), key=keys.__getitem__)

    def best_team(self, size: int, rng: Random, include_me: bool = True) -> list[int]:
        order = self.trust_order(rng)
        if not include_me:
            order.remove(self.me)
        return order[:size]


@dataclass(frozen=True)
class _Mind:
    """What a seat knows for sure: its view's "you" part (role, night knowledge, Lady
    results) and the table's facts, read once per game and seat (again after a Lady result)
    instead of at every decision. Built from the view only, like everything here."""

    me: int
    evil: bool
    role: str
    players: int
    evil_count: int
    known_evil: frozenset[int]
    known_good: frozenset[int]
    one_of: tuple[int, ...]  # Merlin and Morgana, as Percival sees them, when both play
    fixed: Beliefs | None  # beliefs no record changes: Evil's, or priors when none can fit
    key: tuple[int, ...] = ()  # its tally's: (players, Evil, known Evil, known Good, pair)

    def beliefs(self, **weighed: Any) -> Beliefs:
        return Beliefs(
            self.me,
            self.evil,
            self.role,
            self.players,
            self.evil_count,
            self.known_evil,
            self.known_good,
            **weighed,
        )

    def priors(self) -> Beliefs:
        """Inconsistent evidence (e.g. Oberon's lone view): each unknown seat's prior."""
        known_evil, known_good = self.known_evil, self.known_good
        free = [s for s in range(self.players) if s not in known_evil | known_good]
        prior = (self.evil_count - len(known_evil)) / len(free) if free else 0.0
        return self.beliefs(
            p_evil=tuple(
                [
                    1.0 if s in known_evil else 0.0 if s in known_good else prior
                    for s in range(self.players)
                ]
            )
        )


def _read_mind(view: Mapping[str, Any]) -> _Mind:
    you = view["you"]
    me, evil, role = you["seat"], you["side"] == "evil", you["role"]
    players, evil_count = view["player_count"], view["evil_count"]
    known_evil: set[int] = set()
    known_good: set[int] = set()
    for fact in you["knowledge"]:
        if fact.get("side") == "evil":
            known_evil.add(fact["seat"])
    for fact in you["lady_results"]:
        (known_evil if fact["side"] == "evil" else known_good).add(fact["seat"])
    (known_evil if evil else known_good).add(me)
    candidates = [f["seat"] for f in you["knowledge"] if "seen_as" in f]
    morgana = "morgana" in view["roles_in_play"]
    if len(candidates) == 1 or (candidates and not morgana):  # RA-9: no Morgana, one Merlin
        known_good.update(candidates)
    one_of = tuple(candidates) if morgana and len(candidates) == 2 else ()
    key = (players, evil_count, _mask(known_evil), _mask(known_good), _mask(one_of))
    mind = _Mind(
        me,
        evil,
        role,
        players,
        evil_count,
        frozenset(known_evil),
        frozenset(known_good),
        one_of,
        None,
        key,
    )
    if evil and role != "oberon":  # RA-6: Evil already know every Evil but Oberon
        fixed = mind.beliefs(
            p_evil=tuple([float(s in known_evil) for s in range(players)]),
            worlds=(_mask(known_evil),),
            weights=(1.0,),
            total=1.0,
        )
    elif not 0 <= evil_count - len(known_evil) <= players - len(known_evil | known_good):
        fixed = mind.priors()  # no world fits what the seat knows
    else:
        return mind
    return replace(mind, fixed=fixed)


# Per "you" part of a view (held, so compared by identity): `views.bot_view` hands each seat
# the same one all game long. Emptied at once when full, so safe when threads share it.
_MINDS: dict[int, tuple[object, _Mind]] = {}
_MINDS_KEPT = 1024


def _mind(view: Mapping[str, Any]) -> _Mind:
    you = view["you"]
    hit = _MINDS.get(id(you))
    if hit is not None and hit[0] is you:
        return hit[1]
    mind = _read_mind(view)
    if len(_MINDS) >= _MINDS_KEPT:
        _MINDS.clear()
    _MINDS[id(you)] = (you, mind)
    return mind


def beliefs(view: Mapping[str, Any]) -> Beliefs:
    mind = _mind(view)
    if mind.fixed is not None:
        return mind.fixed
    tally = _tally(view, mind)
    if not tally.total:
        return mind.priors()
    # The same beliefs until the record changes: a seat votes on a team before the next
    # proposal is revealed, so most of its decisions reuse the last (only read, never set).
    hit = _BELIEFS.get(id(mind))
    if hit is not None and hit[0] is mind and hit[1] is tally:
        return hit[2]
    weighed = mind.beliefs(
        p_evil=tally.p_evil,
        worlds=tally.worlds,
        total=tally.total,
        table_weights=tally.record.weights if tally.record is not None else (),
        chosen=tally.chosen_flags,
    )
    if len(_BELIEFS) >= _BELIEFS_KEPT:
        _BELIEFS.clear()
    _BELIEFS[id(mind)] = (mind, tally, weighed)
    return weighed


# Per seat's mind (held, so compared by identity): its last tally and the beliefs from it.
# Emptied at once when full, so safe when threads share it.
_BELIEFS: dict[int, tuple[_Mind, _Tally, Beliefs]] = {}
_BELIEFS_KEPT = 64  # a few tables' seats: each entry holds a tally and its record alive


def _mask(seats: Any) -> int:
    out = 0
    for s in seats:
        out |= 1 << s
    return out


@dataclass(frozen=True)
class _Record:
    """Every way `evil` Evil seats can sit among `players` (at most C(10,4) = 210 worlds),
    with each world's whole-number tallies over the public record counted so far. A world's
    tallies do not depend on who asks, so one record serves every seat of a table: each new
    proposal or quest is counted once, not once per bot. Never changed once built."""

    players: int
    evil: int
    worlds: tuple[int, ...]
    alive: tuple[bool, ...]  # per world: at least k Evil on every quest with k Fails
    passes: tuple[int, ...]  # per world: Evil team members beyond the Fails, over the quests
    fits: tuple[int, ...]  # per world: Evil votes fitting "approve dirty, reject clean"
    quests: frozenset[Quest] = frozenset()
    proposals: tuple[Proposal, ...] = ()
    weights: tuple[float, ...] = ()  # per world (0.0 once no longer alive)

    def extends(self, quests: frozenset[Quest], proposals: tuple[Proposal, ...]) -> bool:
        """Whether the record holds everything this one counted (the same game, later)."""
        return self.quests <= quests and proposals[: len(self.proposals)] == self.proposals

    def counted(self, quests: frozenset[Quest], proposals: tuple[Proposal, ...]) -> _Record:
        """This record with the quests and proposals it has not counted yet."""
        worlds, alive, passes, fits = self.worlds, self.alive, self.passes, self.fits
        # List comprehensions, not generators: the same values, built faster.
        for _, team, fails in quests - self.quests:
            on_team = [(world & team).bit_count() for world in worlds]
            alive = tuple([a and on >= fails for a, on in zip(alive, on_team, strict=True)])
            passes = tuple([p + on - fails for p, on in zip(passes, on_team, strict=True)])
        for team, yes, no in proposals[len(self.proposals) :]:
            fits = tuple(
                [
                    fit + ((world & yes) if world & team else (world & no)).bit_count()
                    for world, fit in zip(worlds, fits, strict=True)
                ]
            )
        misfit_votes = len(proposals) * self.evil  # every Evil seat votes on every proposal
        weights = tuple(
            [
                _PASSED_POW[passed] * _FIT_POW[fit] * _MISFIT_POW[misfit_votes - fit] if ok else 0.0
                for ok, passed, fit in zip(alive, passes, fits, strict=True)
            ]
        )
        return replace(
            self,
            alive=alive,
            passes=passes,
            fits=fits,
            quests=quests,
            proposals=proposals,
            weights=weights,
        )


_RECORDS: dict[tuple[int, int], _Record] = {}  # the last record per (players, Evil seats)


def _record(
    players: int, evil: int, quests: frozenset[Quest], proposals: tuple[Proposal, ...]
) -> _Record:
    key = (players, evil)
    record = _RECORDS.get(key)
    if record is None or not record.extends(quests, proposals):
        record = _empty_record(players, evil)
        if not quests and not proposals:
            _RECORDS[key] = record
            return record
    elif record.quests == quests and record.proposals == proposals:
        return record
    record = record.counted(quests, proposals)
    _RECORDS[key] = record
    return record


@functools.cache
def _empty_record(players: int, evil: int) -> _Record:
    """The record before any proposal: every world possible, each weighed 1.0."""
    worlds = _worlds(players, evil)
    return _Record(
        players,
        evil,
        worlds,
        (True,) * len(worlds),
        (0,) * len(worlds),
        (0,) * len(worlds),
        weights=(_PASSED_POW[0] * _FIT_POW[0] * _MISFIT_POW[0],) * len(worlds),
    )


@functools.cache
def _worlds(players: int, evil: int) -> tuple[int, ...]:
    """Every way `evil` Evil seats can sit among `players`, as seat masks, in the order of
    `combinations` (the order of every `_Record`)."""
    return tuple(_mask(seats) for seats in combinations(range(players), evil))


@functools.cache
def _positions(players: int, evil: int) -> dict[int, int]:
    """Each world's position in a `_Record` of `players` and `evil`."""
    return {world: i for i, world in enumerate(_worlds(players, evil))}


@functools.cache
def _touching(players: int, evil: int, team: int) -> int:
    """Which worlds of a `_Record` of `players` and `evil` put someone of `team` (a seat
    mask) on Evil's side: one byte per world, 1 if so, as an integer (`Beliefs.team_risk`).
    At most 2 ** players teams per table size, so the cache stays small."""
    return int.from_bytes(
        bytes([1 if world & team else 0 for world in _worlds(players, evil)]), "little"
    )


@dataclass(frozen=True)
class _Tally:
    """One seat's possible worlds, in its own order, and their weights from a `_Record`:
    the same whole numbers, so the same floats, as counting them for this seat alone.
    Never changed once built, so a tally shared through the cache is safe from any thread.

    A seat's worlds come in the record's order (a seat's worlds are its known Evil plus each
    combination of the others, and adding the same seats to two combinations keeps their
    order), so they are picked from the record's weights by a selector, in C.

    The worlds a quest has ruled out stay in: their record weight is exactly 0.0, and adding
    0.0 leaves a sum of non-negative floats exactly as it was, so every sum (the total, a
    seat's row, a team's risk) is the float it would be without them. So what is picked
    from a record depends on the seat's knowledge only, and is worked out once (`for_worlds`),
    never again after a quest."""

    worlds: tuple[int, ...]  # the seat's worlds (before any quest), in the record's order
    chosen: bytes  # per world of the record: 1 if it is one of the seat's, else 0
    chosen_flags: int  # the same bytes as an integer (little-endian)
    row_picks: tuple[Callable[[Sequence[float]], tuple[float, ...]], ...]  # per seat, of
    # the record's weights, those of the seat's worlds in which that seat is Evil
    record: _Record | None = None
    total: float = 0.0
    p_evil: tuple[float, ...] = ()

    @staticmethod
    def for_worlds(players: int, evil: int, worlds: Sequence[int]) -> _Tally:
        at = _positions(players, evil)
        positions = [at[world] for world in worlds]
        if positions != sorted(positions):  # see the class: a seat's order is the record's
            raise ValueError("a seat's worlds must come in the record's order")
        chosen = bytearray(len(at))
        for i in positions:
            chosen[i] = 1
        row_picks = tuple(
            _picker(list(compress(positions, map(evil_at.__contains__, positions))))
            for evil_at in _evil_at(players, evil)
        )
        return _Tally(tuple(worlds), bytes(chosen), int.from_bytes(chosen, "little"), row_picks)

    def weighed(self, record: _Record) -> _Tally:
        # Picked in C, in the record's world order: the same floats summed in the same order
        # (a seat's row picks the record's weights of its worlds in which that seat is Evil).
        every = record.weights
        total = sum(compress(every, self.chosen))
        p_evil = tuple([sum(rp(every)) / total for rp in self.row_picks]) if total else ()
        return replace(self, record=record, total=total, p_evil=p_evil)


def _picker(indexes: Sequence[int]) -> Callable[[Sequence[float]], tuple[float, ...]]:
    """A function giving the items of a sequence at `indexes`, in that order, as a tuple."""
    if len(indexes) >= 2:
        return itemgetter(*indexes)  # a tuple for 2+ indexes
    if indexes:
        only = indexes[0]
        return lambda seq: (seq[only],)
    return lambda seq: ()


@functools.cache
def _evil_at(players: int, evil: int) -> tuple[frozenset[int], ...]:
    """Per seat, the positions in a `_Record` of `players` and `evil` of the worlds in which
    that seat is Evil."""
    worlds = _worlds(players, evil)
    return tuple(
        frozenset(i for i, world in enumerate(worlds) if world >> s & 1) for s in range(players)
    )


_TALLIES: dict[tuple[int, ...], _Tally] = {}
_TALLIES_KEPT = 512  # a few dozen tables' bot seats; emptied at once when full (thread-safe)


def _tally(view: Mapping[str, Any], mind: _Mind) -> _Tally:
    """Every dealing of the Evil seats consistent with what `mind` knows, weighed by the
    record (the caller has checked that some dealing fits)."""
    key = mind.key
    record = _record_of(view, mind.players, mind.evil_count)
    tally = _TALLIES.get(key)
    if tally is None:
        unknown = mind.known_evil | mind.known_good
        free = [s for s in range(mind.players) if s not in unknown]
        need = mind.evil_count - len(mind.known_evil)
        _, _, known, _, pair = key
        worlds = [known | _mask(extra) for extra in combinations(free, need)]
        if pair:  # Merlin and Morgana: exactly one of the pair is Evil
            worlds = [world for world in worlds if (world & pair).bit_count() == 1]
        tally = _Tally.for_worlds(mind.players, mind.evil_count, worlds)
    elif tally.record is record:
        return tally
    tally = tally.weighed(record)
    if len(_TALLIES) >= _TALLIES_KEPT:
        _TALLIES.clear()
    _TALLIES[key] = tally
    return tally


# The last record read and the view parts it was read from: `views.bot_view` hands the
# same quest and proposal lists to every bot until a proposal or quest is added, so they
# are compared by identity (held here, so never reused). One entry, replaced whole: safe
# when threads share it.
_LAST_RECORD: tuple[object, object, _Record | None] = (None, None, None)


def _record_of(view: Mapping[str, Any], players: int, evil: int) -> _Record:
    """The record counted over the view's public record (`_evidence`)."""
    global _LAST_RECORD
    quests, proposals, record = _LAST_RECORD
    if (
        record is not None
        and quests is view["quests"]
        and proposals is view["proposals"]
        and record.players == players
    ):
        return record
    record = _record(players, evil, *_evidence(view))
    _LAST_RECORD = (view["quests"], view["proposals"], record)
    return record


def _evidence(view: Mapping[str, Any]) -> tuple[frozenset[Quest], tuple[Proposal, ...]]:
    """The public record as bitmasks: (quest, team, fails) per resolved quest, and
    (team, approving, rejecting) per revealed vote, in the order they were held. A view's
    proposal entries are shared between views (core.memo), so each is read once."""
    quests = frozenset(
        (q["quest"], _mask(q["team"]), q["fails"])
        for q in view["quests"]
        if q["result"] is not None
    )
    return quests, tuple(shared("ra.bot.proposal", p, _proposal) for p in view["proposals"])


def _proposal(p: Mapping[str, Any]) -> Proposal:
    yes = no = 0
    for v in p["votes"]:
        if v["vote"] == "approve":
            yes |= 1 << v["seat"]
        elif v["vote"] == "reject":
            no |= 1 << v["seat"]
    return (_mask(p["team"]), yes, no)
