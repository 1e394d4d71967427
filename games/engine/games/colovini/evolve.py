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
from .state import (
    COUNTER,
    DISCARD,
    LOSSES,
    OVER,
    PLAY,
    RESIST,
    ColoviniState,
    Losses,
    Phase,
    Reaction,
)
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


# The folds below work out each changed field first and copy the state once per event
# (a copy of the whole state is the costliest step of a fold).
Piles = tuple[tuple[Pile, Pile], ...]


def _set_pile(piles: Piles, index: int, seat: int, pile: Pile) -> Piles:
    return _set(piles, index, _seat(piles[index], seat, pile))


def _played(state: ColoviniState, seat: int, card: str, index: int) -> dict[str, Any]:
    """`card` from `seat`'s hand onto its pile at `index`: the new hands and piles."""
    hands = _seat(state.hands, seat, _without(state.hands[seat], card))
    return {
        "hands": hands,
        "piles": _set_pile(state.piles, index, seat, (*state.pile(index, seat), card)),
    }


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
    fresh = {"phase": PLAY, "conquests": 0, "avalon_used": False}
    return replace(state, active=event.seat, turn=event.turn, **fresh)


def _card_played(state: ColoviniState, event: CardPlayed) -> ColoviniState:
    played = _played(state, event.seat, event.card, event.region)
    if event.mode in (ENCHANT, ATTACK):  # CH-3: the defender answers first
        phase = COUNTER if event.mode == ENCHANT else RESIST
        reaction = Reaction(event.seat, event.region, event.card)
        return replace(state, phase=phase, reaction=reaction, **played)
    return replace(state, **played)


def _enchanted(state: ColoviniState, event: Enchanted) -> ColoviniState:  # CA-6
    index, other = event.region, state.opponent(event.seat)
    piles = _set_pile(state.piles, index, other, state.pile(index, other)[:-1])
    mine = (*piles[index][event.seat], event.card)
    piles = _set_pile(piles, index, event.seat, mine)
    return replace(state, piles=piles, phase=PLAY, reaction=None)


def _countered(state: ColoviniState, event: EnchantmentCountered) -> ColoviniState:  # CA-7
    index, attacker = event.region, state.opponent(event.seat)
    piles = _set_pile(state.piles, index, attacker, state.pile(index, attacker)[:-1])
    piles = _set_pile(piles, index, event.seat, (*piles[index][event.seat], event.card))
    hand = _with(_without(state.hands[event.seat], event.card), event.taken)
    hands = _seat(state.hands, event.seat, hand)
    return replace(state, hands=hands, piles=piles, phase=PLAY, reaction=None)


def _resisted(state: ColoviniState, event: AttackResisted) -> ColoviniState:  # CA-9
    played = _played(state, event.seat, event.card, event.region)
    return replace(state, phase=PLAY, reaction=None, **played)


def _avalon_used(state: ColoviniState, event: AvalonUsed) -> ColoviniState:  # CA-15
    return replace(state, avalon_used=True, **_owed(state.losses, -1, state.phase))


def _loss_paid(state: ColoviniState, event: LossPaid) -> ColoviniState:  # CA-11 step 2
    changes = _owed(state.losses, -1, state.phase)
    if event.region is None:
        hand = _without(state.hands[event.seat], event.card)
        changes["hands"] = _seat(state.hands, event.seat, hand)
    else:
        pile = state.pile(event.region, event.seat)[:-1]
        changes["piles"] = _set_pile(state.piles, event.region, event.seat, pile)
    return replace(state, discard=(*state.discard, event.card), **changes)


def _losses_ended(state: ColoviniState, event: LossesEnded) -> ColoviniState:
    return replace(state, phase=PLAY, losses=None)


def _tile_taken(state: ColoviniState, event: TileTaken) -> ColoviniState:  # CA-13, CA-16
    used = state.used_tiles
    if event.tile in used:  # every tile was used: all of them are face up again
        used = frozenset()
    if TINT[TILES[event.tile].kind] == LIGHT:
        return replace(state, phase=DISCARD, used_tiles=used | {event.tile})
    held = _seat(state.held_tiles, event.seat, event.tile)
    return replace(state, phase=DISCARD, used_tiles=used, held_tiles=held)


def _tile_cashed(state: ColoviniState, event: TileCashed) -> ColoviniState:
    held = _seat(state.held_tiles, event.seat, None)
    return replace(state, held_tiles=held, used_tiles=state.used_tiles | {event.tile})


def _cards_drawn(state: ColoviniState, event: CardsDrawn) -> ColoviniState:
    hands = _seat(state.hands, event.seat, _with(state.hands[event.seat], *event.cards))
    return replace(state, hands=hands, deck=state.deck[len(event.cards) :])


def _reshuffled(state: ColoviniState, event: DeckReshuffled) -> ColoviniState:  # CA-13
    return replace(state, deck=event.deck, discard=())


def _discarded(state: ColoviniState, event: CardDiscarded) -> ColoviniState:  # CA-13
    hands = _seat(state.hands, event.seat, _without(state.hands[event.seat], event.card))
    return replace(state, hands=hands, discard=(*state.discard, event.card))


def _turn_ended(state: ColoviniState, event: TurnEnded) -> ColoviniState:
    return state


def _game_ended(state: ColoviniState, event: GameEnded) -> ColoviniState:  # CA-17
    return replace(state, phase=OVER, winners=event.winners)


def _conquered(state: ColoviniState, event: RegionConquered) -> ColoviniState:
    """CA-11 step 1 and CA-12: both sides' discards, the region turned to its conqueror."""
    index, seat = event.region, event.seat
    mine = state.pile(index, seat)
    kept = mine[: len(mine) - len(event.conqueror_lost)]
    piles = _set_pile(state.piles, index, state.opponent(seat), ())
    return replace(
        state,
        piles=_set_pile(piles, index, seat, kept),
        discard=(*state.discard, *event.defender_lost, *event.conqueror_lost),
        face_up=_set(state.face_up, index, True),
        owners=_set(state.owners, index, seat),
        conquests=state.conquests + 1,
        reaction=None,
        **_owed(Losses(index, event.losses), 0, LOSSES),
    )


def _owed(losses: Losses | None, change: int, phase: Phase) -> dict[str, Any]:
    """Count a loss paid (or forgiven by Avalon); the turn goes on once nothing is owed:
    the new `losses` and `phase` (`phase` while something is still owed)."""
    assert losses is not None
    remaining = losses.remaining + change
    if remaining <= 0:
        return {"losses": None, "phase": PLAY}
    return {"losses": Losses(losses.region, remaining), "phase": phase}


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
