"""evolve: the pure fold of Colovini events into the state. Never random: every shuffle is
already inside the events."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from games.engine.core import Event, replace

from .events import (
    AttackResisted,
    AvalonUsed,
    CardDiscarded,
    CardPlayed,
    CardsDrawn,
    DeckReshuffled,
    Enchanted,
    EnchantmentCountered,
    GameEnded,
    GameSetUp,
    LossesEnded,
    LossPaid,
    Pile,
    RegionConquered,
    TileCashed,
    TileTaken,
    TurnEnded,
    TurnStarted,
)
from .moves import ATTACK, ENCHANT
from .state import ColoviniState, Losses, Phase, Reaction
from .tiles import LIGHT, TILES, TINT

T = TypeVar("T")


def _without(cards: Pile, card: str) -> Pile:
    items = list(cards)
    items.remove(card)
    return tuple(items)


def _with(hand: Pile, *cards: str) -> Pile:
    return tuple(sorted((*hand, *cards)))


def _set(values: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    return (*values[:index], value, *values[index + 1 :])


def _seat(pair: tuple[T, T], seat: int, value: T) -> tuple[T, T]:
    """A per-seat pair with `seat`'s item replaced."""
    return (value, pair[1]) if seat == 0 else (pair[0], value)


def _set_pile(state: ColoviniState, index: int, seat: int, pile: Pile) -> ColoviniState:
    pair = _seat(state.piles[index], seat, pile)
    return replace(state, piles=_set(state.piles, index, pair))


def _set_hand(state: ColoviniState, seat: int, hand: Pile) -> ColoviniState:
    return replace(state, hands=_seat(state.hands, seat, hand))


def evolve(state: ColoviniState | None, event: Event) -> ColoviniState:
    """Apply one event. Never random: every shuffle is already inside the events."""
    if isinstance(event, GameSetUp):
        return ColoviniState(
            config=event.config,
            row=event.row,
            face_up=(False,) * len(event.row),
            owners=(None,) * len(event.row),
            piles=event.piles,
            hands=(tuple(sorted(event.hands[0])), tuple(sorted(event.hands[1]))),
            deck=event.deck,
            active=event.first,
        )
    if state is None:
        raise ValueError(f"{type(event).__name__} before the game was set up")
    fold = _FOLDS.get(type(event))
    if fold is None:
        raise TypeError(f"unknown event {type(event).__name__}")
    return fold(state, event)


def _turn_started(state: ColoviniState, event: TurnStarted) -> ColoviniState:
    fresh = {"phase": Phase.PLAY, "conquests": 0, "avalon_used": False}
    return replace(state, active=event.seat, turn=event.turn, **fresh)


def _card_played(state: ColoviniState, event: CardPlayed) -> ColoviniState:
    state = _set_hand(state, event.seat, _without(state.hands[event.seat], event.card))
    pile = state.pile(event.region, event.seat)
    state = _set_pile(state, event.region, event.seat, (*pile, event.card))
    if event.mode in (ENCHANT, ATTACK):  # CH-3: the defender answers first
        phase = Phase.COUNTER if event.mode == ENCHANT else Phase.RESIST
        reaction = Reaction(event.seat, event.region, event.card)
        return replace(state, phase=phase, reaction=reaction)
    return state


def _enchanted(state: ColoviniState, event: Enchanted) -> ColoviniState:  # CA-6
    other = state.opponent(event.seat)
    theirs = state.pile(event.region, other)
    state = _set_pile(state, event.region, other, theirs[:-1])
    mine = state.pile(event.region, event.seat)
    state = _set_pile(state, event.region, event.seat, (*mine, event.card))
    return replace(state, phase=Phase.PLAY, reaction=None)


def _countered(state: ColoviniState, event: EnchantmentCountered) -> ColoviniState:  # CA-7
    attacker = state.opponent(event.seat)
    state = _set_pile(state, event.region, attacker, state.pile(event.region, attacker)[:-1])
    hand = _with(_without(state.hands[event.seat], event.card), event.taken)
    state = _set_hand(state, event.seat, hand)
    mine = state.pile(event.region, event.seat)
    state = _set_pile(state, event.region, event.seat, (*mine, event.card))
    return replace(state, phase=Phase.PLAY, reaction=None)


def _resisted(state: ColoviniState, event: AttackResisted) -> ColoviniState:  # CA-9
    state = _set_hand(state, event.seat, _without(state.hands[event.seat], event.card))
    mine = state.pile(event.region, event.seat)
    state = _set_pile(state, event.region, event.seat, (*mine, event.card))
    return replace(state, phase=Phase.PLAY, reaction=None)


def _avalon_used(state: ColoviniState, event: AvalonUsed) -> ColoviniState:  # CA-15
    return _owe(replace(state, avalon_used=True), -1)


def _loss_paid(state: ColoviniState, event: LossPaid) -> ColoviniState:  # CA-11 step 2
    if event.region is None:
        state = _set_hand(state, event.seat, _without(state.hands[event.seat], event.card))
    else:
        pile = state.pile(event.region, event.seat)
        state = _set_pile(state, event.region, event.seat, pile[:-1])
    return _owe(replace(state, discard=(*state.discard, event.card)), -1)


def _losses_ended(state: ColoviniState, event: LossesEnded) -> ColoviniState:
    return replace(state, phase=Phase.PLAY, losses=None)


def _tile_taken(state: ColoviniState, event: TileTaken) -> ColoviniState:  # CA-13, CA-16
    used = state.used_tiles
    if event.tile in used:  # every tile was used: all of them are face up again
        used = frozenset()
    if TINT[TILES[event.tile].kind] == LIGHT:
        return replace(state, phase=Phase.DISCARD, used_tiles=used | {event.tile})
    held = _seat(state.held_tiles, event.seat, event.tile)
    return replace(state, phase=Phase.DISCARD, used_tiles=used, held_tiles=held)


def _tile_cashed(state: ColoviniState, event: TileCashed) -> ColoviniState:
    held = _seat(state.held_tiles, event.seat, None)
    return replace(state, held_tiles=held, used_tiles=state.used_tiles | {event.tile})


def _cards_drawn(state: ColoviniState, event: CardsDrawn) -> ColoviniState:
    state = _set_hand(state, event.seat, _with(state.hands[event.seat], *event.cards))
    return replace(state, deck=state.deck[len(event.cards) :])


def _reshuffled(state: ColoviniState, event: DeckReshuffled) -> ColoviniState:  # CA-13
    return replace(state, deck=event.deck, discard=())


def _discarded(state: ColoviniState, event: CardDiscarded) -> ColoviniState:  # CA-13
    state = _set_hand(state, event.seat, _without(state.hands[event.seat], event.card))
    return replace(state, discard=(*state.discard, event.card))


def _turn_ended(state: ColoviniState, event: TurnEnded) -> ColoviniState:
    return state


def _game_ended(state: ColoviniState, event: GameEnded) -> ColoviniState:  # CA-17
    return replace(state, phase=Phase.OVER, winners=event.winners)


def _conquered(state: ColoviniState, event: RegionConquered) -> ColoviniState:
    """CA-11 step 1 and CA-12: both sides' discards, the region turned to its conqueror."""
    index, seat = event.region, event.seat
    loser = state.opponent(seat)
    state = _set_pile(state, index, loser, ())
    kept = state.pile(index, seat)[: len(state.pile(index, seat)) - len(event.conqueror_lost)]
    state = _set_pile(state, index, seat, kept)
    state = replace(
        state,
        discard=(*state.discard, *event.defender_lost, *event.conqueror_lost),
        face_up=_set(state.face_up, index, True),
        owners=_set(state.owners, index, seat),
        conquests=state.conquests + 1,
        reaction=None,
        losses=Losses(index, event.losses),
        phase=Phase.LOSSES,
    )
    return _owe(state, 0)


def _owe(state: ColoviniState, change: int) -> ColoviniState:
    """Count a loss paid (or forgiven by Avalon); the turn goes on once nothing is owed."""
    assert state.losses is not None
    remaining = state.losses.remaining + change
    if remaining <= 0:
        return replace(state, losses=None, phase=Phase.PLAY)
    return replace(state, losses=Losses(state.losses.region, remaining))


# Each event's fold, by its exact type: one lookup instead of a chain of isinstance checks
# (the events are final records, never subclassed).
_FOLDS: dict[type[Event], Callable[[ColoviniState, Any], ColoviniState]] = {
    TurnStarted: _turn_started,
    CardPlayed: _card_played,
    Enchanted: _enchanted,
    EnchantmentCountered: _countered,
    AttackResisted: _resisted,
    RegionConquered: _conquered,
    AvalonUsed: _avalon_used,
    LossPaid: _loss_paid,
    LossesEnded: _losses_ended,
    TileTaken: _tile_taken,
    TileCashed: _tile_cashed,
    CardsDrawn: _cards_drawn,
    DeckReshuffled: _reshuffled,
    CardDiscarded: _discarded,
    TurnEnded: _turn_ended,
    GameEnded: _game_ended,
}
