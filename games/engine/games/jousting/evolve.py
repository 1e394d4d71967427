"""evolve: the pure fold of jousting events into the state. Never random: every draw is
already inside the events."""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from games.engine.core import Event, replace

from . import events as ev
from .barter import still_valid
from .cards import sorted_cards
from .config import DUEL_PRIZE, FINAL_BONUS, JUNK_PRICE, START_COINS
from .duel import resolve
from .junk import trim_queue
from .state import (
    BARTER,
    CHECK,
    DISQUALIFIED,
    DRAFT,
    FIT,
    JUDGEMENT,
    JUNK,
    LAYING,
    OVER,
    PUBLIC,
    WITHDRAWN,
    DuelRecord,
    JoustingState,
    Offer,
)


def _move_cards(
    state: JoustingState,
    moves: Iterable[tuple[int | None, int | None, str]],
    knowers: frozenset[int],
) -> JoustingState:
    """Move cards (from seat or None, to seat or None); the new holder's card is known to
    `knowers` besides them, a card leaving every hand is forgotten."""
    # Only the hands a card leaves or joins are rebuilt (and sorted again); the others are
    # kept as they are, already sorted.
    hands = list(state.hands)
    touched: dict[int, list[str]] = {}
    known = dict(state.known)
    for src, dst, card in moves:
        if src is not None:
            touched.setdefault(src, list(hands[src])).remove(card)
        known.pop(card, None)
        if dst is not None:
            touched.setdefault(dst, list(hands[dst])).append(card)
            if knowers - {dst}:
                known[card] = knowers - {dst}
    for seat, cards in touched.items():
        hands[seat] = sorted_cards(cards)
    return replace(state, hands=tuple(hands), known=known)


def _add_coins(state: JoustingState, seat: int, amount: int) -> JoustingState:
    coins = list(state.coins)
    coins[seat] += amount
    return replace(state, coins=tuple(coins))


def _set_status(state: JoustingState, seats: Iterable[int], status: str) -> JoustingState:
    statuses = list(state.status)
    for s in seats:
        statuses[s] = status
    return replace(state, status=tuple(statuses))


def _return_laid(state: JoustingState, seats: Iterable[int]) -> JoustingState:
    laid = list(state.laid)
    for s in seats:
        if laid[s]:
            state = _move_cards(state, [(None, s, c) for c in laid[s]], frozenset())
            laid[s] = ()
    return replace(state, laid=tuple(laid))


def _duel_won(state: JoustingState, winner: int, loser: int, how: str) -> JoustingState:
    state = _add_coins(state, winner, DUEL_PRIZE)  # JA-11
    last = replace(state.duels[-1], winner=winner, how=how)
    state = replace(state, phase=JUNK, duels=(*state.duels[:-1], last), chip=None)
    return trim_queue(state, (winner, loser))  # JA-13: the winner buys first


def _revealed(state: JoustingState, event: ev.DuelRevealed) -> JoustingState:
    a, b = event.pair
    result = resolve(event.pair, event.laid)
    laid = list(state.laid)
    laid[a] = laid[b] = ()
    state = replace(
        state,
        laid=tuple(laid),
        bout=state.pairs.index(event.pair),
        junk=(*state.junk, *result.to_junk),
    )
    state = _move_cards(state, [(None, w, c) for w, c in result.taken], _everyone(state))
    record = DuelRecord(state.round, event.pair, event.laid, event.places, None, "places")
    state = replace(state, duels=(*state.duels, record))
    if event.winner is None:
        return replace(state, phase=JUDGEMENT)  # JA-12
    return _duel_won(state, event.winner, b if event.winner == a else a, "places")


def _everyone(state: JoustingState) -> frozenset[int]:
    """Every knight and the spectators: a fact shown in public."""
    return _all_of(state.players)


@lru_cache(maxsize=8)  # one set per table size
def _all_of(players: int) -> frozenset[int]:
    return frozenset(range(players)) | {PUBLIC}


def _barter(state: JoustingState, event: Event) -> JoustingState:
    if isinstance(event, ev.OfferMade):
        offer = Offer(event.offer, event.seat, event.to, event.give, event.want)
        told = offer.addressees(state.players)
        seen = _everyone(state) if event.to is None else told
        known = dict(state.known)
        for c in event.give.cards:  # an offer shows the cards it gives (JH-3)
            known[c] = known.get(c, frozenset()) | seen
        made = list(state.offers_made)
        made[event.seat] += 1
        return replace(
            state,
            offers=(*state.offers, offer),
            next_offer=event.offer + 1,
            offers_made=tuple(made),
            known=known,
            done=state.done - told,  # a new offer reopens the session for its addressees
        )
    if isinstance(event, ev.OfferClosed):
        offers: list[Offer] = []
        for o in state.offers:
            if o.id == event.offer and event.how == "declined" and o.to is None:
                offers.append(replace(o, declined=o.declined | {event.seat}))
            elif o.id != event.offer:
                offers.append(o)
        return replace(state, offers=tuple(offers))
    if isinstance(event, ev.TradeMade):
        knowers = _everyone(state) if event.open else frozenset({event.seat, event.by})
        moves = [(event.seat, event.by, c) for c in event.give.cards]
        moves += [(event.by, event.seat, c) for c in event.want.cards]
        state = _move_cards(state, moves, knowers)
        state = _add_coins(state, event.seat, event.want.coins - event.give.coins)
        state = _add_coins(state, event.by, event.give.coins - event.want.coins)
        kept = tuple(o for o in state.offers if o.id != event.offer and still_valid(state, o))
        return replace(state, offers=kept, done=frozenset())  # JH-3: everyone may go on
    if isinstance(event, ev.CardsShown):
        known = dict(state.known)
        for c in event.cards:
            known[c] = known.get(c, frozenset()) | event.to
        return replace(state, known=known)
    if isinstance(event, ev.BarterEnded):
        return replace(state, phase=CHECK, offers=(), done=frozenset())
    raise TypeError(f"unknown event {type(event).__name__}")


def _duels(state: JoustingState, event: Event) -> JoustingState:
    if isinstance(event, ev.Disqualified):
        return _set_status(state, event.seats, DISQUALIFIED)  # JA-7
    if isinstance(event, ev.CourseChanged):
        return replace(state, letters=event.letters, course_round=0)  # JA-8
    if isinstance(event, ev.DuelsCalled):
        return replace(
            state,
            phase=LAYING,
            pairs=event.pairs,
            byes=event.byes,
            bout=-1,
            laid=((),) * state.players,
        )
    if isinstance(event, ev.CardsLaid):
        state = _move_cards(state, [(event.seat, None, c) for c in event.cards], frozenset())
        laid = list(state.laid)
        laid[event.seat] = event.cards
        return replace(state, laid=tuple(laid))
    if isinstance(event, ev.DuelAbandoned):
        state = _return_laid(state, event.pair)
        return replace(state, pairs=tuple(p for p in state.pairs if p != event.pair))
    if isinstance(event, ev.DuelRevealed):
        return _revealed(state, event)
    if isinstance(event, ev.JudgementThrown):
        return replace(state, chip=event.right, showing=event.showing, dots=event.dots)
    if isinstance(event, ev.JudgementDecided):
        a, b = event.pair
        return _duel_won(state, event.winner, b if event.winner == a else a, event.how)
    if isinstance(event, ev.JunkBought):
        junk = list(state.junk)
        junk.remove(event.card)
        state = replace(state, junk=tuple(junk))
        state = _move_cards(state, [(None, event.seat, event.card)], frozenset())
        state = _add_coins(state, event.seat, -JUNK_PRICE)
        return trim_queue(state, state.junk_queue[1:])
    if isinstance(event, ev.JunkPassed):
        return trim_queue(state, state.junk_queue[1:])
    raise TypeError(f"unknown event {type(event).__name__}")


def evolve(state: JoustingState | None, event: Event) -> JoustingState:
    if isinstance(event, ev.GameSetUp):
        n = len(event.hands)
        return JoustingState(
            config=event.config,
            hands=tuple(sorted_cards(h) for h in event.hands),
            coins=(START_COINS,) * n,  # JA-2
            status=(FIT,) * n,
            letters=event.letters,
            phase=DRAFT,
            clock=1,
            face_up=sorted_cards(event.face_up),
            draft_order=event.draft_order,
            offers_made=(0,) * n,
            laid=((),) * n,
        )
    if state is None:
        raise ValueError(f"{type(event).__name__} before the game was set up")
    if type(event) is ev.SaidDone:  # JH-3; the commonest event: one copy of the state
        return replace(state, clock=state.clock + 1, done=state.done | {event.seat})
    state = replace(state, clock=state.clock + 1)
    if isinstance(event, ev.CardDrafted):
        face_up = tuple(c for c in state.face_up if c != event.card)
        state = replace(state, face_up=face_up, draft_order=state.draft_order[1:])
        return _move_cards(state, [(None, event.seat, event.card)], _everyone(state))
    if isinstance(event, ev.RoundBegan):
        course_round = state.course_round + (1 if event.round > 1 else 0)
        return replace(
            state,
            phase=BARTER,
            round=event.round,
            course_round=course_round,
            offers_made=(0,) * state.players,
            done=frozenset(),
            pairs=(),
            byes=(),
            bout=-1,
        )
    if isinstance(event, ev.Withdrew):
        return _set_status(state, [event.seat], WITHDRAWN)  # JA-7
    if isinstance(event, ev.GameEnded):
        state = _return_laid(state, range(state.players))
        if event.bonus_to is not None:
            state = _add_coins(state, event.bonus_to, FINAL_BONUS)  # JA-14
        return replace(state, phase=OVER, bonus_to=event.bonus_to, winners=event.winners, offers=())
    if isinstance(event, (ev.OfferMade, ev.OfferClosed, ev.TradeMade, ev.CardsShown)):
        return _barter(state, event)
    if isinstance(event, ev.BarterEnded):
        return _barter(state, event)
    return _duels(state, event)
