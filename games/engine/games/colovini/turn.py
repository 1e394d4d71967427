"""The deal (CA-4), drawing and reshuffling (CA-13), the end of a turn with its tile and
hand limit (CA-13, CA-16), the start of the next with a dark tile cashed (CA-16), and
the win at 15 crowns (CA-17)."""

from __future__ import annotations

from random import Random

from games.engine.core import Event, IllegalMove

from .batch import Batch
from .cards import full_deck
from .combat import hand_problem
from .config import HAND_LIMIT, OPENING_HAND, WIN_CROWNS, ColoviniConfig
from .events import (
    CardDiscarded,
    CardsDrawn,
    DeckReshuffled,
    GameEnded,
    GameSetUp,
    TileCashed,
    TileTaken,
    TurnEnded,
    TurnStarted,
)
from .regions import REGIONS
from .state import ColoviniState
from .tiles import DARK, KINDS, TILES, TINT, cards_given


def deal(config: ColoviniConfig, rng: Random) -> list[Event]:
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


def draw(batch: Batch, seat: int, count: int, rng: Random) -> None:
    """Draw `count` cards; an empty deck is rebuilt from the shuffled discards (CA-13)."""
    while count > 0:
        state = batch.state
        if not state.deck:
            if not state.discard:
                return  # every card is in a hand or on the table
            deck = sorted(state.discard)
            rng.shuffle(deck)
            batch.add(DeckReshuffled(deck=tuple(deck)))
            continue
        cards = batch.state.deck[:count]
        batch.add(CardsDrawn(seat=seat, cards=cards))
        count -= len(cards)


def free_kinds(state: ColoviniState) -> list[str]:
    free = {TILES[t].kind for t in state.free_tiles()}
    return [k for k in KINDS if k in free]


def end_turn(state: ColoviniState, seat: int, kind: str, rng: Random) -> Batch:
    """CA-13: take a tile (a light one draws at once), then the hand limit."""
    if kind not in KINDS:
        raise IllegalMove(f"There is no reinforcement tile {kind!r}.")
    free = [t for t in state.free_tiles() if TILES[t].kind == kind]
    if not free:
        raise IllegalMove("That reinforcement tile is not available now: pick a face-up one.")
    tile = free[0]
    batch = Batch(state)
    if TINT[kind] == DARK:  # CA-16: kept, cashed at the start of the next turn
        batch.add(TileTaken(seat=seat, tile=tile, count=None))
    else:
        count = cards_given(kind, state.owned(seat))
        batch.add(TileTaken(seat=seat, tile=tile, count=count))
        draw(batch, seat, count, rng)
    if len(batch.state.hands[seat]) <= HAND_LIMIT:
        finish(batch, rng)
    return batch


def discard(state: ColoviniState, seat: int, name: str, rng: Random) -> Batch:
    """CA-13: discard one card of your choice; at the limit the turn ends."""
    problem = hand_problem(state, seat, name)
    if problem:
        raise IllegalMove(problem)
    batch = Batch(state)
    batch.add(CardDiscarded(seat=seat, card=name))
    if len(batch.state.hands[seat]) <= HAND_LIMIT:
        finish(batch, rng)
    return batch


def finish(batch: Batch, rng: Random) -> None:
    """CA-17: the win is checked at the end of one's own turn; else the other plays."""
    state = batch.state
    seat = state.active
    crowns = state.crowns(seat)
    batch.add(TurnEnded(seat=seat, crowns=crowns))
    totals = (state.crowns(0), state.crowns(1))
    if crowns >= WIN_CROWNS:
        batch.add(GameEnded(winners=(seat,), reason="fifteen_crowns", crowns=totals))
        return
    if state.deadlocked():
        # Ours (the rulebook is silent): every card is on the table and nothing can
        # change any more, so the most crowns win, shared when equal.
        best = max(totals)
        winners = tuple(s for s in (0, 1) if totals[s] == best)
        batch.add(GameEnded(winners=winners, reason="deadlock", crowns=totals))
        return
    other = state.opponent(seat)
    batch.add(TurnStarted(seat=other, turn=state.turn + 1))
    held = batch.state.held_tiles[other]
    if held is not None:  # CA-16: a dark tile counts what its taker owns now
        count = cards_given(TILES[held].kind, batch.state.owned(other))
        batch.add(TileCashed(seat=other, tile=held, count=count))
        draw(batch, other, count, rng)
