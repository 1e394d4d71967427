"""A knight's legal moves in the barter session, listed only when read (JH-3).

The barter asks every knight not done yet, one by one, at every event, and its list (done,
accepts, cancels and declines, sample offers and showings, withdraw) is mostly made of
moves that carry the clock, which every event moves: nothing of it can be kept from one ask
to the next. The bot reads only the accepts, the sample offers when it has none of its own
open, and whether it may withdraw, so `BarterMoves` hands those out on their own and builds
the whole list, the same moves in the same order, only when it is read as a sequence.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import overload

from games.engine.core import Move

from . import barter
from .moves import AcceptOffer, MakeOffer, SayDone, Withdraw
from .state import JoustingState

_DONE = SayDone()
_WITHDRAW = Withdraw()


class BarterMoves(Sequence[Move]):
    """`[SayDone(), *accepts, *answers, *sample offers, *sample showings, *withdraw]` for a
    pending knight of the barter session; equal to that list, and read like it."""

    __slots__ = ("_state", "_seat", "_all", "accepts", "may_withdraw")

    def __init__(self, state: JoustingState, seat: int, may_withdraw: bool) -> None:
        self._state, self._seat = state, seat
        self._all: list[Move] | None = None
        self.accepts = [
            AcceptOffer(o.id) for o in state.offers if barter.can_accept(state, seat, o)
        ]
        self.may_withdraw = may_withdraw

    def offers(self) -> list[MakeOffer]:
        """The sample offers, in the list's order."""
        return barter.sample_offers(self._state, self._seat)

    def _moves(self) -> list[Move]:
        if self._all is None:
            state, seat = self._state, self._seat
            out: list[Move] = [_DONE, *self.accepts, *barter.answers(state, seat)]
            out += [*self.offers(), *barter.sample_shows(state, seat)]
            if self.may_withdraw:
                out.append(_WITHDRAW)
            self._all = out
        return self._all

    def __len__(self) -> int:
        if self._all is not None:
            return len(self._all)
        # Counted without building the moves: each part's size, as `_moves` lists them.
        state, seat = self._state, self._seat
        answers = sum(1 for o in state.offers if o.seat == seat or o.open_to(seat))
        samples = barter.sample_offer_count(state, seat) + barter.sample_show_count(state, seat)
        return 1 + len(self.accepts) + answers + samples + self.may_withdraw

    @overload
    def __getitem__(self, index: int) -> Move: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Move]: ...

    def __getitem__(self, index: int | slice) -> Move | Sequence[Move]:
        if index == 0:
            return _DONE  # the phase's first move (bot.py reads it to know the phase)
        return self._moves()[index]

    def __iter__(self) -> Iterator[Move]:
        return iter(self._moves())

    def __contains__(self, move: object) -> bool:
        return move in self._moves()

    def __eq__(self, other: object) -> bool:
        if isinstance(other, BarterMoves):
            return self._moves() == other._moves()
        if isinstance(other, Sequence) and not isinstance(other, (str, bytes)):
            return self._moves() == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # a list's equality, so not hashable

    def __repr__(self) -> str:
        return repr(self._moves())
