"""evolve: the pure fold of jousting events into the state. Never random: every draw is
already inside the events."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import Any, Final

from games.engine.core import Event, replace
from games.engine.core.frozen import fill

from . import events as ev
from .barter import still_valid
from .cards import sorted_cards
from .config import DUEL_PRIZE, FINAL_BONUS, JUNK_PRICE, START_COINS
from .duel import resolve
from .junk import buyers
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
) -> None:
    """Move cards (from seat or None, to seat or None); the new holder's card is known to
    `knowers` besides them, a card leaving every hand is forgotten."""
    # Only the hands a card leaves or joins are rebuilt (and sorted again); the others are
    # kept as they are, already sorted.
    hands = list(state.hands)
    touched: dict[int, list[str]] = {}
    known = dict(state.known)
    for src, dst, card in moves:
        if src is not None:
            held = touched.get(src)
            if held is None:  # (not `setdefault`: it would copy the hand at every card)
                held = touched[src] = list(hands[src])
            held.remove(card)
        known.pop(card, None)
        if dst is not None:
            held = touched.get(dst)
            if held is None:
                held = touched[dst] = list(hands[dst])
            held.append(card)
            others = _others_than(knowers, dst)
            if others:
                known[card] = others
    for seat, cards in touched.items():
        hands[seat] = sorted_cards(cards)
    fill(state, hands=tuple(hands), known=known)


def _others_than(knowers: frozenset[int], seat: int) -> frozenset[int]:
    """`knowers - {seat}`, kept per pair: a handful of sets (everyone, a trade's two
    parties, nobody) less one seat, asked for every card moved."""
    key = (knowers, seat)
    found = _OTHERS.get(key)
    if found is None:
        if len(_OTHERS) >= 256:
            _OTHERS.clear()
        found = _OTHERS[key] = knowers - {seat}
    return found


_OTHERS: Final[dict[tuple[frozenset[int], int], frozenset[int]]] = {}


def _add_coins(state: JoustingState, seat: int, amount: int) -> None:
    coins = list(state.coins)
    coins[seat] += amount
    fill(state, coins=tuple(coins))


def _set_status(state: JoustingState, seats: Iterable[int], status: str) -> None:
    statuses = list(state.status)
    for s in seats:
        statuses[s] = status
    fill(state, status=tuple(statuses))


def _return_laid(state: JoustingState, seats: Iterable[int]) -> None:
    laid = list(state.laid)
    for s in seats:
        if laid[s]:
            _move_cards(state, [(None, s, c) for c in laid[s]], frozenset())
            laid[s] = ()
    fill(state, laid=tuple(laid))


def _duel_won(state: JoustingState, winner: int, loser: int, how: str) -> None:
    _add_coins(state, winner, DUEL_PRIZE)  # JA-11
    last = replace(state.duels[-1], winner=winner, how=how)
    fill(state, phase=JUNK, duels=(*state.duels[:-1], last), chip=None)
    fill(state, junk_queue=buyers(state, (winner, loser)))  # JA-13: the winner buys first


def _revealed(state: JoustingState, event: ev.DuelRevealed) -> None:
    a, b = event.pair
    result = resolve(event.pair, event.laid)
    laid = list(state.laid)
    laid[a] = laid[b] = ()
    fill(
        state,
        laid=tuple(laid),
        bout=state.pairs.index(event.pair),
        junk=(*state.junk, *result.to_junk),
    )
    _move_cards(state, [(None, w, c) for w, c in result.taken], _everyone(state))
    record = DuelRecord(state.round, event.pair, event.laid, event.places, None, "places")
    fill(state, duels=(*state.duels, record))
    if event.winner is None:
        fill(state, phase=JUDGEMENT)  # JA-12
    else:
        _duel_won(state, event.winner, b if event.winner == a else a, "places")


def _everyone(state: JoustingState) -> frozenset[int]:
    """Every knight and the spectators: a fact shown in public."""
    # (`len(state.hands)` here and below: the state's `players` property, without its
    # interpreted call)
    return _all_of(len(state.hands))


@lru_cache(maxsize=8)  # one set per table size
def _all_of(players: int) -> frozenset[int]:
    return frozenset(range(players)) | {PUBLIC}


@lru_cache(maxsize=64)  # one set per table size and seat
def _others(players: int, seat: int) -> frozenset[int]:
    """Every knight but `seat` (an open offer's addressees, `Offer.addressees`)."""
    return frozenset(s for s in range(players) if s != seat)


def _offer_made(state: JoustingState, event: ev.OfferMade) -> None:
    offer = Offer(event.offer, event.seat, event.to, event.give, event.want)
    # `offer.addressees(players)`, without the uncompiled record's method call
    told = frozenset({event.to}) if event.to is not None else _others(len(state.hands), event.seat)
    seen = _everyone(state) if event.to is None else told
    known = dict(state.known)
    for c in event.give.cards:  # an offer shows the cards it gives (JH-3)
        known[c] = known.get(c, frozenset()) | seen
    made = list(state.offers_made)
    made[event.seat] += 1
    fill(
        state,
        offers=(*state.offers, offer),
        next_offer=event.offer + 1,
        offers_made=tuple(made),
        known=known,
        done=state.done - told,  # a new offer reopens the session for its addressees
    )


def _offer_closed(state: JoustingState, event: ev.OfferClosed) -> None:
    offers: list[Offer] = []
    for o in state.offers:
        if o.id == event.offer and event.how == "declined" and o.to is None:
            offers.append(replace(o, declined=o.declined | {event.seat}))
        elif o.id != event.offer:
            offers.append(o)
    fill(state, offers=tuple(offers))


def _trade_made(state: JoustingState, event: ev.TradeMade) -> None:
    knowers = _everyone(state) if event.open else frozenset({event.seat, event.by})
    moves = [(event.seat, event.by, c) for c in event.give.cards]
    moves += [(event.by, event.seat, c) for c in event.want.cards]
    _move_cards(state, moves, knowers)
    _add_coins(state, event.seat, event.want.coins - event.give.coins)
    _add_coins(state, event.by, event.give.coins - event.want.coins)
    kept = tuple(o for o in state.offers if o.id != event.offer and still_valid(state, o))
    fill(state, offers=kept, done=frozenset())  # JH-3: everyone may go on


def _cards_shown(state: JoustingState, event: ev.CardsShown) -> None:
    known = dict(state.known)
    for c in event.cards:
        known[c] = known.get(c, frozenset()) | event.to
    fill(state, known=known)


def _cards_laid(state: JoustingState, event: ev.CardsLaid) -> None:
    _move_cards(state, [(event.seat, None, c) for c in event.cards], frozenset())
    laid = list(state.laid)
    laid[event.seat] = event.cards
    fill(state, laid=tuple(laid))


def _duel_abandoned(state: JoustingState, event: ev.DuelAbandoned) -> None:
    _return_laid(state, event.pair)
    fill(state, pairs=tuple(p for p in state.pairs if p != event.pair))


def _judgement_decided(state: JoustingState, event: ev.JudgementDecided) -> None:
    a, b = event.pair
    _duel_won(state, event.winner, b if event.winner == a else a, event.how)


def _junk_bought(state: JoustingState, event: ev.JunkBought) -> None:
    junk = list(state.junk)
    junk.remove(event.card)
    fill(state, junk=tuple(junk))
    _move_cards(state, [(None, event.seat, event.card)], frozenset())
    _add_coins(state, event.seat, -JUNK_PRICE)
    fill(state, junk_queue=buyers(state, state.junk_queue[1:]))


def _card_drafted(state: JoustingState, event: ev.CardDrafted) -> None:
    face_up = tuple(c for c in state.face_up if c != event.card)
    fill(state, face_up=face_up, draft_order=state.draft_order[1:])
    _move_cards(state, [(None, event.seat, event.card)], _everyone(state))


def _round_began(state: JoustingState, event: ev.RoundBegan) -> None:
    fill(
        state,
        phase=BARTER,
        round=event.round,
        course_round=state.course_round + (1 if event.round > 1 else 0),
        offers_made=(0,) * len(state.hands),
        done=frozenset(),
        pairs=(),
        byes=(),
        bout=-1,
    )


def _game_ended(state: JoustingState, event: ev.GameEnded) -> None:
    _return_laid(state, range(len(state.hands)))
    if event.bonus_to is not None:
        _add_coins(state, event.bonus_to, FINAL_BONUS)  # JA-14
    fill(state, phase=OVER, bonus_to=event.bonus_to, winners=event.winners, offers=())


# Each event's step, by its exact class (the events are final records, never subclassed):
# one lookup instead of a chain of isinstance checks. Each fills the event's working copy.
_FOLDS: Final[dict[type[Event], Callable[[JoustingState, Any], None]]] = {
    ev.CardDrafted: _card_drafted,
    ev.RoundBegan: _round_began,
    ev.Withdrew: lambda state, e: _set_status(state, [e.seat], WITHDRAWN),  # JA-7
    ev.GameEnded: _game_ended,
    ev.OfferMade: _offer_made,
    ev.OfferClosed: _offer_closed,
    ev.TradeMade: _trade_made,
    ev.CardsShown: _cards_shown,
    ev.BarterEnded: lambda state, e: fill(state, phase=CHECK, offers=(), done=frozenset()),
    ev.Disqualified: lambda state, e: _set_status(state, e.seats, DISQUALIFIED),  # JA-7
    ev.CourseChanged: lambda state, e: fill(state, letters=e.letters, course_round=0),  # JA-8
    ev.DuelsCalled: lambda state, e: fill(
        state, phase=LAYING, pairs=e.pairs, byes=e.byes, bout=-1, laid=((),) * len(state.hands)
    ),
    ev.CardsLaid: _cards_laid,
    ev.DuelAbandoned: _duel_abandoned,
    ev.DuelRevealed: _revealed,
    ev.JudgementThrown: lambda state, e: fill(state, chip=e.right, showing=e.showing, dots=e.dots),
    ev.JudgementDecided: _judgement_decided,
    ev.JunkBought: _junk_bought,
    ev.JunkPassed: lambda state, e: fill(state, junk_queue=buyers(state, state.junk_queue[1:])),
}


# (a module's attribute is a lookup at each read; a `Final` name is a C static)
_SAID_DONE: Final = ev.SaidDone
_GAME_SET_UP: Final = ev.GameSetUp


def evolve(state: JoustingState | None, event: Event) -> JoustingState:
    kind = type(event)
    if kind is _SAID_DONE and state is not None:  # JH-3; the commonest event
        seat: int = event.seat  # type: ignore[attr-defined]  # a SaidDone, by its class
        return replace(state, clock=state.clock + 1, done=state.done | {seat})
    if kind is _GAME_SET_UP:
        assert isinstance(event, ev.GameSetUp)
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
        raise ValueError(f"{kind.__name__} before the game was set up")
    step = _FOLDS.get(kind)
    if step is None:
        raise TypeError(f"unknown event {kind.__name__}")
    # The others change several fields, often in turn (cards move, then coins, then the
    # queue): one working copy per event, filled step by step (core.frozen.fill).
    fresh = replace(state, clock=state.clock + 1)
    step(fresh, event)
    return fresh
