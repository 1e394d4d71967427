"""Region powers (CA-14, CA-15) as small handlers registered against named hooks (the
registry is games.engine.core.HookRegistry, keyed by the region's power).

A region's data names its power (regions.py); the rules ask a hook and every handler
whose region applies answers. A power works only face up (CA-12): a face-down castle
gives no defence, and Avalon and the Stone Circle work only for their owner.

Hooks:
- "defence_bonus"(state, index) -> int: extra cards the defender counts at that region;
- "attack_kinds"(state, seat) -> set of card kinds `seat` may attack with;
- "loss_discount"(state, seat) -> int: cards fewer `seat` may lose in a step 2 now.
"""

from __future__ import annotations

from functools import lru_cache

from games.engine.core import HookRegistry

from .cards import KNIGHT, SORCERESS
from .regions import AVALON, BY_KEY, CASTLE, STONE_CIRCLE
from .state import ColoviniState

HOOKS = HookRegistry(("defence_bonus", "attack_kinds", "loss_discount"))


@HOOKS.handler("defence_bonus", CASTLE)
def _castle(state: ColoviniState, index: int) -> int:
    # CA-14, CA-12: only a face-up castle defends (from the attack after its conquest).
    return 1 if state.face_up[index] else 0


@HOOKS.handler("attack_kinds", STONE_CIRCLE)
def _stone_circle(state: ColoviniState, seat: int) -> set[str]:
    return {SORCERESS}  # CA-15: a sorceress attacks as if a knight


@HOOKS.handler("loss_discount", AVALON)
def _avalon(state: ColoviniState, seat: int) -> int:
    return 0 if state.avalon_used else 1  # CA-15: once per turn


def defence_bonuses(state: ColoviniState) -> tuple[int, ...]:
    """Every region's `defence_bonus`, in row order (each view shows them all). Only regions
    with a power can have one: they are listed once per row."""
    powered = _powered(state.row)
    if not powered:
        return (0,) * len(state.row)
    out = [0] * len(state.row)
    for index in powered:
        out[index] = defence_bonus(state, index)
    return tuple(out)


@lru_cache(maxsize=256)
def _powered(row: tuple[str, ...]) -> tuple[int, ...]:
    return tuple(i for i, key in enumerate(row) if BY_KEY[key].power is not None)


def defence_bonus(state: ColoviniState, index: int) -> int:
    power = state.region(index).power
    if power is None:  # most regions: asked for each region in every view
        return 0
    fn = HOOKS.get("defence_bonus", power)
    return int(fn(state, index)) if fn else 0


def attack_kinds(state: ColoviniState, seat: int) -> set[str]:
    kinds = {KNIGHT}  # CA-8
    for region in state.owned(seat).values():
        fn = HOOKS.get("attack_kinds", region.power or "")
        if fn:
            kinds |= fn(state, seat)
    return kinds


def loss_discount(state: ColoviniState, seat: int) -> int:
    total = 0
    for region in state.owned(seat).values():
        fn = HOOKS.get("loss_discount", region.power or "")
        if fn:
            total += int(fn(state, seat))
    return total
