"""Drawing and reshuffling (CA-13), the end of a turn with its tile and hand limit (CA-13,
CA-16), the start of the next with a dark tile cashed (CA-16), and the win at 15 crowns
(CA-17)."""

from __future__ import annotations

from random import Random

from games.engine.core import N_, Emitter, IllegalMove

from .combat import hand_problem
from .config import HAND_LIMIT, WIN_CROWNS
from .events import (
    CardDiscarded,
    CardsDrawn,
    DeckReshuffled,
    GameEnded,
    TileCashed,
    TileTaken,
    TurnEnded,
    TurnStarted,
)
from .evolve import evolve
from .state import ColoviniState, free_tiles
from .tiles import DARK, KINDS, TILES, TINT, cards_given


def draw(emitter: Emitter[ColoviniState], seat: int, count: int, rng: Random) -> None:
    """Draw `count` cards; an empty deck is rebuilt from the shuffled discards (CA-13)."""
    while count > 0:
        state = emitter.state
        if not state.deck:
            if not state.discard:
                return  # every card is in a hand or on the table
            deck = sorted(state.discard)
            rng.shuffle(deck)
            emitter.emit(DeckReshuffled(deck=tuple(deck)))
            continue
        cards = emitter.state.deck[:count]
        emitter.emit(CardsDrawn(seat=seat, cards=cards))
        count -= len(cards)


def free_kinds(used: frozenset[int], held: tuple[int | None, int | None]) -> tuple[str, ...]:
    """The kinds of the free tiles (CA-16), from the used and held tiles."""
    free = {TILES[t].kind for t in free_tiles(used, held)}
    return tuple(k for k in KINDS if k in free)


def end_turn(state: ColoviniState, seat: int, kind: str, rng: Random) -> Emitter[ColoviniState]:
    """CA-13: take a tile (a light one draws at once), then the hand limit."""
    if kind not in KINDS:
        raise IllegalMove(N_("There is no reinforcement tile %(tile)s."), tile=repr(kind))
    free = [t for t in state.free_tiles() if TILES[t].kind == kind]
    if not free:
        raise IllegalMove(
            N_("That reinforcement tile is not available now: pick a face-up one."), "CA-16"
        )
    tile = free[0]
    emitter = Emitter(evolve, state)
    if TINT[kind] == DARK:  # CA-16: kept, cashed at the start of the next turn
        emitter.emit(TileTaken(seat=seat, tile=tile, count=None))
    else:
        count = cards_given(kind, state.owned(seat))
        emitter.emit(TileTaken(seat=seat, tile=tile, count=count))
        draw(emitter, seat, count, rng)
    if len(emitter.state.hands[seat]) <= HAND_LIMIT:
        finish(emitter, rng)
    return emitter


def discard(state: ColoviniState, seat: int, name: str, rng: Random) -> Emitter[ColoviniState]:
    """CA-13: discard one card of your choice; at the limit the turn ends."""
    problem = hand_problem(state, seat, name)
    if problem:
        raise IllegalMove(problem)
    emitter = Emitter(evolve, state)
    emitter.emit(CardDiscarded(seat=seat, card=name))
    if len(emitter.state.hands[seat]) <= HAND_LIMIT:
        finish(emitter, rng)
    return emitter


def finish(emitter: Emitter[ColoviniState], rng: Random) -> None:
    """CA-17: the win is checked at the end of one's own turn; else the other plays."""
    state = emitter.state
    seat = state.active
    crowns = state.crowns(seat)
    emitter.emit(TurnEnded(seat=seat, crowns=crowns))
    totals = (state.crowns(0), state.crowns(1))
    if crowns >= WIN_CROWNS:
        emitter.emit(GameEnded(winners=(seat,), reason="fifteen_crowns", crowns=totals))
        return
    if state.deadlocked():
        # CH-6, ours (the rulebook is silent): every card is on the table and nothing can
        # change any more, so the most crowns win, shared when equal.
        best = max(totals)
        winners = tuple(s for s in (0, 1) if totals[s] == best)
        emitter.emit(GameEnded(winners=winners, reason="deadlock", crowns=totals))
        return
    other = state.opponent(seat)
    emitter.emit(TurnStarted(seat=other, turn=state.turn + 1))
    held = emitter.state.held_tiles[other]
    if held is not None:  # CA-16: a dark tile counts what its taker owns now
        count = cards_given(TILES[held].kind, emitter.state.owned(other))
        emitter.emit(TileCashed(seat=other, tile=held, count=count))
        draw(emitter, other, count, rng)
