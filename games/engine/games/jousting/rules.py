"""decide, pending_seats, legal_moves, default_move and outcome: who may do what, when.

Every refusal is an IllegalMove whose message tells the knight what the rule is.
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random

from games.engine.core import Event, IllegalMove, Move, Outcome

from . import barter, junk
from . import events as ev
from .cards import KINDS, all_lays, best_set, sort_key, valid_lay, value_of
from .flow import run
from .judgement import CHANCE, CHIPS, by_lot
from .moves import (
    AcceptOffer,
    BuyFromJunk,
    CancelOffer,
    DeclineOffer,
    DraftCard,
    LayCards,
    MakeOffer,
    PickChip,
    SayDone,
    ShowCards,
    Withdraw,
)
from .state import BARTER, DRAFT, FIT, JUDGEMENT, JUNK, LAYING, OVER, JoustingState

BARTER_MOVES = (MakeOffer, AcceptOffer, DeclineOffer, CancelOffer, ShowCards, SayDone)
WHEN = {
    DraftCard: (DRAFT, "Cards are drafted only before the tournament, with the draft option."),
    LayCards: (LAYING, "Cards are laid only when the duels are called."),
    PickChip: (JUDGEMENT, "Chips are picked only in a live God's judgement."),
    BuyFromJunk: (JUNK, "The junk pile is for sale only after your duel."),
}


def pending_seats(state: JoustingState) -> frozenset[int]:
    if state.phase == DRAFT:
        return frozenset(state.draft_order[:1])
    if state.phase == BARTER:
        return frozenset(range(state.players)) - state.done  # JH-3
    if state.phase == LAYING:
        return frozenset(s for s in state.duelists() if not state.laid[s])  # JA-9
    if state.phase == JUDGEMENT and state.chip is not None:
        pair = state.current_pair()
        return frozenset(pair) if pair else frozenset()
    if state.phase == JUNK:
        return frozenset(state.junk_queue[:1])  # JA-13: one at a time, winner first
    return frozenset()


def _barter(state: JoustingState, seat: int, move: Move) -> list[Event]:
    if isinstance(move, MakeOffer):
        problem = barter.check_offer(state, seat, move)
        if problem:
            raise IllegalMove(problem)
        return [ev.OfferMade(state.next_offer, seat, move.to, move.give, move.want)]
    if isinstance(move, AcceptOffer):
        problem = barter.check_accept(state, seat, move.offer)
        offer = state.offer(move.offer)
        if problem or offer is None:
            raise IllegalMove(problem or "That offer is no longer on the table.")
        return [ev.TradeMade(offer.id, offer.seat, seat, offer.give, offer.want, offer.to is None)]
    if isinstance(move, (DeclineOffer, CancelOffer)):
        cancel = isinstance(move, CancelOffer)
        problem = barter.check_answer(state, seat, move.offer, cancel)
        offer = state.offer(move.offer)
        if problem or offer is None:
            raise IllegalMove(problem or "That offer is no longer on the table.")
        parties = None if offer.to is None else frozenset({offer.seat, offer.to})
        how = "cancelled" if cancel else "declined"
        return [ev.OfferClosed(offer.id, seat, how, parties)]
    if isinstance(move, ShowCards):
        problem = barter.check_show(state, seat, move)
        if problem:
            raise IllegalMove(problem)
        return [ev.CardsShown(seat, move.to, move.cards)]
    return [ev.SaidDone(seat)]


def _lay(state: JoustingState, seat: int, move: LayCards) -> list[Event]:
    if seat not in state.duelists() or state.laid[seat]:
        raise IllegalMove("You have no duel to lay cards for now.")
    problem = valid_lay(dict(zip(KINDS, move.as_tuple(), strict=True)), state.hands[seat])
    if problem:
        raise IllegalMove(problem)
    return [ev.CardsLaid(seat, move.as_tuple())]


def _pick(state: JoustingState, seat: int, move: PickChip, rng: Random) -> list[Event]:
    pair = state.current_pair()
    if pair is None or state.chip is None or seat not in pair:
        raise IllegalMove("There is no God's judgement for you to take part in.")
    if move.chip not in (*CHIPS, CHANCE):
        raise IllegalMove(f"Pick one of the chips {', '.join(CHIPS)}, or leave it to chance.")
    if move.chip == CHANCE:
        return [ev.JudgementDecided(pair, by_lot(pair, rng), "lot", CHANCE)]
    other = pair[1] if seat == pair[0] else pair[0]
    if move.chip == state.chip:
        return [ev.JudgementDecided(pair, seat, "chip", move.chip)]
    return [ev.JudgementDecided(pair, other, "wrong_chip", move.chip)]


def _step(state: JoustingState, seat: int, move: Move, rng: Random) -> list[Event]:
    if isinstance(move, Withdraw):
        if state.status[seat] != FIT:
            raise IllegalMove("You are already out of the fighting.")
        if state.phase not in (BARTER, LAYING):
            raise IllegalMove("You may withdraw while bartering or when laying your cards.")
        out: list[Event] = [ev.Withdrew(seat)]
        out += [ev.DuelAbandoned(p) for p in state.pairs if seat in p and state.phase == LAYING]
        return out
    if isinstance(move, BARTER_MOVES):
        if state.phase != BARTER:
            raise IllegalMove("Trading happens in the barter session before the duels.")
        return _barter(state, seat, move)
    phase, message = WHEN.get(type(move), (None, "That is not a move of this game."))
    if state.phase != phase:
        raise IllegalMove(message)
    if isinstance(move, DraftCard):
        if move.card not in state.face_up:
            raise IllegalMove(f"{move.card} is not among the face-up cards.")
        return [ev.CardDrafted(seat, move.card)]
    if isinstance(move, LayCards):
        return _lay(state, seat, move)
    if isinstance(move, PickChip):
        return _pick(state, seat, move, rng)
    assert isinstance(move, BuyFromJunk)
    return junk.buy(state, seat, move, rng)


def decide(state: JoustingState, seat: int, move: Move, rng: Random) -> list[Event]:
    return run(state, _step(state, seat, move, rng), rng)


def legal_moves(state: JoustingState, seat: int) -> Sequence[Move]:
    if seat not in pending_seats(state):
        return []
    if state.phase == DRAFT:
        return [DraftCard(c) for c in state.face_up]
    if state.phase == LAYING:
        return [LayCards(*lay) for lay in all_lays(state.hands[seat])] + [Withdraw()]
    if state.phase == JUDGEMENT:
        return [PickChip(c) for c in (*CHIPS, CHANCE)]
    if state.phase == JUNK:
        return [BuyFromJunk(True), BuyFromJunk(False)]
    accepts = [
        AcceptOffer(o.id) for o in state.offers if barter.check_accept(state, seat, o.id) is None
    ]
    out: list[Move] = [SayDone(), *accepts, *barter.answers(state, seat)]
    out += [*barter.sample_offers(state, seat), *barter.sample_shows(state, seat)]
    if state.status[seat] == FIT:
        out.append(Withdraw())
    return out


def default_move(state: JoustingState, seat: int, rng: Random) -> Move:
    """Timeouts: the best face-up card, "done", the strongest lay, the lot, no purchase."""
    if state.phase == DRAFT:
        return DraftCard(max(state.face_up, key=lambda c: (value_of(c), sort_key(c))))
    if state.phase == LAYING:
        best = best_set(state.hands[seat])
        return LayCards(*[best[k] for k in KINDS]) if best else Withdraw()
    if state.phase == JUDGEMENT:
        return PickChip(CHANCE)
    if state.phase == JUNK:
        return BuyFromJunk(False)
    return SayDone()


def outcome(state: JoustingState) -> Outcome | None:
    if state.phase != OVER:
        return None
    who = ", ".join(f"seat {s + 1}" for s in sorted(state.winners))
    top = max(state.coins)
    summary = f"Most money ({top} coins): {who}"
    reason = "last_knight" if state.bonus_to is not None else "nobody_fit"
    return Outcome(state.winners, summary, reason, dict(enumerate(state.coins)))
