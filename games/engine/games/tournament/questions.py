"""The question a power asks its owner (TH-9), and what the question shows: who would lose
the Melee after each answer, and the Injury at stake. Pure: no flow here, so the power
handlers can ask; choices.py applies the answers.
"""

from __future__ import annotations

from typing import Any

from . import events as ev
from .copying import replace
from .feints import current_loser, loss_line
from .state import Entry, TState, answer_key
from .weapons import injury

USE = "use"
TO = "to"  # "to:<seat>": whom a power's card goes to
ORDER = "order"  # "order:<card>,<card>,...": TT-23, the order of a seat's Dusk powers
VALUE = "value"  # "value:<n>": a wild or special card's value as it is turned up (TH-4)
VALUES = tuple(range(1, 16))  # TH-2, TH-4
DEFAULT_VALUE = 8  # the timeout's value: the middle of 1..15


def answered(state: TState, power: str) -> bool:
    """Was `power` asked and answered already at this point (this Melee, or this Dusk)?"""
    return answer_key(power, state.phase) in state.answered


def ask(
    b: Any,
    seat: int,
    power: str,
    options: tuple[str, ...],
    losers: tuple[int, ...] = (),
    stake: int = 0,
    at: tuple[int, ...] = (),
    results: tuple[int, ...] = (),
) -> None:
    """Stop for `seat` to decide; `losers`, `results` (per option) and `stake` tell the
    owner what is at stake, `at` which Melee entries (or seat) the question is about."""
    b.emit(ev.ChoiceAsked(seat, power, options, losers, stake, at, results))


def loser_seat(state: TState, melee: tuple[Entry, ...] | None = None) -> int:
    """The seat that would lose the Melee now, or with `melee` instead of its cards (-1:
    nobody, TT-14)."""
    if melee is not None:
        state = replace(state, melee=melee)
    loser = current_loser(state)
    return -1 if loser is None else loser.seat


def at_stake(state: TState, cards: list[str] | tuple[str, ...]) -> int:
    """The printed Injury of `cards` (what a loss costs before Dusk powers)."""
    return sum(injury(c, state.rules.poisoned) for c in cards)


def melee_stake(state: TState) -> int:
    return at_stake(state, [*(x.card for x in state.melee), *state.carried])


def passed_over(state: TState, seat: int) -> tuple[tuple[int, ...], Entry | None]:
    """Guinevere: the loss line's leading cards of `seat`, and the next card of another
    player that would lose instead (None: nobody else can take it)."""
    skipped: list[int] = []
    for x in loss_line(state.melee):
        if x.order in state.spared:
            continue
        if x.seat != seat:
            return tuple(skipped), x
        skipped.append(x.order)
    return tuple(skipped), None


def armor_others(state: TState, seat: int, value: int) -> tuple[int, ...]:
    """Armor of Avalon: the other players' cards Feinting with the owner's card of `value`."""
    return tuple(x.order for x in state.melee if x.value == value and x.seat != seat)
