"""Region powers (CA-14, CA-15) as small handlers registered against named hooks (the
registry is games.engine.core.HookRegistry, keyed by the region's power).

A region's data names its power (regions.py); the rules ask a hook and every handler
whose region applies answers. A power works only face up (CA-12): a face-down castle
gives no defence, and Avalon and the Stone Circle work only for their owner.

Hooks:
- "defence_bonus"(state, index) -> int: extra cards the defender counts at that region,
  from the row and which regions are face up only (`defence_bonuses` keeps the answers
  per row and faces);
- "attack_kinds"(state, seat) -> set of card kinds `seat` may attack with;
- "loss_discount"(state, seat) -> int: cards fewer `seat` may lose in a step 2 now.
"""

from __future__ import annotations

from games.engine.core import HookRegistry
from games.engine.core.memo import last_pair, shared

from .cards import KNIGHT, SORCERESS
from .regions import AVALON, CASTLE, STONE_CIRCLE
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


Defences = tuple[int, ...]  # per row position


def defence_bonuses(state: ColoviniState) -> Defences:
    """Every region's `defence_bonus`, in row order (legal moves and each view ask for
    them all, every move). A power works only face up (CA-12), so the answers follow from
    the row and what is face up (the hook's contract, above), which change only with a
    conquest: they are worked out once per (row, face up), the last found by identity."""
    return _defences(state.row, state.face_up, state)


@last_pair
def _defences(row: tuple[str, ...], face_up: tuple[bool, ...], state: ColoviniState) -> Defences:
    return shared("ca.defences", (row, face_up), lambda _: _all_defences(state), by_value=True)


def _all_defences(state: ColoviniState) -> Defences:
    return tuple(defence_bonus(state, index) for index in range(len(state.row)))


def defence_bonus(state: ColoviniState, index: int) -> int:
    power = state.region(index).power
    if power is None:  # most regions: asked for each region in every view
        return 0
    fn = HOOKS.get("defence_bonus", power)
    return int(fn(state, index)) if fn else 0


def attack_kinds(state: ColoviniState, seat: int) -> set[str]:
    kinds = {KNIGHT}  # CA-8
    for power in state.powers(seat):  # most regions have none: no handler to look up
        fn = HOOKS.get("attack_kinds", power)
        if fn:
            kinds |= fn(state, seat)
    return kinds


def loss_discount(state: ColoviniState, seat: int) -> int:
    total = 0
    for power in state.powers(seat):
        fn = HOOKS.get("loss_discount", power)
        if fn:
            total += int(fn(state, seat))
    return total
