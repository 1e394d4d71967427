"""The rules as the engine asks for them: the deal (`setup`), pending_seats, optional_seats,
legal_moves, decide, default_move and outcome: who may do what, when.

JA-7 (our ruling, docs/rules/jousting-avalon.md): a knight still in the fighting may
withdraw whenever the game waits on anyone, in every phase (draft, barter, laying, a live
God's judgement, the junk pile), also when it is not their turn: those knights are the
`optional_seats`, who may act although the game does not wait for them (no deadline, no
timeout). A withdrawal calls off the knight's duels not yet revealed (both take their laid
cards back) and, in a live God's judgement of their own, hands the duel to the other.

Every refusal is an IllegalMove whose message tells the knight what the rule is.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from random import Random
from typing import Final

from games.engine.core import N_, Event, IllegalMove, Move, NotYourTurn, Outcome
from games.engine.core.memo import last_answer, per_key

from . import barter, junk
from . import events as ev
from .cards import KINDS, best_set, card_name, deck, sort_key, valid_lay, value_of
from .config import DRAFT_DEAL, JoustingConfig
from .course import initial_letters
from .evolve import evolve
from .flow import follow_ups, run, run_folded
from .judgement import CHANCE, CHIPS, PICKS, by_lot
from .lazy_moves import BarterMoves, LayMoves
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

_WITHDRAW: Final = Withdraw()  # frozen: one serves every list
_BUY: Final = BuyFromJunk(True)
_PASS: Final = BuyFromJunk(False)
_CardsLaid: Final = ev.CardsLaid  # (a module's attribute is a lookup at each read)
# A knight's "done" (a third of a game's events): frozen, so one record per seat serves
# every session, as the same value a new one would be.
_said_done: Final = per_key(ev.SaidDone, kept=64)
BARTER_MOVES: Final = (MakeOffer, AcceptOffer, DeclineOffer, CancelOffer, ShowCards, SayDone)
WHEN: Final = {
    DraftCard: (DRAFT, N_("Cards are drafted only before the tournament, with the draft option.")),
    LayCards: (LAYING, N_("Cards are laid only when the duels are called.")),
    PickChip: (JUDGEMENT, N_("Chips are picked only in a live God's judgement.")),
    BuyFromJunk: (JUNK, N_("The junk pile is for sale only after your duel.")),
}


def setup(config: JoustingConfig, players: int, rng: Random) -> list[Event]:
    """JA-3 (every card dealt: each JA-1 deck divides evenly, so JH-2 never arises) or
    the JA-4 draft deal; coat of arms A to a random knight, the others clockwise."""
    cards = deck(players)
    rng.shuffle(cards)
    each = DRAFT_DEAL[players][0] if config.draft else len(cards) // players
    hands = tuple(tuple(cards[i * each : (i + 1) * each]) for i in range(players))
    face_up = tuple(cards[players * each :])
    letters = initial_letters(rng.randrange(players), players)
    # JA-4: pick round r starts with the knight of letter r, then clockwise.
    order = tuple(letters[(r + i) % players] for r in range(players) for i in range(players))
    order = order[: len(face_up)]
    return run(None, [ev.GameSetUp(config, hands, letters, face_up, order)], rng)


@last_answer  # asked several times of the same state a move
def pending_seats(state: JoustingState) -> frozenset[int]:
    phase = state.phase  # (read once: each read of a record's field is a dict lookup)
    if phase == BARTER:  # the commonest
        return _not_done(len(state.hands), state.done)  # JH-3 (`players`, without a call)
    if phase == DRAFT:
        return frozenset(state.draft_order[:1])
    if phase == LAYING:
        laid = state.laid
        return frozenset(s for pair in state.pairs for s in pair if not laid[s])  # JA-9
    if phase == JUDGEMENT and state.chip is not None:
        pair = state.current_pair()
        return frozenset(pair) if pair else frozenset()
    if phase == JUNK:
        return frozenset(state.junk_queue[:1])  # JA-13: one at a time, winner first
    return frozenset()


@lru_cache(maxsize=1024)  # asked several times a barter move; `done` changes less often
def _not_done(players: int, done: frozenset[int]) -> frozenset[int]:
    return frozenset(range(players)) - done


def optional_seats(state: JoustingState) -> frozenset[int]:
    """JA-7: every knight still in the fighting may withdraw while the game waits on
    anyone (the phases that never wait, the check and the end, offer nothing)."""
    if state.phase == OVER or not pending_seats(state):
        return frozenset()
    return frozenset(state.fit())


def _withdraw(state: JoustingState, seat: int) -> list[Event]:
    """JA-7: out of the fighting for good; duels not yet revealed are called off, and a
    live God's judgement of the knight's own goes to the other duelist."""
    if state.status[seat] != FIT:
        raise IllegalMove(N_("You are already out of the fighting."), "JA-7")
    out: list[Event] = [ev.Withdrew(seat)]
    for index, pair in enumerate(state.pairs):
        if seat not in pair:
            continue
        if index > state.bout:  # laid, perhaps, but not revealed yet
            out.append(ev.DuelAbandoned(pair))
        elif index == state.bout and state.phase == JUDGEMENT:
            other = pair[1] if seat == pair[0] else pair[0]
            out.append(ev.JudgementDecided(pair, other, "withdrew"))
    return out


def _barter(state: JoustingState, seat: int, move: Move) -> list[Event]:
    if type(move) is SayDone:  # the commonest move
        return [_said_done(seat)]
    if isinstance(move, MakeOffer):
        problem = barter.check_offer(state, seat, move)
        if problem:
            raise IllegalMove(problem, "JH-3")
        return [ev.OfferMade(state.next_offer, seat, move.to, move.give, move.want)]
    if isinstance(move, AcceptOffer):
        problem = barter.check_accept(state, seat, move.offer)
        offer = barter.offer_by_id(state.offers, move.offer)
        if problem or offer is None:
            raise IllegalMove(problem or barter.GONE, "JH-3")
        return [ev.TradeMade(offer.id, offer.seat, seat, offer.give, offer.want, offer.to is None)]
    if isinstance(move, (DeclineOffer, CancelOffer)):
        cancel = isinstance(move, CancelOffer)
        problem = barter.check_answer(state, seat, move.offer, cancel)
        offer = barter.offer_by_id(state.offers, move.offer)
        if problem or offer is None:
            raise IllegalMove(problem or barter.GONE, "JH-3")
        parties = None if offer.to is None else frozenset({offer.seat, offer.to})
        how = "cancelled" if cancel else "declined"
        return [ev.OfferClosed(offer.id, seat, how, parties)]
    if isinstance(move, ShowCards):
        problem = barter.check_show(state, seat, move)
        if problem:
            raise IllegalMove(problem, "JH-3")
        return [ev.CardsShown(seat, move.to, move.cards)]
    return [_said_done(seat)]


def _lay(state: JoustingState, seat: int, move: LayCards) -> list[Event]:
    if not any(seat in pair for pair in state.pairs) or state.laid[seat]:  # not a duelist
        raise IllegalMove(N_("You have no duel to lay cards for now."), "JA-9")
    cards = (move.sword, move.shield, move.lance, move.armour)  # `as_tuple`, without its call
    hand = state.hands[seat]
    if not _lays_well(cards, hand):
        problem = valid_lay(dict(zip(KINDS, cards, strict=True)), hand)
        if problem:
            raise IllegalMove(problem, "JA-9")
    return [_CardsLaid(seat, cards)]


@lru_cache(maxsize=1024)  # the bot lays its hand's strongest set: a hand's lay is checked once
def _lays_well(cards: tuple[str, str, str, str], hand: tuple[str, ...]) -> bool:
    """Whether `valid_lay` passes the lay `cards` (in KINDS order) from `hand`."""
    return valid_lay(dict(zip(KINDS, cards, strict=True)), hand) is None


def _pick(state: JoustingState, seat: int, move: PickChip, rng: Random) -> list[Event]:
    pair = state.current_pair()
    if pair is None or state.chip is None or seat not in pair:
        raise IllegalMove(N_("There is no God's judgement for you to take part in."), "JH-5")
    if move.chip not in PICKS:
        raise IllegalMove(
            N_("Pick one of the chips %(chips)s, or leave it to chance."),
            "JH-5",
            chips=", ".join(CHIPS),
        )
    if move.chip == CHANCE:
        return [ev.JudgementDecided(pair, by_lot(pair, rng), "lot", CHANCE)]
    other = pair[1] if seat == pair[0] else pair[0]
    if move.chip == state.chip:
        return [ev.JudgementDecided(pair, seat, "chip", move.chip)]
    return [ev.JudgementDecided(pair, other, "wrong_chip", move.chip)]


def _step(state: JoustingState, seat: int, move: Move, rng: Random) -> list[Event]:
    kind = type(move)  # (a move's exact class first: `isinstance` of a record is a Python check)
    if kind is Withdraw or (kind not in WHEN and isinstance(move, Withdraw)):
        return _withdraw(state, seat)
    if seat not in pending_seats(state):  # it may act (JA-7), but only to withdraw
        raise NotYourTurn(N_("It is not your turn; for now you may only withdraw."))
    if kind not in WHEN and isinstance(move, BARTER_MOVES):
        if state.phase != BARTER:
            raise IllegalMove(N_("Trading happens in the barter session before the duels."), "JA-6")
        return _barter(state, seat, move)
    phase, message = WHEN.get(kind, (None, N_("That is not a move of this game.")))
    if state.phase != phase:
        raise IllegalMove(message)
    if kind is LayCards:  # the commonest of these
        return _lay(state, seat, move)  # type: ignore[arg-type]  # a LayCards, by its class
    if isinstance(move, DraftCard):
        if move.card not in state.face_up:
            raise IllegalMove(
                N_("%(card)s is not among the face-up cards."), "JA-4", card=card_name(move.card)
            )
        return [ev.CardDrafted(seat, move.card)]
    if isinstance(move, LayCards):
        return _lay(state, seat, move)
    if isinstance(move, PickChip):
        return _pick(state, seat, move, rng)
    assert isinstance(move, BuyFromJunk)
    return junk.buy(state, seat, move, rng)


def decide(state: JoustingState, seat: int, move: Move, rng: Random) -> list[Event]:
    return run(state, _step(state, seat, move, rng), rng)


def decide_folded(
    state: JoustingState, seat: int, move: Move, rng: Random
) -> tuple[list[Event], JoustingState]:
    """`decide` and the state after its events (flow.run folds each as it goes)."""
    if type(move) is SayDone and state.phase == BARTER and seat in pending_seats(state):
        # The commonest decision (a third of a game's moves): what `_step` and `run_folded`
        # make of it, without their checks and emitter. Only while nothing follows it; the
        # session's last "done" goes the whole way (follow_ups draws nothing at a barter,
        # so asking it twice changes nothing).
        done = _said_done(seat)
        after = evolve(state, done)
        if not follow_ups(after, rng):
            return [done], after
    return run_folded(state, _step(state, seat, move, rng), rng)


def legal_moves(state: JoustingState, seat: int) -> Sequence[Move]:
    """The phase's moves first (bot.py reads the first to know the phase), then Withdraw
    for a knight still in the fighting (JA-7); only Withdraw when not pending."""
    pending = pending_seats(state)
    if state.phase == BARTER and seat in pending:  # the commonest ask: the barter's list
        # (a pending seat: the game is not over and waits on someone, so JA-7 allows a
        # withdrawal exactly when the knight is still in the fighting)
        return BarterMoves(state, seat, state.status[seat] == FIT)  # built when read
    # `seat in optional_seats(state)`, without building the set
    may_withdraw = state.phase != OVER and bool(pending) and state.status[seat] == FIT
    withdraw: list[Move] = [_WITHDRAW] if may_withdraw else []
    if seat not in pending:
        return withdraw
    if state.phase == DRAFT:
        return [*(DraftCard(c) for c in state.face_up), *withdraw]
    if state.phase == LAYING:
        return LayMoves(state.hands[seat], may_withdraw)  # built when read
    if state.phase == JUDGEMENT:
        return [*(PickChip(c) for c in PICKS), *withdraw]
    if state.phase == JUNK:
        return [_BUY, _PASS, *withdraw]
    return BarterMoves(state, seat, may_withdraw)  # the barter's list, built when read


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
