"""Decisions the powers give their owners (TH-9): asked mid-flow (questions.py), answered
by a `Choose` move.

A power that may be used or kept asks its owner instead of acting on its own; the state
then waits in phase "choice" until the owner answers (or their time runs out: the neutral
default keeps the power, or takes the first option in seat order). `resume` applies the
answer and goes on where play stopped: the Melee's end for Armor of Avalon, Guinevere, the
Elf Knight and Sir Galahad, the next Melee after Chivalry, the tally after Mordred's target
and the tokens of Dusk step 3. A decision with a single option is never asked.
"""

from __future__ import annotations

from collections.abc import Callable

from . import events as ev
from .feints import current_loser, feinted
from .flow import Builder
from .melee import (
    after_melee,
    broken_feints,
    end_melee,
    next_turn,
    settle_from,
    take,
    turn_up,
)
from .questions import ORDER, USE, armor_others, passed_over
from .state import DECLINE, Ask
from .weapons import is_weapon


def resume(b: Builder, seat: int, option: str) -> None:
    asked = b.state.ask
    assert asked is not None
    b.emit(ev.ChoiceMade(seat, asked.power, option))
    if is_weapon(asked.power):
        _turned_up(b, asked, option)
    else:
        RESUME[asked.power](b, asked, option)


def _number(option: str) -> int:
    """The number of an option "use:3", "to:2", "value:8"."""
    return int(option.split(":")[1])


def _armor(b: Builder, asked: Ask, option: str) -> None:
    if option != DECLINE:
        seat = asked.seat
        before = feinted(b.state.melee)
        b.emit(ev.PowerUsed(seat, "armor-of-avalon"))
        b.emit(ev.EntriesDiscarded(armor_others(b.state, seat, _number(option)), seat))
        broken_feints(b, before)  # Lancelot du Lac
        if b.asking():
            return
    end_melee(b)


def _guinevere(b: Builder, asked: Ask, option: str) -> None:
    if option == USE:
        skipped, _next = passed_over(b.state, asked.seat)
        b.emit(ev.PowerUsed(asked.seat, "guinevere"))
        b.emit(ev.LossPassed(asked.seat, skipped))
    end_melee(b)


def _elf_knight(b: Builder, asked: Ask, option: str) -> None:
    loser = current_loser(b.state)
    if option == USE and loser is not None:
        b.emit(ev.PowerUsed(asked.seat, "elf-knight"))
        b.emit(ev.EntryMarked(loser.order))
    end_melee(b)


def _galahad(b: Builder, asked: Ask, option: str) -> None:
    if option == USE:
        b.emit(ev.PowerUsed(asked.seat, "sir-galahad"))
    take(b, option == USE)


def _chivalry(b: Builder, asked: Ask, option: str) -> None:
    """After a lost Melee one token; at Dusk (step 3) as many as its owner says."""
    from .powers.dusk import spend_tokens

    if asked.resume == "dusk":
        _tokens(b, asked, option)
        return
    if option == USE:
        spend_tokens(b, asked.seat, asked.power, 1)
    after_melee(b)


def _mordred(b: Builder, asked: Ask, option: str) -> None:
    from .powers.dusk import mordred_gives

    mordred_gives(b, asked.seat, _number(option))
    b.finish_dusk()


def _tokens(b: Builder, asked: Ask, option: str) -> None:
    """Dusk step 3: Will of God or Chivalry tokens spent (or kept) before the tally."""
    from .powers.dusk import spend_tokens

    if option != DECLINE:
        spend_tokens(b, asked.seat, asked.power, _number(option))
    b.finish_dusk()


def _lancelot(b: Builder, asked: Ask, option: str) -> None:
    """Lancelot du Lac's card goes to the tied opponent chosen; then play goes on where
    it broke: the Melee's end, the reveal, or the rest of the play that broke it."""
    card, cause = asked.at
    b.emit(ev.EntryMoved(card, _number(option)))
    s = b.state
    if cause < 0 or s.acted >= s.n:
        end_melee(b)
        return
    settle_from(b, cause + 1)
    if not b.asking():
        next_turn(b)


def _turned_up(b: Builder, asked: Ask, option: str) -> None:
    """TH-4: the wild or special card turns up with the value its player gave it; the
    reveal goes on."""
    entry = next(x for x in b.state.melee if x.order == asked.at[0])
    turn_up(b, entry, _number(option))
    if not b.asking():
        end_melee(b)


def _order(b: Builder, asked: Ask, option: str) -> None:
    """TT-23: the chosen order of a seat's Dusk powers; the tally goes on."""
    order = tuple(option.split(":", 1)[1].split(","))
    b.emit(ev.OrderChosen(asked.at[0], asked.seat, order))
    b.finish_dusk()


RESUME: dict[str, Callable[[Builder, Ask, str], None]] = {
    "armor-of-avalon": _armor,
    "guinevere": _guinevere,
    "elf-knight": _elf_knight,
    "sir-galahad": _galahad,
    "chivalry": _chivalry,
    "will-of-god": _tokens,
    "mordred": _mordred,
    "lancelot-du-lac": _lancelot,
    ORDER: _order,
}
