"""Legal moves listed only when read: the barter session's (JH-3) and the lays (JA-9).

The barter asks every knight not done yet, one by one, at every event, and its list (done,
accepts, cancels and declines, sample offers and showings, withdraw) is mostly made of
moves that carry the clock, which every event moves: nothing of it can be kept from one ask
to the next. The bot reads only the accepts, the first sample swap and sale when it has no
offer of its own open, and whether it may withdraw. A hand of six players' cards has dozens
of lays, and the bot takes the strongest: the hand's best set. So `BarterMoves` and
`LayMoves` hand those parts out on their own, count their length from the state, and build
the whole list, the same moves in the same order, only when read as a sequence.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from games.engine.core import LazyMoves, Move

from . import barter
from .cards import KINDS, all_lays, best_set, lay_count
from .moves import LayCards, MakeOffer, SayDone, Withdraw
from .state import JoustingState

_DONE = SayDone()
_WITHDRAW = Withdraw()


class BarterMoves(LazyMoves[Move]):
    """`[SayDone(), *accepts, *answers, *sample offers, *sample showings, *withdraw]` for a
    pending knight of the barter session."""

    # (`state` and `seat` public: the bot asks barter.py for the parts it reads itself,
    # without a call of an interpreted method between; this module is not compiled)
    __slots__ = ("accepts", "may_withdraw", "seat", "state")

    def __init__(self, state: JoustingState, seat: int, may_withdraw: bool) -> None:
        self._listed = None  # LazyMoves.__init__, without the call: one list per ask
        self.state, self.seat = state, seat
        self.accepts = barter.accepts(state, seat)
        self.may_withdraw = may_withdraw

    def offers(self) -> list[MakeOffer]:
        """The sample offers, in the list's order."""
        return barter.sample_offers(self.state, self.seat)

    def swap(self) -> MakeOffer | None:
        """The first of `offers()` that asks for a card (a swap for a missing kind)."""
        return barter.first_sample_offer(self.state, self.seat, swap=True)

    def sale(self) -> MakeOffer | None:
        """The first of `offers()` open to all that asks for coins only (a sale)."""
        return barter.first_sample_offer(self.state, self.seat, swap=False)

    def _build(self) -> list[Move]:
        state, seat = self.state, self.seat
        out: list[Move] = [_DONE, *self.accepts, *barter.answers(state, seat)]
        out += [*self.offers(), *barter.sample_shows(state, seat)]
        if self.may_withdraw:
            out.append(_WITHDRAW)
        return out

    def __len__(self) -> int:
        if self._listed is not None:
            return len(self._listed)
        # Counted without building the moves: each part's size, as `_moves` lists them.
        state, seat = self.state, self.seat
        answers = sum(1 for o in state.offers if o.seat == seat or o.open_to(seat))
        samples = barter.sample_offer_count(state, seat) + barter.sample_show_count(state, seat)
        return 1 + len(self.accepts) + answers + samples + self.may_withdraw

    def has_one(self) -> bool:
        """Whether "done" is the only move: no accept, no withdrawal, no card to offer or
        show, and no offer to answer (most knights hold cards: the rest is seldom read)."""
        if self._listed is not None:
            return len(self._listed) == 1
        state, seat = self.state, self.seat
        return not (
            self.accepts
            or self.may_withdraw
            or state.hands[seat]
            or any(o.seat == seat or o.open_to(seat) for o in state.offers)
        )

    def __getitem__(self, index: int | slice) -> Move | Sequence[Move]:  # type: ignore[override]
        if index == 0:
            return _DONE  # the phase's first move (bot.py reads it to know the phase)
        return self._moves()[index]


class LayMoves(LazyMoves[Move]):
    """`[*every lay of the hand, *withdraw]` for a duelist who has not laid yet (JA-9)."""

    __slots__ = ("_hand", "_may_withdraw")

    def __init__(self, hand: tuple[str, ...], may_withdraw: bool) -> None:
        super().__init__()
        self._hand, self._may_withdraw = hand, may_withdraw

    def _build(self) -> list[Move]:
        return [*_lay_moves(self._hand), *([_WITHDRAW] if self._may_withdraw else [])]

    def __len__(self) -> int:
        if self._listed is not None:
            return len(self._listed)
        return lay_count(self._hand) + self._may_withdraw

    def __getitem__(self, index: int | slice) -> Move | Sequence[Move]:  # type: ignore[override]
        if index == 0 and self._listed is None:
            lays = all_lays(self._hand)
            if lays:
                return _lay_cards(*lays[0])  # the phase's first move, as bot.py reads it
        return self._moves()[index]

    def has_one(self) -> bool:
        if self._may_withdraw and self._listed is None:
            return best_set(self._hand) is None  # a hand with a set has a lay besides
        return len(self) == 1

    def strongest(self) -> LayCards | None:
        """The first of the lays with the highest sum of values (what the bot lays)."""
        return _strongest(self._hand)


@lru_cache(maxsize=1024)  # a hand's lays are listed again at each ask: built once per hand
def _lay_moves(hand: tuple[str, ...]) -> tuple[LayCards, ...]:
    return tuple(_lay_cards(*lay) for lay in all_lays(hand))


def _strongest(hand: tuple[str, ...]) -> LayCards | None:
    # The highest sum of values is the highest card of each kind, the jokers (worth 0)
    # only in the places of kinds not held, lowest-numbered first as `all_lays` fills them:
    # `best_set` (values are unique within a kind, so no other lay ties with it).
    best = best_set(hand)
    return _lay_cards(*(best[k] for k in KINDS)) if best is not None else None


# A lay is four card names, and hands share most of their lays: each lay's move is built once.
_lay_cards = lru_cache(maxsize=8192)(LayCards)
