"""Melee powers: who loses and who takes what (Guinevere, Elf Knight, Sir Galahad, Armor of
Avalon, Sir Bors, Lancelot du Lac, Chivalry).

The Melee's resolution has one hook per stage (hooks.py), so each handler is called only at
its own: "melee_before" (cards leave before the loss is decided), "melee_loser" (change the
loser), "melee_feints" (Feints resolved), "melee_take" (what the loser takes), "melee_lost"
(after the loss), "melee_broken" (a Feint broke when a card left the Melee).
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from .. import events as ev
from ..carddata import CardData
from ..copying import replace
from ..feints import feinted
from ..hooks import handler, healthiest_opponents
from ..questions import (
    TO,
    USE,
    answered,
    armor_others,
    ask,
    at_stake,
    loser_seat,
    melee_stake,
    passed_over,
)
from ..state import DECLINE, TState


def _free(b: Any, seat: int, data: CardData) -> bool:
    """Unused this round and not asked already in this Melee."""
    return data.id not in b.state.player(seat).used and not answered(b.state, data.id)


@handler("melee_loser", "guinevere")
def guinevere(b: Any, seat: int, data: CardData, **kw: Any) -> None:
    """Once per round, a Melee she would lose may pass to the next card in line."""
    if not _free(b, seat, data):
        return
    _skipped, instead = passed_over(b.state, seat)
    if instead is not None:
        losers = (instead.seat, seat)
        ask(b, seat, data.id, (USE, DECLINE), losers, melee_stake(b.state))


@handler("melee_loser", "elf_knight")
def elf_knight(b: Any, seat: int, data: CardData, **kw: Any) -> None:
    """Once per round, when she would lose, the token may make her card count as Feinted."""
    if not _free(b, seat, data):
        return
    order = kw["entry"].order
    marked = tuple(replace(x, marked=True) if x.order == order else x for x in b.state.melee)
    losers = (loser_seat(b.state, marked), seat)
    ask(b, seat, data.id, (USE, DECLINE), losers, melee_stake(b.state))


@handler("melee_take", "galahad")
def galahad(b: Any, seat: int, data: CardData, **kw: Any) -> None:
    """Once per round, when he loses, he may take only his own cards; the rest wait."""
    if not _free(b, seat, data):
        return
    own = [x.card for x in b.state.melee if x.seat == seat]
    rest = [c for c in kw["taken"] if c not in own]
    if rest:
        ask(b, seat, data.id, (USE, DECLINE), (seat, seat), at_stake(b.state, rest))


@handler("melee_before", "armor")
def armor(b: Any, seat: int, data: CardData, **kw: Any) -> None:
    """Once per round, when a Melee ends with his card in a Feint, he may discard the other
    cards of that Feint (which may leave his own card to lose)."""
    if not _free(b, seat, data):
        return
    s = b.state
    values = sorted({x.value for x in s.melee if x.seat == seat and armor_others(s, seat, x.value)})
    if not values:
        return
    options, losers = [], []
    for value in values:
        options.append(f"{USE}:{value}")
        losers.append(_after_armor(s, seat, value))
    stake = melee_stake(s)
    ask(b, seat, data.id, (*options, DECLINE), (*losers, loser_seat(s)), stake)


def _after_armor(state: TState, seat: int, value: int) -> int:
    """Who would lose if the armor broke the Feint of `value` (played out on a scratch
    Builder, so Lancelot du Lac's card leaving counts too)."""
    from ..flow import Builder  # the Builder imports the hooks: imported late
    from ..melee import broken_feints

    trial = Builder(state, None)
    before = feinted(state.melee)
    trial.emit(ev.EntriesDiscarded(armor_others(state, seat, value), seat))
    broken_feints(trial, before)
    asked = trial.state.ask
    if asked is not None:  # Lancelot du Lac would ask whom: his card leaves all the same
        trial.emit(ev.EntryMoved(asked.at[0], int(asked.options[0].split(":")[1])))
    return loser_seat(trial.state)


@handler("melee_feints", "bors")
def bors(b: Any, seat: int, data: CardData, **kw: Any) -> None:
    """Every player in a Feint with Sir Bors heals once for that Feint."""
    values = [x.value for x in b.state.melee]
    if len(set(values)) == len(values):
        return  # no two cards alike: no Feint to heal for (most Melees)
    groups: dict[int, set[int]] = defaultdict(set)
    for x in b.state.melee:
        groups[x.value].add(x.seat)
    counts: dict[int, int] = defaultdict(int)
    for x in b.state.melee:
        counts[x.value] += 1
    for value, seats in sorted(groups.items()):
        if counts[value] > 1 and seat in seats:
            for healed in sorted(seats):
                b.heal(healed, int(data.params[0]), "sir-bors")


@handler("melee_broken", "lancelot")
def lancelot(b: Any, seat: int, data: CardData, **kw: Any) -> None:
    """A broken Feint's card of his goes into the healthiest opponent's Weapon Hits (his
    owner chooses among opponents tied for the most Health)."""
    order = kw["entry"].order
    targets = healthiest_opponents(b.state, seat)
    if len(targets) > 1:
        options = tuple(f"{TO}:{t}" for t in targets)
        ask(b, seat, data.id, options, at=(order, int(kw.get("cause", -1))))
    else:
        b.emit(ev.EntryMoved(order, targets[0]))


@handler("melee_lost", "chivalry")
def chivalry(b: Any, seat: int, data: CardData, **kw: Any) -> None:
    """After a Melee its owner lost, a Chivalry token may be spent to heal."""
    if b.state.player(seat).tokens > 0:
        ask(b, seat, data.id, (USE, DECLINE), (), int(data.params[1]))
