"""The barter session (JA-6, JH-3): offers, acceptance, showing cards, saying done.

Checks return a message for the player (None: fine). `sample_offers` and `sample_shows`
give legal_moves a small, representative and deterministic set: every sampled offer gives
at least one card, so no knight's sample is ever legal for another (cards are unique).
"""

from __future__ import annotations

from .cards import KINDS, best_set, deck, deck_set, kind_of, sort_key, value_of
from .moves import CancelOffer, DeclineOffer, Lot, MakeOffer, ShowCards
from .state import JoustingState, Offer

STALE = "The table has changed since you looked; look again and make your move anew."


def _side_problem(lot: Lot, label: str) -> str | None:
    if lot.coins < 0:
        return f"You cannot {label} a negative number of coins."
    if len(set(lot.cards)) != len(lot.cards):
        return f"You name a card twice in what you {label}."
    return None


def check_offer(state: JoustingState, seat: int, move: MakeOffer) -> str | None:
    if move.stamp != state.clock:
        return STALE
    if state.offers_made[seat] >= state.config.offer_limit:
        return f"You have made all {state.config.offer_limit} offers of this barter session."
    if move.to is not None and not (0 <= move.to < state.players and move.to != seat):
        return "Make your offer to another knight at the table, or to everyone."
    if move.give.is_empty() or move.want.is_empty():
        return "An offer gives something and asks something: cards, coins or both."
    for lot, label in ((move.give, "give"), (move.want, "ask for")):
        problem = _side_problem(lot, label)
        if problem:
            return problem
    hand = set(state.hands[seat])
    missing = [c for c in move.give.cards if c not in hand]
    if missing:
        return f"You do not hold {', '.join(missing)}."  # JA-6: no lying about cards
    if move.give.coins > state.coins[seat]:
        return f"You have only {state.coins[seat]} coins."
    known = deck_set(state.players)
    for c in move.want.cards:
        if c not in known:
            return f"There is no card {c!r} in this game."
        if c in hand:
            return f"You already hold {c}."
    return None


def check_accept(state: JoustingState, seat: int, offer_id: int) -> str | None:
    offer = state.offer(offer_id)
    if offer is None:
        return "That offer is no longer on the table."
    if offer.seat == seat:
        return "You cannot accept your own offer."
    if seat not in offer.addressees(state.players) or seat in offer.declined:
        return "That offer is not open to you."
    # JH-3: re-check both sides now, so the trade happens in full or not at all.
    if not set(offer.give.cards) <= set(state.hands[offer.seat]) or (
        offer.give.coins > state.coins[offer.seat]
    ):
        return "The other knight can no longer give what they offered."
    missing = [c for c in offer.want.cards if c not in state.hands[seat]]
    if missing:
        return f"You do not hold {', '.join(missing)}."
    if offer.want.coins > state.coins[seat]:
        return f"You have only {state.coins[seat]} coins."
    return None


def check_answer(state: JoustingState, seat: int, offer_id: int, cancel: bool) -> str | None:
    offer = state.offer(offer_id)
    if offer is None:
        return "That offer is no longer on the table."
    if cancel:
        return None if offer.seat == seat else "Only the knight who made an offer can cancel it."
    if seat not in offer.addressees(state.players) or seat in offer.declined:
        return "That offer is not open to you."
    return None


def check_show(state: JoustingState, seat: int, move: ShowCards) -> str | None:
    if move.stamp != state.clock:
        return STALE
    if not move.cards:
        return "Choose at least one card to show."
    if len(set(move.cards)) != len(move.cards):
        return "You name a card twice."
    missing = [c for c in move.cards if c not in state.hands[seat]]
    if missing:
        return f"You do not hold {', '.join(missing)}."  # JH-3: only true cards are shown
    if not move.to or any(not 0 <= s < state.players or s == seat for s in move.to):
        return "Show your cards to one or more of the other knights."
    return None


def still_valid(state: JoustingState, offer: Offer) -> bool:
    """Whether the offerer still holds what they give (offers that fail are dropped)."""
    return set(offer.give.cards) <= set(state.hands[offer.seat]) and (
        offer.give.coins <= state.coins[offer.seat]
    )


def spares(hand: tuple[str, ...]) -> list[str]:
    """Cards outside the knight's strongest set, weakest first (worth trading away)."""
    best = best_set(hand)
    if best is None:
        keep = {max((c for c in hand if kind_of(c) == k), key=sort_key, default="") for k in KINDS}
        keep |= {c for c in hand if kind_of(c) == "joker"}
    else:
        keep = set(best.values())
    return sorted((c for c in hand if c not in keep), key=lambda c: (value_of(c), sort_key(c)))


def sample_offers(state: JoustingState, seat: int) -> list[MakeOffer]:
    """A few sensible offers: sell spares, swap a spare for a missing kind, and one
    private offer to the next knight (decide accepts any legal offer, not only these)."""
    if state.offers_made[seat] >= state.config.offer_limit:
        return []
    hand = state.hands[seat]
    if not hand:
        return []
    stamp, out = state.clock, []
    spare = spares(hand)
    for c in spare[:2]:
        out.append(MakeOffer(stamp, Lot((c,)), Lot(coins=value_of(c) // 2 + 1)))
    held_kinds = {kind_of(c) for c in hand}
    for kind in [k for k in KINDS if k not in held_kinds][:2]:
        target = next(c for c in deck(state.players) if kind_of(c) == kind)
        if spare:
            out.append(MakeOffer(stamp, Lot((spare[0],)), Lot((target,))))
    weakest = min(hand, key=lambda c: (value_of(c), sort_key(c)))
    out.append(MakeOffer(stamp, Lot((weakest,)), Lot(coins=1), to=(seat + 1) % state.players))
    return list(dict.fromkeys(out))


def sample_shows(state: JoustingState, seat: int) -> list[ShowCards]:
    hand = state.hands[seat]
    if not hand:
        return []
    others = frozenset(s for s in range(state.players) if s != seat)
    nxt = frozenset({(seat + 1) % state.players})
    best = best_set(hand)
    shows = [ShowCards(state.clock, (hand[0],), nxt)]
    if best is not None:
        shows.append(ShowCards(state.clock, tuple(best.values()), others))
    return shows


def answers(state: JoustingState, seat: int) -> list[CancelOffer | DeclineOffer]:
    out: list[CancelOffer | DeclineOffer] = []
    for offer in state.offers:
        if offer.seat == seat:
            out.append(CancelOffer(offer.id))
        elif check_answer(state, seat, offer.id, cancel=False) is None:
            out.append(DeclineOffer(offer.id))
    return out
