"""The Tournament's named hooks, which power cards are active, and firing a hook over them
(TH-7, TT-23). The registry itself is games.engine.core.HookRegistry.

A power card's data names an `effect`; a handler registered for (hook, effect) runs when the
engine reaches that hook, once per active card. Active cards of a seat, in TT-23 order:
Godsends, Protagonist, Companion (if unlocked), then any Location the seat hosts. Seats are
visited from the lowest Health up. Where the order of simultaneous effects changes the
result (the Dusk tally), the lowest-Health player chooses it (powers/dusk.py `ask_order`);
a handler that asks its owner stops the round (questions.py).
"""

from __future__ import annotations

from functools import lru_cache
from operator import attrgetter
from typing import Any, Final

from games.engine.core import HookRegistry
from games.engine.core.hooks import Handler

from .carddata import CardData
from .characters import CHARACTERS
from .godsends import GODSENDS
from .locations import LOCATIONS
from .state import Player, TState

HOOKS = HookRegistry(
    (
        "dawn",  # stage "start" (before the deal) and "dealt"
        "passing",
        "before_play",
        "after_play",
        "shame_cost",  # how much a Shame costs
        "shame_after",  # after a Shame
        # the Melee's resolution, one hook per stage (each power answers one of them):
        "melee_before",  # cards leave before the loss is decided (Armor of Avalon)
        "melee_loser",  # "when you would lose" (Guinevere, the Elf Knight)
        "melee_feints",  # Feints resolved (Sir Bors)
        "melee_take",  # what the loser takes (Sir Galahad)
        "melee_lost",  # after the loss (Chivalry)
        "melee_broken",  # a Feint broke when a card left the Melee (Lancelot du Lac)
        "dusk_tally",
        "godsend_phase",
        "threshold_crossing",
    )
)
handler = HOOKS.handler  # the decorator the power modules register with


CARDS: Final[dict[str, CardData]] = {**LOCATIONS, **GODSENDS, **CHARACTERS}


def card(card_id: str) -> CardData:
    return CARDS[card_id]


def active_cards(state: TState, seat: int) -> tuple[CardData, ...]:
    """The power cards working for `seat` now, in TT-23 order."""
    return _table(state).seats[seat].cards


def carry_powers(old: TState, new: TState) -> None:
    """`new` follows `old` by an event that changes no seat's powers (evolve.py): the
    table of `old`, if it is the last one asked for, is the table of `new` as it is, so
    the next question about `new` needs no check of its players."""
    last = _LAST[0]
    if last is not None and last.state is old:
        last.state = new
        last.players = new.players


def _table(state: TState) -> _Table:
    """Every seat's powers in `state`, worked out again only when what decides them changed:
    a move asks for them some twenty times, mostly of states that share their players."""
    last = _LAST[0]
    if last is not None and last.state is state:
        return last  # the same state asked again (legal moves, the bot, decide)
    if (
        last is not None
        and last.rules is state.rules
        and last.hosted is state.hosted
        and last.location == state.location
        and last.host == state.host
        and (last.players is state.players or _same_powers(last.players, state.players))
    ):
        # The same powers for every seat: most events change a hand or a Health only.
        last.players = state.players
        last.state = state  # the next question is most likely about this one
        return last
    table = _Table(state, last)
    _LAST[0] = table
    return table


class _Table:
    """The powers of every seat of the states that share what decides them."""

    __slots__ = (
        "answering",
        "effects",
        "hooks",
        "host",
        "hosted",
        "location",
        "players",
        "rules",
        "seats",
        "state",
    )
    seats: tuple[Powers, ...]  # per seat
    hooks: frozenset[str]  # the hooks some seat's cards answer
    answering: dict[str, tuple[int, ...]]  # per such hook: the seats whose cards answer it
    effects: frozenset[str]  # the effects of some seat's active cards

    def __init__(self, state: TState, last: _Table | None) -> None:
        self.state = state  # the last state asked about whose powers these are
        self.players = state.players
        self.rules = state.rules
        self.hosted = state.hosted
        self.location = state.location
        self.host = state.host
        # A move changes one or two players: the others' records are the same objects,
        # and so are their powers when nothing else they depend on changed.
        keep = (
            last is not None
            and last.rules is self.rules
            and last.hosted is self.hosted
            and last.location == self.location
            and last.host == self.host
            and len(last.players) == len(self.players)
        )
        self.seats = tuple(
            last.seats[seat]
            if keep and last is not None and last.players[seat] is p
            else _seat_powers(state, seat)
            for seat, p in enumerate(self.players)
        )
        self.hooks = frozenset().union(*map(_HOOKS_OF, self.seats))
        answering: dict[str, list[int]] = {}
        for seat, powers in enumerate(self.seats):  # one pass: the seats in order per hook
            for hook in powers.hooks:
                answering.setdefault(hook, []).append(seat)
        self.answering = {hook: tuple(seats) for hook, seats in answering.items()}
        self.effects = frozenset().union(*map(_EFFECTS_OF, self.seats))


def _same_powers(old: tuple[Player, ...], new: tuple[Player, ...]) -> bool:
    """Whether every seat's own power cards (`_seat_powers` reads no other field of a
    player) are the very same objects in both tuples of players."""
    if len(old) != len(new):
        return False
    for a, b in zip(old, new, strict=True):
        if a is not b and (
            a.godsends is not b.godsends
            or a.protagonist is not b.protagonist
            or a.unlocked is not b.unlocked
            or a.companion is not b.companion
        ):
            return False
    return True


def _seat_powers(state: TState, seat: int) -> Powers:
    if not state.rules.powers:
        return _NONE
    p = state.players[seat]
    if not state.hosted and (state.location is None or state.host != seat):
        hosted: tuple[str, ...] = ()  # the usual case
    else:
        hosted = tuple(loc for host, loc in state.hosted if host == seat)
        if state.location is not None and state.host == seat:
            hosted += (state.location,)
    return powers_of(p.godsends, p.protagonist, p.companion if p.unlocked else None, hosted)


class Powers:
    """One combination of active cards, with what the engine asks of it at every move
    sorted out once: the cards of each effect, and each hook's handlers in card order.
    Handlers are registered at import, before any game is played, so these never go
    stale."""

    __slots__ = ("by_effect", "by_hook", "cards", "effects", "hooks")

    def __init__(self, cards: tuple[CardData, ...]) -> None:
        self.cards = cards
        by_effect: dict[str, list[CardData]] = {}
        for c in cards:
            by_effect.setdefault(c.effect, []).append(c)
        self.by_effect = {effect: tuple(found) for effect, found in by_effect.items()}
        self.effects = frozenset(by_effect)
        found: dict[str, list[tuple[Handler, CardData]]] = {}
        for c in cards:  # each hook's handlers in card order
            for hook, fn in _handlers_of(c.effect):
                found.setdefault(hook, []).append((fn, c))
        self.by_hook = {hook: tuple(found[hook]) for hook in HOOKS.hooks if hook in found}
        self.hooks = frozenset(self.by_hook)


def _handlers_of(effect: str) -> tuple[tuple[str, Handler], ...]:
    """The (hook, handler) pairs of one effect, in hook order: asked once per effect
    (handlers are registered at import), not once per hook and card of every new
    combination of powers."""
    pairs = _PAIRS.get(effect)
    if pairs is None:
        pairs = _PAIRS[effect] = tuple(
            (hook, fn) for hook in HOOKS.hooks if (fn := HOOKS.get(hook, effect)) is not None
        )
    return pairs


_PAIRS: Final[dict[str, tuple[tuple[str, Handler], ...]]] = {}
_HOOKS_OF: Final = attrgetter("hooks")
_EFFECTS_OF: Final = attrgetter("effects")
_NONE: Final = Powers(())
_LAST: Final[list[_Table | None]] = [None]  # the last table asked for (one slot: read at once)


@lru_cache(maxsize=4096)
def powers_of(
    godsends: tuple[str, ...],
    protagonist: str | None,
    companion: str | None,
    hosted: tuple[str, ...],
) -> Powers:
    """A seat's active cards from their ids: its Godsends, its Protagonist, its Companion
    once unlocked, the Locations it hosts. Looked up once per combination: the engine asks
    for a seat's powers very often."""
    ids = [*godsends, *(c for c in (protagonist, companion) if c)]
    return Powers(tuple(CARDS[c] for c in ids) + tuple(LOCATIONS[loc] for loc in hosted))


def seats_powers(state: TState) -> tuple[tuple[Powers, ...], frozenset[str]]:
    """Every seat's powers and the effects some seat has, for a caller asking several
    questions of one state (`plays.legal_plays`): the table looked up once."""
    table = _table(state)
    return table.seats, table.effects


def active(state: TState, seat: int, effect: str) -> tuple[CardData, ...]:
    return _table(state).seats[seat].by_effect.get(effect, ())


def in_play(state: TState, effect: str) -> bool:
    """Whether some seat has an active card of this effect (most effects, most tables:
    none, and a loop asking each seat or each card can be skipped)."""
    return effect in _table(state).effects


def effects(state: TState, seat: int) -> dict[str, tuple[CardData, ...]]:
    """`seat`'s active cards by effect, for asking `active` of several effects at once."""
    return _table(state).seats[seat].by_effect


def holder(state: TState, effect: str) -> int | None:
    """The seat with an active card of this effect (characters are unique per table)."""
    for seat in range(state.n):
        if active(state, seat, effect):
            return seat
    return None


def health_order(state: TState, dealer: int | None = None) -> list[int]:
    """Seats from the lowest Health up; ties from the left of the Dealer (TH-6)."""
    d = state.dealer if dealer is None else dealer
    players = state.players
    last = _ORDER[0]
    if last[0] is players and last[1] == d:
        return list(last[2])  # the same players asked again (hooks fired in one move)
    n = len(players)
    order = [(p.health, (s - d - 1) % n) for s, p in enumerate(players)]
    found = tuple(sorted(range(n), key=order.__getitem__))
    _ORDER[0] = (players, d, found)
    return list(found)


# The last answer of `health_order`, by the identity of the players tuple (held, so its
# id is not reused) and the Dealer it counts ties from.
_ORDER: Final[list[tuple[tuple[Player, ...] | None, int, tuple[int, ...]]]] = [(None, -1, ())]


def healthiest_opponents(state: TState, seat: int) -> list[int]:
    """The opponents tied for the most Health, in seat order from `seat`'s left."""
    others = [state.left_of(seat, step) for step in range(1, state.n)]
    best = max(state.player(s).health for s in others)
    return [s for s in others if state.player(s).health == best]


def run(hook: str, b: Any, **context: Any) -> None:
    """Fire `hook`: every active card with a handler for it, seat by seat; a card that asks
    its owner stops the round (the caller fires the hook again once answered)."""
    state = b.state
    table = _table(state)
    answering = table.answering.get(hook)
    if answering is None:
        return  # nothing would run: skip ordering the seats (most hooks, most of the time)
    seats = table.seats
    order: list[int] | None = None
    if state.ask is None and len(answering) == 1:
        # One seat answers: the seats before it in Health order do nothing, and after
        # it the others only if its handlers changed the state (new powers).
        (only,) = answering
        for fn, data in seats[only].by_hook[hook]:
            fn(b, only, data, **context)
            if b.state.ask is not None:
                return
        if b.state is state:
            return
        order = health_order(state)
        order = order[order.index(only) + 1 :]
    for seat in health_order(state) if order is None else order:
        # run_for(hook, b, seat, **context), inlined: most seats have no handler for it;
        # the powers are looked up again only once a handler changed the state
        if b.state is not state:
            state = b.state
            seats = _table(state).seats
            answering = ()  # (the seats answering it in this state: read below)
        elif answering and seat not in answering and state.ask is None:
            continue  # the state the answering seats were found in: nothing would run
        for fn, data in seats[seat].by_hook.get(hook, ()):
            fn(b, seat, data, **context)
            if b.state.ask is not None:
                return
        if b.state.ask is not None:
            return


def answers(state: TState, seat: int, hook: str) -> bool:
    """Whether some active card of `seat` has a handler for `hook` (then `run_for` would
    call one): a caller building the hook's context can skip it otherwise."""
    return hook in _table(state).seats[seat].hooks


# after_play effects that answer their holder's own cards only (The Destrier's charge,
# powers/play.py): another seat's card sets none of them off.
OWN_CARDS_AFTER_PLAY = frozenset({"destrier"})


def after_play_quiet(state: TState, seat: int) -> bool:
    """Whether a card `seat` plays now sets off no after_play power at the table: none
    answers the hook, or only cards of other seats that answer their own cards only."""
    return _quiet(_table(state), seat)


def quiet_seats(state: TState, seat: int) -> tuple[Powers, ...] | None:
    """Every seat's powers when a card `seat` plays now sets off no after_play power
    (`after_play_quiet`), else None: the table looked up once for a plain card's
    questions (melee.plain_play)."""
    table = _table(state)
    return table.seats if _quiet(table, seat) else None


def _quiet(table: _Table, seat: int) -> bool:
    answering = table.answering.get("after_play")
    if answering is None:
        return True
    return seat not in answering and all(
        data.effect in OWN_CARDS_AFTER_PLAY
        for other in answering
        for _fn, data in table.seats[other].by_hook["after_play"]
    )


def run_for(hook: str, b: Any, seat: int, **context: Any) -> None:
    """Fire `hook` for one seat's active cards only (until one asks its owner)."""
    for fn, data in _table(b.state).seats[seat].by_hook.get(hook, ()):
        fn(b, seat, data, **context)
        if b.state.ask is not None:
            return


def fire(hook: str, effect: str, b: Any, seat: int, data: CardData, **context: Any) -> None:
    """Fire one card's handler for `hook`, if it has one (Godsends taking effect at once)."""
    fn = HOOKS.get(hook, effect)
    if fn is not None:
        fn(b, seat, data, **context)
