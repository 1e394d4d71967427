"""The junk pile (JA-10, JA-13): where winning cards go, and the blind purchases after a
duel (the winner first, 5 coins each, one card each; nobody else may buy then)."""

from __future__ import annotations

from random import Random

from games.engine.core import N_, Event, IllegalMove

from . import events as ev
from .config import JUNK_PRICE
from .moves import BuyFromJunk
from .state import JoustingState


def buyers(state: JoustingState, queue: tuple[int, ...]) -> tuple[int, ...]:
    """The junk queue `queue` trimmed: a duelist who cannot pay, or finds the pile empty,
    has nothing to decide."""
    return tuple(s for s in queue if state.coins[s] >= JUNK_PRICE) if state.junk else ()


def buy(state: JoustingState, seat: int, move: BuyFromJunk, rng: Random) -> list[Event]:
    if not move.buy:
        return [ev.JunkPassed(seat)]
    if state.coins[seat] < JUNK_PRICE or not state.junk:  # trimmed from the queue already
        raise IllegalMove(
            N_("A card from the junk pile costs %(price)s coins."), "JA-13", price=JUNK_PRICE
        )
    return [ev.JunkBought(seat, rng.choice(state.junk))]  # drawn blind, recorded
