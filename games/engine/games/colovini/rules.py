"""The rules of Avalon by Leo Colovini as the engine asks for them: the deal (`setup`), whose
turn it is, what is legal, what a timeout plays, `decide` (routing a move to combat.py or
turn.py) and the outcome."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from random import Random
from typing import Any

from games.engine.core import N_, Emitter, Event, IllegalMove, Move, Outcome, msg

from . import combat, powers, turn
from .cards import SORCERESS, colour_of, full_deck, kind_of
from .config import MAX_CONQUESTS, OPENING_HAND, WIN_CROWNS, ColoviniConfig
from .events import GameSetUp, Pile, TurnStarted
from .evolve import evolve
from .moves import (
    ATTACK,
    ENCHANT,
    CounterSpell,
    Discard,
    EndTurn,
    LetPass,
    LoseHandCard,
    LosePileTop,
    PlayCard,
    Resist,
    UseAvalon,
)
from .play_moves import PlayMoves
from .regions import REGIONS
from .state import COUNTER, DISCARD, LOSSES, OVER, PLAY, RESIST, ColoviniState, Phase
from .tiles import LIGHT, TINT

PHASE_MOVES: dict[Phase, tuple[tuple[type[Move], ...], str]] = {
    PLAY: ((PlayCard, EndTurn), N_("play cards or end your turn")),
    COUNTER: ((CounterSpell, LetPass), N_("the defender answers the enchantment")),
    RESIST: ((Resist, LetPass), N_("the defender answers the attack")),
    LOSSES: ((LoseHandCard, LosePileTop, UseAvalon), N_("the conqueror pays the losses")),
    DISCARD: ((Discard,), N_("discard down to 5 cards")),
}


def setup(config: ColoviniConfig, players: int, rng: Random) -> list[Event]:
    """CA-4: a face-down row, one card each side of each region, 5 cards each."""
    row = [r.key for r in REGIONS]
    rng.shuffle(row)
    deck = full_deck()
    rng.shuffle(deck)
    piles = tuple(((deck.pop(),), (deck.pop(),)) for _ in row)
    hands = (tuple(deck[:OPENING_HAND]), tuple(deck[OPENING_HAND : 2 * OPENING_HAND]))
    rest = tuple(deck[2 * OPENING_HAND :])
    first = rng.randrange(2)  # the rulebook: whoever was in England most recently
    return [
        GameSetUp(config=config, row=tuple(row), piles=piles, hands=hands, deck=rest, first=first),
        TurnStarted(seat=first, turn=1),
    ]


# Whose turn it is, asked several times a move: the same few immutable sets every time.
_NOBODY: frozenset[int] = frozenset()
_ALONE = (frozenset({0}), frozenset({1}))


def pending_seats(state: ColoviniState) -> frozenset[int]:
    phase = state.phase
    if phase is OVER:
        return _NOBODY
    if phase is COUNTER or phase is RESIST:  # CH-3: the defender answers
        return _ALONE[state.opponent(state.active)]
    return _ALONE[state.active]


def legal_moves(state: ColoviniState, seat: int) -> Sequence[Move]:
    if seat not in pending_seats(state):
        return []
    phase = state.phase
    if phase is COUNTER or phase is RESIST:  # a quarter of the asks
        react = _COUNTER if phase is COUNTER else _RESIST
        return [react, _LET_PASS] if combat.can_react(state) else [_LET_PASS]
    hand = sorted(set(state.hands[seat]))  # the distinct cards, in order
    if phase is PLAY:
        return _plays(state, seat, hand)
    if phase is LOSSES:
        out: list[Move] = [_lose_hand_card(name) for name in hand]
        out += [_lose_pile_top(i) for i, pair in enumerate(state.piles) if pair[seat]]
        if combat.may_use_avalon(state, seat):
            out.append(UseAvalon())
        return out
    return [_discard(name) for name in hand]


def _plays(state: ColoviniState, seat: int, hand: list[str]) -> PlayMoves:
    """The PLAY phase's moves: every reinforcement (CA-5), then per card the enchantments
    and attacks `combat.play_problem` accepts, then the tiles to end the turn with (the
    reinforcements listed only when read: play_moves.py).

    The candidates are exactly the moves that pass `play_problem` (so `decide` and this
    list never disagree; tests/engine/colovini/test_legal.py tries every card, region
    and mode against `decide`):
    a card from the hand on a real region; an enchantment by a sorceress where the
    opponent's top card has her colour (CA-6); an attack with a kind `seat` attacks with,
    on a region not its own, while conquests are left (CA-10), with at least as many
    cards there as the defender's plus a face-up castle's bonus (CA-8, CA-14)."""
    piles = state.piles
    attackers = powers.attack_kinds(state, seat)
    opponent = state.opponent(seat)
    # One pass over the row: the regions each colour may enchant (the opponent's top card
    # has it) and the regions open to an attack.
    attackable: list[int] = []
    if state.conquests < MAX_CONQUESTS:
        defences = powers.defence_bonuses(state)
        for i, (pair, owner, defence) in enumerate(zip(piles, state.owners, defences, strict=True)):
            if owner != seat and len(pair[seat]) >= len(pair[opponent]) + defence:
                attackable.append(i)
    targets = tuple(attackable)
    tops: dict[str, tuple[int, ...]] | None = None  # only when the hand holds a sorceress
    per_card: list[tuple[Sequence[PlayCard], Sequence[PlayCard]]] = []
    for name in hand:
        kind = kind_of(name)
        enchants: Sequence[PlayCard] = ()
        if kind == SORCERESS:
            if tops is None:
                tops = _tops(piles, opponent)
            enchants = _plays_of(name, tops.get(colour_of(name), ()), ENCHANT)
        attacks = _plays_of(name, targets, ATTACK) if kind in attackers else ()
        per_card.append((enchants, attacks))
    ends = _end_turns(state.used_tiles, state.held_tiles)
    return PlayMoves(tuple(hand), len(piles), per_card, ends)


def _tops(piles: tuple[tuple[Pile, Pile], ...], opponent: int) -> dict[str, tuple[int, ...]]:
    """Per colour, the regions whose top card of the opponent's has it, in row order."""
    tops: dict[str, list[int]] = {}
    for i, pair in enumerate(piles):
        theirs = pair[opponent]
        if theirs:
            tops.setdefault(colour_of(theirs[-1]), []).append(i)
    return {colour: tuple(regions) for colour, regions in tops.items()}


@lru_cache(maxsize=4096)
def _plays_of(name: str, regions: tuple[int, ...], mode: str) -> tuple[PlayCard, ...]:
    """`name` played as `mode` on each of `regions`: the same few lists every turn."""
    return tuple(_play_card(name, i, mode) for i in regions)


@lru_cache(maxsize=1024)
def _end_turns(used: frozenset[int], held: tuple[int | None, int | None]) -> tuple[EndTurn, ...]:
    """The tiles a turn may end with (CA-16): they change only when a turn ends, so the
    moves are listed once per used and held tiles."""
    return tuple(EndTurn(kind) for kind in turn.free_kinds(used, held))


# The other moves are frozen too, and few (ten cards, eleven regions): each is built once
# and handed out again, instead of anew for every legal-move list.
_play_card = lru_cache(maxsize=1024)(PlayCard)
_COUNTER: Move = CounterSpell()
_RESIST: Move = Resist()
_LET_PASS: Move = LetPass()
_lose_hand_card = lru_cache(maxsize=64)(LoseHandCard)
_lose_pile_top = lru_cache(maxsize=64)(LosePileTop)
_discard = lru_cache(maxsize=64)(Discard)


def default_move(state: ColoviniState, seat: int, rng: Random) -> Move:
    """A timeout: no reaction (CH-3); the active player ends the turn or pays neutrally."""
    legal = legal_moves(state, seat)
    if not legal:
        raise IllegalMove(N_("You have nothing to do right now."))
    if state.phase in (COUNTER, RESIST):
        return LetPass()
    if state.phase is PLAY:
        # The rulebook's advice: a light tile with under two cards in hand, else a dark one.
        want_light = len(state.hands[seat]) < 2
        ends = [m for m in legal if isinstance(m, EndTurn)]
        fits = [m for m in ends if (TINT[m.tile] == LIGHT) == want_light]
        return (fits or ends)[0]
    if state.phase is LOSSES:
        if UseAvalon() in legal:
            return UseAvalon()
        return legal[0]  # a hand card first, else the first pile
    return legal[0]


_OVER: tuple[tuple[type[Move], ...], str] = ((), N_("nothing is left to do"))


def decide(state: ColoviniState, seat: int, move: Move, rng: Random) -> list[Event]:
    return decide_folded(state, seat, move, rng)[0]


def decide_folded(
    state: ColoviniState, seat: int, move: Move, rng: Random
) -> tuple[list[Event], ColoviniState]:
    """`decide` and the state after its events: the Emitter folded each as it went."""
    allowed, doing = PHASE_MOVES.get(state.phase, _OVER)
    route = _ROUTES.get(type(move))
    if route is None or type(move) not in allowed:
        raise IllegalMove(N_("That move does not fit now: %(doing)s."), doing=msg(doing))
    emitter = route(state, seat, move, rng)
    return emitter.events, emitter.state


def _let_pass(state: ColoviniState, seat: int, move: Move, rng: Random) -> Emitter[ColoviniState]:
    emitter = Emitter(evolve, state)
    combat.let_pass(emitter)
    return emitter


Route = Callable[[ColoviniState, int, Any, Random], Emitter[ColoviniState]]

# Each move's rule, by its exact type: one lookup instead of a chain of isinstance checks
# (the moves are final records, never subclassed).
_ROUTES: dict[type[Move], Route] = {
    PlayCard: lambda state, seat, move, rng: combat.play(state, seat, move),
    CounterSpell: lambda state, seat, move, rng: combat.react(state, seat),
    Resist: lambda state, seat, move, rng: combat.react(state, seat),
    LetPass: _let_pass,
    UseAvalon: lambda state, seat, move, rng: combat.use_avalon(state, seat),
    LoseHandCard: lambda state, seat, move, rng: combat.pay(state, seat, move.card, None),
    LosePileTop: lambda state, seat, move, rng: combat.pay(state, seat, None, move.region),
    EndTurn: lambda state, seat, move, rng: turn.end_turn(state, seat, move.tile, rng),
    Discard: lambda state, seat, move, rng: turn.discard(state, seat, move.card, rng),
}


def outcome(state: ColoviniState) -> Outcome | None:
    if state.phase is not OVER:
        return None
    crowns = {seat: state.crowns(seat) for seat in (0, 1)}
    if len(state.winners) == 2:
        summary = f"A shared win: no card can be played any more and both hold {crowns[0]} crowns."
        reason = "deadlock"
    else:
        winner = state.winners[0]
        reason = "fifteen_crowns" if crowns[winner] >= WIN_CROWNS else "deadlock"
        how = "" if reason == "fifteen_crowns" else ", the most when no card can be played"
        summary = f"Seat {winner + 1} wins with {crowns[winner]} crowns{how}."
    return Outcome(winners=frozenset(state.winners), summary=summary, reason=reason, scores=crowns)
