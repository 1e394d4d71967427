"""A sensible knight, from its own view only: trades toward a complete set with strong
values, lays its best set, buys from the junk pile when short of a kind, picks the right
chip, and withdraws only when a set is out of reach."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from math import inf
from operator import itemgetter
from random import Random
from typing import Final

from games.engine.core import JSON, Move

from .barter import first_sample_offer
from .cards import JOKER, KINDS, face, is_complete, is_joker, kind_of, missing_kinds, value_of
from .config import JUNK_PRICE
from .lazy_moves import BarterMoves, LayMoves
from .moves import (
    AcceptOffer,
    BuyFromJunk,
    DraftCard,
    LayCards,
    MakeOffer,
    PickChip,
    SayDone,
    Withdraw,
)


def worth(hand: Sequence[str], coins: int) -> float:
    """How good a hand and purse are: a complete set first, then its strength, then coins."""
    return _set_worth(tuple(hand)) + 3 * coins + 0.5 * len(hand)


def _set_worth(hand: Sequence[str]) -> int:
    """The hand's part of `worth`, a whole number: 60 per kind covered (a joker covers one;
    four at most) plus, for a complete set, its strength (`set_strength`: the highest
    card of each kind, jokers worth 0). Counted in one pass over the hand: each trade
    weighed is a hand not seen before."""
    highest: dict[str, int] = {}
    jokers = 0
    for card in hand:
        kind, value = face(card)
        if kind == JOKER:
            jokers += 1
        elif value > highest.get(kind, 0):  # JA-1: values start at 1
            highest[kind] = value
    kinds = len(highest) + jokers
    strength = sum(highest.values()) if kinds >= len(KINDS) else 0
    return 60 * min(kinds, len(KINDS)) + strength


def _trade_gain(hand: tuple[str, ...], offer: Mapping[str, JSON], coins: int, now: float) -> float:
    """What accepting `offer` adds to the worth of `hand` and `coins` (`now`)."""
    give, want = offer["give"], offer["want"]  # the offerer's sides
    # `worth` of the hand after the trade (a compiled loop: no filter object, no calls)
    wanted = want["cards"]
    after = [c for c in hand if c not in wanted]
    after += give["cards"]
    left: int = coins - want["coins"] + give["coins"]
    return _set_worth(after) + 3 * left + 0.5 * len(after) - now


def _weighed(hand: tuple[str, ...], coins: int) -> tuple[float, dict[int, tuple[object, float]]]:
    """The worth of `hand` and `coins`, and the gains of the trades already weighed against
    them, by offer id. A knight is asked again after every offer that reopens the session
    (JH-3), its hand and purse unchanged and most offers the same: each trade is weighed
    once per hand and purse. A gain is kept with the view's entry it was weighed from and
    read back only for that very entry (held, so its identity is not reused): offer ids
    restart with every game."""
    key = (hand, coins)
    found = _WEIGHED.get(key)
    if found is None:
        if len(_WEIGHED) >= 2048:
            _WEIGHED.clear()
        found = _WEIGHED[key] = (worth(hand, coins), {})
    return found


_WEIGHED: Final[
    dict[tuple[tuple[str, ...], int], tuple[float, dict[int, tuple[object, float]]]]
] = {}


def _by_id(offers: Sequence[Mapping[str, JSON]]) -> Mapping[int, Mapping[str, JSON]]:
    """The view's offers by id, kept for the last list read: the bot view hands out the
    same list while the table of offers is unchanged (views._seen_offers)."""
    last, by_id = _BY_ID[0]
    if last is not offers:
        by_id = dict(zip(map(_ID, offers), offers, strict=True))
        _BY_ID[0] = (offers, by_id)
    return by_id


_BY_ID: Final[list[tuple[object, Mapping[int, Mapping[str, JSON]]]]] = [(None, {})]

_ID: Final = itemgetter("id")
_DONE: Final = SayDone()  # frozen: one of each serves every answer
_WITHDRAW: Final = Withdraw()


def _barter(view: Mapping[str, JSON], legal: Sequence[Move], rng: Random) -> Move:
    you = view["you"]
    me = you["seat"]
    coins = view["knights"][me]["coins"]
    # The barter's own list hands out the parts read here without building the rest.
    # (`type` rather than `isinstance`: a Sequence's check goes through its ABC machinery)
    lazy = legal if type(legal) is BarterMoves else None
    accepts = lazy.accepts if lazy is not None else [m for m in legal if isinstance(m, AcceptOffer)]
    hand = tuple(you["hand"])  # weighed as it is (`worth`, `is_complete`: no copy)
    if accepts:
        offers = _by_id(view["offers"])
        now, gains = _weighed(hand, coins)
        # The best gain, the last of equals (as the end of a stable sort by gain).
        best, gain = accepts[0], -inf
        for m in accepts:
            offer = offers[m.offer]
            known = gains.get(m.offer)
            if known is not None and known[0] is offer:
                score = known[1]
            else:
                score = _trade_gain(hand, offer, coins, now)
                gains[m.offer] = (offer, score)
            if score >= gain:
                best, gain = m, score
        if gain > 0.5:
            return best
    complete = is_complete(hand)
    if all(o["seat"] != me for o in view["offers"]):  # no offer of its own open
        if not complete:
            swap = _first_swap(legal, lazy, hand)
            if swap is not None:
                return swap
        else:
            sale = _first_sale(legal, lazy)
            if sale is not None and rng.random() < 0.5:
                return sale
    hopeless = not complete and coins < 2 and len(hand) < 2
    if hopeless and (lazy.may_withdraw if lazy is not None else _WITHDRAW in legal):
        return _WITHDRAW
    return _DONE


# The barter's own list finds these without building its other offers.
def _first_swap(
    legal: Sequence[Move], lazy: BarterMoves | None, hand: tuple[str, ...]
) -> Move | None:
    """The first offer of `legal` asking for a card of a kind the hand lacks."""
    if lazy is not None:  # `lazy.swap()`, without the interpreted method's call
        return first_sample_offer(lazy.state, lazy.seat, swap=True)
    missing = set(missing_kinds(hand))
    swaps = (m for m in legal if isinstance(m, MakeOffer))
    return next((m for m in swaps if any(kind_of(c) in missing for c in m.want.cards)), None)


def _first_sale(legal: Sequence[Move], lazy: BarterMoves | None) -> Move | None:
    """The first offer of `legal` open to all asking for coins only."""
    if lazy is not None:  # `lazy.sale()`, as above
        return first_sample_offer(lazy.state, lazy.seat, swap=False)
    sales = (m for m in legal if isinstance(m, MakeOffer) and m.to is None)
    return next((m for m in sales if not m.want.cards), None)


def bot_move(view: Mapping[str, JSON], legal: Sequence[Move], rng: Random) -> Move:
    if type(legal) is BarterMoves:  # the commonest ask: the barter's own list
        return _barter(view, legal, rng)
    if type(legal) is LayMoves:  # the strongest lay, without listing the lays
        strongest = legal.strongest()
        if strongest is not None:
            return strongest
    first = legal[0]
    you = view["you"]
    hand = list(you["hand"]) if you else []
    if isinstance(first, DraftCard):
        missing = set(missing_kinds(hand))
        drafts = [m for m in legal if isinstance(m, DraftCard)]
        return max(drafts, key=lambda m: (kind_of(m.card) in missing, value_of(m.card)))
    if isinstance(first, LayCards):
        lays = [m for m in legal if isinstance(m, LayCards)]
        return max(lays, key=lambda m: sum(map(value_of, m.as_tuple())))
    if isinstance(first, PickChip):
        judgement = view["judgement"]
        right = judgement["right"] if isinstance(judgement, dict) else "chance"
        return PickChip(right) if PickChip(right) in legal else PickChip("chance")
    if isinstance(first, BuyFromJunk):
        coins = view["knights"][you["seat"]]["coins"]
        # A blind card rarely fills a gap: buy only to fill a single missing kind and
        # only with money to spare (money is what wins).
        short = len(missing_kinds(hand)) - sum(map(is_joker, hand)) == 1
        return BuyFromJunk(short and coins >= 2 * JUNK_PRICE)
    return _barter(view, legal, rng)
