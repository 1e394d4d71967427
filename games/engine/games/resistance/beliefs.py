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
import operator
from collections.abc import Mapping
from dataclasses import dataclass
from itertools import combinations, compress
from random import Random
from typing import Any, Final

from games.engine.core import replace
from games.engine.core.fast_init import speed_up_init
from games.engine.core.frozen import plain_class
from games.engine.core.memo import SharedTable

from . import lanes

EVIL_PASSED: Final = 0.35  # likelihood that an Evil team member lets a quest succeed
VOTE_FIT: Final = 1.15  # an Evil voter's vote fits "approve teams with Evil, reject clean ones"
VOTE_MISFIT: Final = 0.9

# Powers by exponent: a game has at most 25 proposals of 10 votes and 5 quests of 5 seats.
_PASSED_POW: Final = [EVIL_PASSED**i for i in range(64)]
_FIT_POW: Final = [VOTE_FIT**i for i in range(256)]
_MISFIT_POW: Final = [VOTE_MISFIT**i for i in range(256)]

Quest = tuple[int, int, int]  # (quest number, team mask, fails)
Proposal = tuple[int, int, int]  # (team mask, approving seats mask, rejecting seats mask)


@plain_class  # speed_up_init writes its __dict__
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
    odds: tuple[float, ...] = ()  # per seat, when fixed (Evil's beliefs, priors)
    worlds: tuple[int, ...] = ()  # Evil seats masks of the worlds (a weight 0.0: ruled out)
    weights: tuple[float, ...] = ()  # each world's weight, in the same order (fixed beliefs)
    total: float = 0.0  # the sum of the weights
    # Weighed by a record instead: the weights of every world of the table (`_worlds`
    # order, which is the order of `worlds`), and the seat's worlds' places among them.
    table_weights: tuple[float, ...] = ()
    indexes: bytes = b""
    tally: _Tally | None = None  # the seat's tally, whose odds are worked out when asked

    @property
    def p_evil(self) -> tuple[float, ...]:
        """Per seat, the probability that it is Evil. From a tally, worked out on first
        asking: many decisions never read it (an Evil seat's, a vote on a team holding
        known Evil, the last chance), and each costs a sum over the worlds per seat."""
        tally = self.tally
        return self.odds if tally is None else tally.p_evil

    def team_risk(self, team: set[int] | list[int]) -> float:
        """Probability that at least one member is Evil, over the weighed worlds."""
        if not self.total:
            return 1.0 - math.prod(1.0 - self.p_evil[s] for s in team)
        # The weights of the seat's worlds that put someone of the team on Evil's side,
        # summed in world order.
        if self.indexes:
            every, worlds = self.table_weights, self.worlds
            return _sum_touching(every, worlds, self.indexes, _mask(team)) / self.total
        return sum(compress(self.weights, map(_mask(team).__and__, self.worlds))) / self.total

    def trust_order(self, rng: Random) -> list[int]:
        """Everyone, most trusted first (ties broken at random)."""
        # One draw per seat, in seat order, then the order of `sorted` by (seat is not
        # me, odds, draw): `_by_trust`, with no key tuple per seat.
        draw = rng.random
        return _by_trust(self.me, self.p_evil, [draw() for _ in range(self.players)])

    def best_team(self, size: int, rng: Random, include_me: bool = True) -> list[int]:
        order = self.trust_order(rng)
        if not include_me:
            order.remove(self.me)
        return order[:size]


@plain_class  # replace, speed_up_init and _cached write its __dict__
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
    blank: Beliefs | None = None  # `beliefs()`: each weighed Beliefs is a copy of it

    def beliefs(self, **weighed: Any) -> Beliefs:
        if self.blank is not None:
            return replace(self.blank, **weighed)
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
            odds=tuple(
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
    # Copied (`replace`: one dict display) for each record weighed: cheaper than building
    # a Beliefs through its keyword arguments every time.
    blank = Beliefs(
        me, evil, role, players, evil_count, frozenset(known_evil), frozenset(known_good)
    )
    mind = _Mind(
        me,
        evil,
        role,
        players,
        evil_count,
        blank.known_evil,
        blank.known_good,
        one_of,
        None,
        key,
        blank,
    )
    if evil and role != "oberon":  # RA-6: Evil already know every Evil but Oberon
        fixed = mind.beliefs(
            odds=tuple([float(s in known_evil) for s in range(players)]),
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
_MINDS: Final[dict[int, tuple[object, _Mind]]] = {}
_MINDS_KEPT: Final = 1024


def seat_mind(view: Mapping[str, Any]) -> _Mind:
    """What the view's seat knows for sure (no record weighed: a vote settled by it alone
    needs no sum over the worlds)."""
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
    mind = seat_mind(view)
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
    assert mind.blank is not None  # `_read_mind` made it
    weighed = replace(
        mind.blank,
        worlds=tally.worlds,
        total=tally.total,
        table_weights=tally.record.weights if tally.record is not None else (),
        indexes=tally.indexes,
        tally=tally,
    )
    if len(_BELIEFS) >= _BELIEFS_KEPT:
        _BELIEFS.clear()
    _BELIEFS[id(mind)] = (mind, tally, weighed)
    return weighed


# Per seat's mind (held, so compared by identity): its last tally and the beliefs from it.
# Emptied at once when full, so safe when threads share it.
_BELIEFS: Final[dict[int, tuple[_Mind, _Tally, Beliefs]]] = {}
_BELIEFS_KEPT: Final = 64  # a few tables' seats: each entry holds a tally and its record alive


def _mask(seats: Any) -> int:
    out = 0
    for s in seats:
        out |= 1 << s
    return out


@plain_class  # replace, speed_up_init and _cached write its __dict__
@dataclass(frozen=True)
class _Record:
    """Every way `evil` Evil seats can sit among `players` (at most C(10,4) = 210 worlds),
    with each world's whole-number tallies over the public record counted so far. A world's
    tallies do not depend on who asks, so one record serves every seat of a table: each new
    proposal or quest is counted once, not once per bot. Never changed once built.

    The tallies are kept one 16-bit lane per world (lanes.py): a proposal or a quest adds
    to every world's count in a few integer operations. A world's weight depends on its
    tallies only, and is worked out from them world by world in a compiled loop
    (`_weighed`)."""

    players: int
    evil: int
    worlds: tuple[int, ...]
    on_quests: int = 0  # per world: Evil team members over the resolved quests
    fits: int = 0  # per world: Evil votes fitting "approve dirty, reject clean"
    dead: int = 0  # per world: a full lane once a quest with k Fails had fewer Evil on it
    fails: int = 0  # Fails over the resolved quests (the same for every world)
    quests: frozenset[Quest] = frozenset()
    proposals: tuple[Proposal, ...] = ()
    weights: tuple[float, ...] = ()  # per world (0.0 once no longer alive)

    @property
    def alive(self) -> tuple[bool, ...]:
        """Per world: at least k Evil on every quest with k Fails."""
        return tuple([not lane for lane in lanes.values(self.dead, len(self.worlds))])

    def extends(self, quests: frozenset[Quest], proposals: tuple[Proposal, ...]) -> bool:
        """Whether the record holds everything this one counted (the same game, later)."""
        return self.quests <= quests and proposals[: len(self.proposals)] == self.proposals

    def counted(self, quests: frozenset[Quest], proposals: tuple[Proposal, ...]) -> _Record:
        """This record with the quests and proposals it has not counted yet."""
        size = len(self.worlds)
        players, evil = self.players, self.evil
        on_quests, fits, dead, fails_seen = self.on_quests, self.fits, self.dead, self.fails
        for _, team, fails in quests - self.quests:
            on_team = _on_evil(players, evil, team)
            dead |= (lanes.ones(size) ^ lanes.at_least(on_team, fails, size)) * lanes.FULL
            on_quests += on_team
            fails_seen += fails
        for team, yes, no in proposals[len(self.proposals) :]:
            # A world's fit: its Evil approving a team with Evil on it, else rejecting it.
            dirty = lanes.at_least(_on_evil(players, evil, team), 1, size) * lanes.FULL
            fits += _on_evil(players, evil, yes) & dirty | _on_evil(players, evil, no) & ~dirty
        # One code per world: its fits (below 256, the powers' table) and its Evil on
        # quests above them; a ruled-out world's full lane is no live world's code.
        codes = (dead | fits + (on_quests << 8)).to_bytes(2 * size, "little")
        misfit_votes = len(proposals) * self.evil  # every Evil seat votes on every proposal
        return replace(
            self,
            on_quests=on_quests,
            fits=fits,
            dead=dead,
            fails=fails_seen,
            quests=quests,
            proposals=proposals,
            weights=_weighed(codes, fails_seen, misfit_votes),
        )


def _weighed(codes: bytes, fails: int, votes: int) -> tuple[float, ...]:
    """Each world's weight from its code (`_Record.counted`: two little-endian bytes per
    world, its fits, then its Evil on quests), for `fails` Fails and `votes` Evil votes:
    passes (Evil team members beyond the Fails) and fits, the same float expression for
    every world, worked out in a compiled loop (no dictionary of codes to look up)."""
    passed_pow, fit_pow, misfit_pow = _PASSED_POW, _FIT_POW, _MISFIT_POW  # no global lookups
    out: list[float] = []
    for k in range(0, len(codes), 2):
        fit, on_quests = codes[k], codes[k + 1]
        if fit == 0xFF and on_quests == 0xFF:
            out.append(0.0)  # ruled out (a full lane)
        else:
            out.append(passed_pow[on_quests - fails] * fit_pow[fit] * misfit_pow[votes - fit])
    return tuple(out)


_RECORDS: Final[dict[tuple[int, int], _Record]] = {}  # the last record per (players, Evil seats)


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
        weights=(_PASSED_POW[0] * _FIT_POW[0] * _MISFIT_POW[0],) * len(worlds),
    )


@functools.cache
def _worlds(players: int, evil: int) -> tuple[int, ...]:
    """Every way `evil` Evil seats can sit among `players`, as seat masks, in the order of
    `combinations` (the order of every `_Record`)."""
    return tuple(_mask(seats) for seats in combinations(range(players), evil))


@functools.cache
def _on_evil(players: int, evil: int, seats: int) -> int:
    """Per world of a `_Record` of `players` and `evil`, how many of `seats` (a mask) are
    Evil in it, one lane per world (`lanes.count`): counted once per table size and mask (a
    team, or a vote's approving or rejecting seats), at most 2 ** players masks."""
    return lanes.count(lanes.by_seat(_worlds(players, evil), players), seats)


@functools.cache
def _positions(players: int, evil: int) -> dict[int, int]:
    """Each world's position in a `_Record` of `players` and `evil`."""
    return {world: i for i, world in enumerate(_worlds(players, evil))}


@functools.cache
def _seat_bytes(players: int, evil: int) -> tuple[int, ...]:
    """Per seat, which worlds of a `_Record` of `players` and `evil` put it on Evil's side,
    one byte per world (1 if so) as an integer."""
    worlds = _worlds(players, evil)
    return tuple(
        int.from_bytes(bytes([world >> seat & 1 for world in worlds]), "little")
        for seat in range(players)
    )


class _cached(functools.cached_property[Any]):
    """`functools.cached_property` without its lock: Python 3.11's takes an RLock at every
    first read (a `with` block, a lock made per property), about as dear as a short sum.
    The value is worked out from frozen fields, so two threads computing it at once store
    the same floats: a race costs time, never a different answer. Still a cached_property,
    so core.frozen's `replace` never copies the stored value into a new record."""

    def __get__(self, instance: Any, owner: type | None = None) -> Any:
        if instance is None:
            return self
        value = instance.__dict__[self.attrname] = self.func(instance)
        return value


@plain_class  # replace, speed_up_init and _cached write its __dict__
@dataclass(frozen=True)
class _Tally:
    """One seat's possible worlds, in its own order, and their weights from a `_Record`:
    the same whole numbers, so the same floats, as counting them for this seat alone.
    Never changed once built, so a tally shared through the cache is safe from any thread.

    A seat's worlds come in the record's order (a seat's worlds are its known Evil plus each
    combination of the others, and adding the same seats to two combinations keeps their
    order), so their weights are read from the record's at their places (`indexes`).

    The worlds a quest has ruled out stay in: their record weight is exactly 0.0, and adding
    0.0 leaves a sum of non-negative floats exactly as it was, so every sum (the total, a
    seat's row, a team's risk) is the float it would be without them. So what is picked
    from a record depends on the seat's knowledge only, and is worked out once (`for_knowledge`),
    never again after a quest."""

    worlds: tuple[int, ...]  # the seat's worlds (before any quest), in the record's order
    # Their places among the record's worlds, in order, one byte each (at most 210 worlds):
    # the compiled sums read a byte as a number, with no int object to unbox.
    indexes: bytes
    rows: tuple[_Row, ...]  # per seat, how to work out the odds that it is Evil
    record: _Record | None = None
    total: float = 0.0

    @staticmethod
    def for_knowledge(players: int, evil: int, known: int, cleared: int, pair: int) -> _Tally:
        """The tally of a seat that knows the Evil seats `known` and the Good ones `cleared`
        (masks) and, with a `pair`, that exactly one of its two seats is Evil: the record's
        worlds holding every known Evil seat and no other known seat, in the record's order
        (the order of its known Evil plus each combination of the seats it does not know).
        Picked with one byte per world (`_seat_bytes`), in C."""
        every, by_seat = _worlds(players, evil), _seat_bytes(players, evil)
        picked = int.from_bytes(b"\x01" * len(every), "little")  # every world, to begin
        for seat, evil_in in enumerate(by_seat):
            if known >> seat & 1:
                picked &= evil_in
            elif cleared >> seat & 1:
                picked &= ~evil_in
        if pair:  # Merlin and Morgana: exactly one of the pair is Evil
            first, second = (by_seat[s] for s in range(players) if pair >> s & 1)
            picked &= first ^ second
        chosen = picked.to_bytes(len(every), "little")
        worlds, indexes = tuple(compress(every, chosen)), bytes(compress(range(len(every)), chosen))
        rows = tuple([_row(worlds, indexes, seat) for seat in range(players)])
        return _Tally(worlds, indexes, rows)

    def weighed(self, record: _Record) -> _Tally:
        total = _sum_at(record.weights, self.indexes)
        return _Tally(self.worlds, self.indexes, self.rows, record, total)

    @_cached
    def p_evil(self) -> tuple[float, ...]:
        """Per seat, the weight of the seat's worlds in which that seat is Evil (the
        record's weights of them, summed in world order) over the total. Worked out once,
        when first asked (computing it twice, from two threads, gives the same floats)."""
        if self.record is None or not self.total:
            return ()
        every, total = self.record.weights, self.total
        return tuple(
            [row if isinstance(row, float) else _sum_at(every, row) / total for row in self.rows]
        )


# Every sum of weights below adds them one by one from 0.0 in world order: the float
# Python 3.11's `sum` gives for them, as one compiled loop over doubles (the build) with
# no tuple of the picked floats made first.


def _sum_at(weights: tuple[float, ...], indexes: bytes) -> float:
    """The weights at `indexes`, added in that order."""
    total = 0.0
    for k in range(len(indexes)):
        total += weights[indexes[k]]
    return total


def _sum_touching(
    weights: tuple[float, ...], worlds: tuple[int, ...], indexes: bytes, team: int
) -> float:
    """The weights at `indexes` of the `worlds` (seat masks, one per index) that put some
    seat of `team` (a mask) on Evil's side, added in that order."""
    total = 0.0
    for k in range(len(indexes)):
        if worlds[k] & team:
            total += weights[indexes[k]]
    return total


# A seat's row: the odds themselves when they need no sum, else the places of the weights
# to sum among the record's.
_Row = float | bytes


def _row(worlds: tuple[int, ...], indexes: bytes, seat: int) -> _Row:
    """A seat's row: of a tally's `worlds` (seat masks) at `indexes` among the record's,
    the places of those in which `seat` is Evil. In none: 0.0 (a sum of nothing, 0, over
    the total). In every one (a known Evil seat): 1.0, as the sum is then the total's own,
    the same weights summed in the same order, and a float over itself is exactly 1.0."""
    places: list[int] = []
    for k in range(len(worlds)):
        if worlds[k] >> seat & 1:
            places.append(indexes[k])
    if not places:
        return 0.0
    if len(places) == len(worlds):
        return 1.0
    return bytes(places)


def _by_trust(me: int, p_evil: tuple[float, ...], draws: list[float]) -> list[int]:
    """`me`, then the other seats by odds of being Evil, equal odds by draw, least first:
    the order `sorted` gives by the keys (seat is not me, odds, draw), stable, here by
    insertion (ten seats at most) in a compiled loop instead of comparing key tuples."""
    order = [me]
    for seat in range(len(draws)):
        if seat == me:
            continue
        odds, drawn = p_evil[seat], draws[seat]
        at = len(order)
        while at > 1:
            before = order[at - 1]
            other = p_evil[before]
            if other < odds or (other == odds and draws[before] <= drawn):
                break  # `before` sorts first (an equal key: the earlier seat stays first)
            at -= 1
        order.insert(at, seat)
    return order


# Built per seat and proposal (a tally and its beliefs) or per seat and game (a mind): the
# quicker constructor of the engine's records, as for moves and events.
for _cls in (Beliefs, _Mind, _Tally):
    speed_up_init(_cls)

_TALLIES: Final[dict[tuple[int, ...], _Tally]] = {}
_TALLIES_KEPT: Final = 512  # a few dozen tables' bot seats; emptied at once when full (thread-safe)


def _tally(view: Mapping[str, Any], mind: _Mind) -> _Tally:
    """Every dealing of the Evil seats consistent with what `mind` knows, weighed by the
    record (the caller has checked that some dealing fits)."""
    key = mind.key
    record = _record_of(view, mind.players, mind.evil_count)
    tally = _TALLIES.get(key)
    if tally is None:
        tally = _Tally.for_knowledge(*key)
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
    return quests, _proposals_read(view["proposals"])


# The last proposal list read and its bitmasks (held, so compared by identity). The track
# of quests is rebuilt when a team's quest becomes the current one while the proposals
# stay the same list, and a new proposal only adds an entry to the list: its earlier
# entries are the same shared objects (views.py), read once. One slot, replaced whole.
_LAST_PROPOSALS: tuple[list[Any] | None, tuple[Proposal, ...]] = (None, ())


def _proposals_read(listed: list[Any]) -> tuple[Proposal, ...]:
    """`(team, approving, rejecting)` per proposal entry of a view, in order."""
    global _LAST_PROPOSALS
    held, read = _LAST_PROPOSALS
    if held is listed:
        return read
    if held is not None and len(held) <= len(listed) and all(map(operator.is_, held, listed)):
        start = len(held)  # the same entries first: only the new ones are read
    else:
        start, read = 0, ()
    read += tuple(_READ.shared("ra.bot.proposal", p, _proposal) for p in listed[start:])
    _LAST_PROPOSALS = (listed, read)
    return read


# Per proposal entry of a view (held, so compared by identity): a few dozen games' worth,
# let go once the game is over (core.memo.SharedTable).
_READ: Final = SharedTable(1024)


def _proposal(p: Mapping[str, Any]) -> Proposal:
    yes = no = 0
    for v in p["votes"]:
        if v["vote"] == "approve":
            yes |= 1 << v["seat"]
        elif v["vote"] == "reject":
            no |= 1 << v["seat"]
    return (_mask(p["team"]), yes, no)
