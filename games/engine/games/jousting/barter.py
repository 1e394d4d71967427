"""The barter session (JA-6, JH-3): offers, acceptance, showing cards, saying done.

Checks return a message for the player (None: fine). `sample_offers` and `sample_shows`
give legal_moves a small, representative and deterministic set: every sampled offer gives
at least one card, so no knight's sample is ever legal for another (cards are unique).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from games.engine.core import N_, Message, msg
from games.engine.core.memo import per_key

from .cards import (
    JOKER,
    KINDS,
    best_set,
    card,
    card_name,
    cards_named,
    deck_set,
    face,
    is_complete,
    is_joker,
    kind_of,
    missing_kinds,
    sort_key,
    value_of,
)
from .moves import AcceptOffer, CancelOffer, DeclineOffer, Lot, MakeOffer, ShowCards
from .state import JoustingState, Offer

STALE: Final = msg(
    N_("The table has changed since you looked; look again and make your move anew.")
)


def _side_problem(lot: Lot, give: bool) -> Message | None:
    if lot.coins < 0:
        if give:
            return msg(N_("You cannot give a negative number of coins."))
        return msg(N_("You cannot ask for a negative number of coins."))
    if len(set(lot.cards)) != len(lot.cards):
        if give:
            return msg(N_("You name a card twice in what you give."))
        return msg(N_("You name a card twice in what you ask for."))
    return None


def _not_held(missing: list[str]) -> Message:
    return msg(N_("You do not hold %(cards)s."), cards=cards_named(missing))


def _only_coins(coins: int) -> Message:
    # Engine messages carry no plural forms: the one singular case has its own text.
    if coins == 1:
        return msg(N_("You have only 1 coin."))
    return msg(N_("You have only %(coins)s coins."), coins=coins)


GONE: Final = msg(N_("That offer is no longer on the table."))
NOT_YOURS: Final = msg(N_("That offer is not open to you."))
OWN_OFFER: Final = msg(N_("You cannot accept your own offer."))
CANNOT_GIVE: Final = msg(N_("The other knight can no longer give what they offered."))


# (`len(state.hands)` below: the state's `players` property, without its interpreted call)
def check_offer(state: JoustingState, seat: int, move: MakeOffer) -> Message | None:
    if move.stamp != state.clock:
        return STALE
    if state.offers_made[seat] >= state.config.offer_limit:
        return msg(
            N_("Your offers this barter session are used up (the table allows %(limit)s)."),
            limit=state.config.offer_limit,
        )
    if move.to is not None and not (0 <= move.to < len(state.hands) and move.to != seat):
        return msg(N_("Make your offer to another knight at the table, or to everyone."))
    given, wanted = move.give, move.want  # (`Lot.is_empty`, inline: an interpreted method)
    if (not given.cards and given.coins == 0) or (not wanted.cards and wanted.coins == 0):
        return msg(N_("An offer gives something and asks something: cards, coins or both."))
    for lot, give in ((move.give, True), (move.want, False)):
        problem = _side_problem(lot, give)
        if problem:
            return problem
    hand = set(state.hands[seat])
    missing = [c for c in move.give.cards if c not in hand]
    if missing:
        return _not_held(missing)  # JA-6: no lying about cards
    if move.give.coins > state.coins[seat]:
        return _only_coins(state.coins[seat])
    known = deck_set(len(state.hands))
    for c in move.want.cards:
        if c not in known:
            return msg(N_("There is no card %(card)s in this game."), card=repr(c))
        if c in hand:
            return msg(N_("You already hold %(card)s."), card=card_name(c))
    return None


def check_accept(state: JoustingState, seat: int, offer_id: int) -> Message | None:
    offer = offer_by_id(state.offers, offer_id)
    if offer is None:
        return GONE
    if offer.seat == seat:
        return OWN_OFFER
    if not offer.open_to(seat):
        return NOT_YOURS
    # JH-3: re-check both sides now, so the trade happens in full or not at all.
    if not still_valid(state, offer):
        return CANNOT_GIVE
    missing = [c for c in offer.want.cards if c not in state.hands[seat]]
    if missing:
        return _not_held(missing)
    if offer.want.coins > state.coins[seat]:
        return _only_coins(state.coins[seat])
    return None


def accepts(state: JoustingState, seat: int) -> list[AcceptOffer]:
    """An `AcceptOffer` for each offer `seat` may accept now (those `check_accept` passes),
    in the table's order. Every knight not done is asked at every event, and most events
    (a "done", an offer, a showing) keep the offers, hands and coins as they were: the
    offers whose offerer can still give are worked out once for those, with what each asks
    of its taker read out, and kept while they are the same objects."""
    seen, givable = _GIVABLE[0]
    offers, hands, purses = state.offers, state.hands, state.coins  # (each read once)
    # (the identities compared one by one, without building a tuple of them to compare)
    if not (seen and offers is seen[0] and hands is seen[1] and purses is seen[2]):
        key = (offers, hands, purses)
        found = []
        for o in offers:
            give, want, by = o.give, o.want, o.seat
            held = hands[by]  # `still_valid(state, o)`, from the fields read above
            if give.coins <= purses[by] and all(c in held for c in give.cards):
                found.append((_accept(o.id), by, o.to, o.declined, want.coins, want.cards))
        givable = tuple(found)
        _GIVABLE[0] = (key, givable)
    if not givable:  # often: nothing on the table
        return []
    hand, coins = hands[seat], purses[seat]
    return [
        accept
        for accept, by, to, declined, want_coins, want_cards in givable
        # `open_to(seat)`, inline: addressed to `seat` (never its own), not declined by it
        if (seat != by if to is None else seat == to)
        and seat not in declined
        and want_coins <= coins
        and all(c in hand for c in want_cards)  # (compiled: a loop, no calls)
    ]


# The facts `accepts` last read and, per offer whose offerer could give, its accept and
# what `accepts` reads of it (one slot, replaced whole).
_GIVABLE: Final[
    list[
        tuple[
            tuple[object, ...],
            tuple[tuple[AcceptOffer, int, int | None, frozenset[int], int, tuple[str, ...]], ...],
        ]
    ]
] = [((), ())]

# An offer is accepted by its id: each accept's move is built once.
_accept: Final = lru_cache(maxsize=1024)(AcceptOffer)


def check_answer(state: JoustingState, seat: int, offer_id: int, cancel: bool) -> Message | None:
    offer = offer_by_id(state.offers, offer_id)
    if offer is None:
        return GONE
    if cancel:
        if offer.seat == seat:
            return None
        return msg(N_("Only the knight who made an offer can cancel it."))
    if not offer.open_to(seat):
        return NOT_YOURS
    return None


def check_show(state: JoustingState, seat: int, move: ShowCards) -> Message | None:
    if move.stamp != state.clock:
        return STALE
    if not move.cards:
        return msg(N_("Choose at least one card to show."))
    if len(set(move.cards)) != len(move.cards):
        return msg(N_("You name a card twice."))
    missing = [c for c in move.cards if c not in state.hands[seat]]
    if missing:
        return _not_held(missing)  # JH-3: only true cards are shown
    if not move.to or any(not 0 <= s < len(state.hands) or s == seat for s in move.to):
        return msg(N_("Show your cards to one or more of the other knights."))
    return None


def offer_by_id(offers: tuple[Offer, ...], offer_id: int) -> Offer | None:
    """`state.offer(offer_id)` from the state's offers: a compiled loop instead of the
    uncompiled state's method and its generator."""
    for o in offers:
        if o.id == offer_id:
            return o
    return None


def still_valid(state: JoustingState, offer: Offer) -> bool:
    """Whether the offerer still holds what they give (offers that fail are dropped)."""
    hand = state.hands[offer.seat]
    cards = offer.give.cards
    return offer.give.coins <= state.coins[offer.seat] and all(c in hand for c in cards)


def spares(hand: tuple[str, ...]) -> list[str]:
    """Cards outside the knight's strongest set, weakest first (worth trading away)."""
    kept = _kept(hand)
    return sorted((c for c in hand if c not in kept), key=_weakness)


@lru_cache(maxsize=4096)  # asked at every barter move of a knight with no offer open
def weakest_spare(hand: tuple[str, ...]) -> str | None:
    """`spares(hand)[0]`, without sorting the others (None: no spare). A knight's hand is
    new after each of its trades and duels, so this is worked out ~50 times a 6-player
    game: `_kept` in one pass over the hand instead of its set or five passes by kind."""
    # kind -> its highest card and value (values are unique per kind); a card's kind and
    # value in one lookup (`face`), the highest's value kept beside it
    highest: dict[str, tuple[str, int]] = {}
    jokers: list[str] = []
    for c in hand:
        kind, value = face(c)
        if kind == JOKER:
            jokers.append(c)
        else:
            top = highest.get(kind)
            if top is None or value > top[1]:
                highest[kind] = (c, value)
    kept = {c for c, _ in highest.values()}
    if len(highest) + len(jokers) >= len(KINDS):
        # A set (`best_set`): the lowest jokers (the deck's order) fill the missing kinds.
        jokers.sort(key=sort_key)
        kept.update(jokers[: len(KINDS) - len(highest)])
    else:  # no set: every joker is kept
        kept.update(jokers)
    return min((c for c in hand if c not in kept), key=_weakness, default=None)


def _kept(hand: tuple[str, ...]) -> set[str]:
    """The strongest set or, without one, the highest card of each kind and the jokers."""
    best = best_set(hand)
    if best is not None:
        return set(best.values())
    keep = {max((c for c in hand if kind_of(c) == k), key=sort_key, default="") for k in KINDS}
    return keep | {c for c in hand if kind_of(c) == "joker"}


def _work_out_weakness(c: str) -> tuple[int, tuple[int, int, int]]:
    """The order of `spares`: by value, then the deck's order."""
    return value_of(c), sort_key(c)


# A few dozen card strings, each weighed in every hand sampled: one dict lookup each.
_weakness: Final = per_key(_work_out_weakness)


def sample_offers(state: JoustingState, seat: int) -> list[MakeOffer]:
    """A few sensible offers: sell spares, swap a spare for a missing kind, and one
    private offer to the next knight (decide accepts any legal offer, not only these)."""
    if state.offers_made[seat] >= state.config.offer_limit:
        return []
    hand = state.hands[seat]
    if not hand:
        return []
    stamp = state.clock
    return [
        MakeOffer(stamp, give, want, to) for give, want, to in _offers(hand, seat, len(state.hands))
    ]


def first_sample_offer(state: JoustingState, seat: int, swap: bool) -> MakeOffer | None:
    """The first of `sample_offers(state, seat)` that asks for a card (`swap`) or, else,
    that is open to all and asks for coins only (a sale), without building the others:
    both give the weakest spare, the swap for the first kind the hand lacks."""
    hand = state.hands[seat]
    if state.offers_made[seat] >= state.config.offer_limit or not hand:
        return None
    spare = weakest_spare(hand)
    if spare is None:
        return None
    if not swap:
        return MakeOffer(state.clock, _cards_lot(spare), _coins_lot(value_of(spare) // 2 + 1))
    lacking = _lacking(hand)
    if not lacking:
        return None
    return MakeOffer(state.clock, _cards_lot(spare), _cards_lot(card(lacking[0], 1)))


@lru_cache(maxsize=4096)  # asked at most barter asks of a knight without a set
def _lacking(hand: tuple[str, ...]) -> tuple[str, ...]:
    """`missing_kinds(hand)`, once per hand."""
    return tuple(missing_kinds(hand))


def sample_offer_count(state: JoustingState, seat: int) -> int:
    """`len(sample_offers(state, seat))`, without building the moves."""
    if state.offers_made[seat] >= state.config.offer_limit or not state.hands[seat]:
        return 0
    return _offer_count(state.hands[seat])


@lru_cache(maxsize=4096)
def _offer_count(hand: tuple[str, ...]) -> int:
    """`len(_offers(hand, ...))` from the hand's kinds alone: a sale of each of the two
    weakest spares, a swap per missing kind (two at most) when there is a spare, and the
    private offer, all different. The spares are the cards outside the strongest set (four
    cards) or, without a set, outside the highest card of each kind and the jokers."""
    kinds = {kind_of(c) for c in hand if not is_joker(c)}
    spare = len(hand) - (len(KINDS) if is_complete(hand) else len(kinds) + sum(map(is_joker, hand)))
    return min(2, spare) + (min(2, len(KINDS) - len(kinds)) if spare else 0) + 1


@lru_cache(maxsize=4096)  # a hand is sampled at every barter move of its knight
def _offers(
    hand: tuple[str, ...], seat: int, players: int
) -> tuple[tuple[Lot, Lot, int | None], ...]:
    """`sample_offers` without the barter clock (give, want, to), once per hand."""
    out: list[tuple[Lot, Lot, int | None]] = []
    spare = spares(hand)
    for c in spare[:2]:
        out.append((_cards_lot(c), _coins_lot(value_of(c) // 2 + 1), None))
    held_kinds = {kind_of(c) for c in hand}
    for kind in [k for k in KINDS if k not in held_kinds][:2]:
        if spare:
            # the deck's first card of that kind (JA-1: values from 1)
            out.append((_cards_lot(spare[0]), _cards_lot(card(kind, 1)), None))
    weakest = min(hand, key=_weakness)
    out.append((_cards_lot(weakest), _coins_lot(1), (seat + 1) % players))
    # No two are alike (sales of different cards for coins, swaps for cards of different
    # kinds, one private offer): `_offer_count` counts on it.
    return tuple(out)


# The sides of the sample offers: one card, or a few coins. Lots are frozen, so the same
# one serves every offer that names it.
@lru_cache(maxsize=256)
def _cards_lot(c: str) -> Lot:
    return Lot((c,))


@lru_cache(maxsize=64)
def _coins_lot(coins: int) -> Lot:
    return Lot(coins=coins)


def sample_shows(state: JoustingState, seat: int) -> list[ShowCards]:
    hand = state.hands[seat]
    if not hand:
        return []
    stamp = state.clock
    return [ShowCards(stamp, cards, to) for cards, to in _shows(hand, seat, len(state.hands))]


def sample_show_count(state: JoustingState, seat: int) -> int:
    """`len(sample_shows(state, seat))`, without building the moves."""
    hand = state.hands[seat]
    # The first card, and the strongest set when there is one (`best_set` finds one
    # exactly when the hand is complete: a joker for each missing kind).
    return 1 + is_complete(hand) if hand else 0


@lru_cache(maxsize=4096)  # a hand is sampled at every barter move of its knight
def _shows(
    hand: tuple[str, ...], seat: int, players: int
) -> tuple[tuple[tuple[str, ...], frozenset[int]], ...]:
    """`sample_shows` without the barter clock (cards, to), once per hand."""
    others = frozenset(s for s in range(players) if s != seat)
    nxt = frozenset({(seat + 1) % players})
    best = best_set(hand)
    shows: list[tuple[tuple[str, ...], frozenset[int]]] = [((hand[0],), nxt)]
    if best is not None:
        shows.append((tuple(best.values()), others))
    return tuple(shows)


def answers(state: JoustingState, seat: int) -> list[CancelOffer | DeclineOffer]:
    out: list[CancelOffer | DeclineOffer] = []
    for offer in state.offers:
        if offer.seat == seat:
            out.append(CancelOffer(offer.id))
        elif offer.open_to(seat):  # what `check_answer` asks of a decline
            out.append(DeclineOffer(offer.id))
    return out
