"""Who can still fight (JA-7, JA-14): the knights still able to show a complete set, and
the end of the tournament when at most one of them is left.

"Able to show a complete set" is our ruling on JA-14 (docs/rules/jousting-avalon.md): a
knight still in the fighting who holds a set (hand and laid cards), or who could still
complete one before their next showing. Before the next fitness check there is always a
barter session (JA-5), so a missing kind can still come from another knight's hand (or
laid cards, which end in a hand or the junk pile), from the face-up cards of the draft
and, while this round's duels are under way, from the junk pile (a duelist may buy from
it and sell on in the next barter). Trading needs something to give (JH-3: an offer asks
something in return), so a knight with no card and no coin cannot get one. The test only
ever errs on the side of "still able": when in doubt the fitness check at the duels
(JA-7) decides, as the rulebook does.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from games.engine.core.memo import shared

from . import events as ev
from .cards import JOKER, KINDS, is_complete, kind_of
from .config import FINAL_BONUS
from .state import CHECK, DRAFT, FIT, JUDGEMENT, JUNK, LAYING, OVER, JoustingState


def _own(state: JoustingState, seat: int) -> tuple[str, ...]:
    return (*state.hands[seat], *state.laid[seat])


def _reachable(state: JoustingState, seat: int) -> list[str]:
    """Cards `seat` might still get before the next fitness check (an overestimate); with
    `seat` -1, every card in play."""
    # (`len(state.hands)` here and below: the state's `players` property, without its
    # interpreted call)
    out = [c for s in range(len(state.hands)) if s != seat for c in _own(state, s)]
    out += state.face_up  # JA-4: the draft is still under way
    if state.phase in (LAYING, JUDGEMENT, JUNK):
        out += state.junk  # JA-13: bought after this round's duels, traded on next barter
    return out


def completable(own: tuple[str, ...], pool: list[str]) -> bool:
    """Whether `own` plus some cards of `pool` make a complete set (JA-7): every missing
    kind needs a card of its kind or a joker, jokers standing in for any kind."""
    own_kinds, pool_kinds = _kinds(own), _kinds(pool)
    return _completable(own_kinds, pool_kinds, pool_kinds.get(JOKER, 0))


def _kinds(cards: Iterable[str]) -> dict[str, int]:
    """How many cards of each kind (jokers: JOKER), the kinds held only."""
    out: dict[str, int] = {}
    for c in cards:
        kind = kind_of(c)
        out[kind] = out.get(kind, 0) + 1
    return out


def _completable(own_kinds: dict[str, int], pool_kinds: dict[str, int], pool_jokers: int) -> bool:
    """`completable` from the kinds (jokers: JOKER) of each side, and the pool's jokers."""
    missing = [k for k in KINDS if k not in own_kinds]
    in_pool = sum(1 for k in missing if k in pool_kinds)
    return in_pool + own_kinds.get(JOKER, 0) + pool_jokers >= len(missing)


def can_still_show(state: JoustingState, seat: int) -> bool:
    """JA-14 (our ruling): `seat` is in the fighting and holds a set or can still get one."""
    own = _own(state, seat)
    if _hopeless(state, seat, own):
        return False
    return is_complete(own) or completable(own, _reachable(state, seat))


def _hopeless(state: JoustingState, seat: int, own: tuple[str, ...]) -> bool:
    """Out of the fighting, or without a set and no way left to get one, whatever the
    other knights hold."""
    if state.status[seat] != FIT:
        return True  # JA-7: disqualified or withdrawn for the rest of the tournament
    if is_complete(own):
        return False
    if state.phase in (CHECK, OVER):
        return True  # the barter is over: the duels take what the knight holds
    drafting = state.phase == DRAFT and seat in state.draft_order
    return not own and state.coins[seat] == 0 and not drafting  # nothing to trade or buy


def able(state: JoustingState) -> list[int]:
    """The knights who can still show a complete set (JA-14), in seat order."""
    return [s for s in range(len(state.hands)) if can_still_show(state, s)]


def at_most_one_able(state: JoustingState) -> bool:
    """`len(able(state)) <= 1`, stopping at the second able knight. Asked after every
    event, while most events (a knight saying done, an offer, a showing) change none of
    what it reads: the answer is kept per those facts (`can_still_show` and `_reachable`
    read no other part of the state)."""
    # Those events copy the state keeping the very same field objects: the last answer is
    # found by identity first, without hashing every hand again (the facts compared one by
    # one, the ones most events change first, without building a tuple of them).
    # Each fact read once (a read of a record's field is a dict lookup): a miss needs them
    # all for its key, and a hit compares them all.
    phase, status, hands, laid = state.phase, state.status, state.hands, state.laid
    coins, face_up, draft_order, junk = state.coins, state.face_up, state.draft_order, state.junk
    seen, answer = _LAST[0]
    if (
        seen
        and hands is seen[2]
        and coins is seen[4]
        and laid is seen[3]
        and status is seen[1]
        and phase is seen[0]
        and junk is seen[7]
        and face_up is seen[5]
        and draft_order is seen[6]
    ):
        return answer
    key = (phase, status, hands, laid, coins, face_up, draft_order, junk)
    if _two_hold_sets(status, laid, hands):
        found = False  # most of a game: two knights in the fighting hold a set
    else:
        found = shared(
            "ja.at_most_one_able", key, lambda _: _at_most_one_able(state), by_value=True
        )
    _LAST[0] = (key, found)
    return found


# The facts `at_most_one_able` last read and its answer (one slot: replaced whole).
_LAST: Final[list[tuple[tuple[object, ...], bool]]] = [((), False)]


def _two_hold_sets(
    statuses: tuple[str, ...], laid: tuple[tuple[str, ...], ...], hands: tuple[tuple[str, ...], ...]
) -> bool:
    """Whether two knights in the fighting hold a complete set, so both can show one, from
    the state's statuses, laid cards and hands. Laid cards are a set by themselves (JA-9: a
    card or joker per place), so only the hands of knights who have not laid are weighed."""
    holding = 0
    for seat, status in enumerate(statuses):
        if status == FIT and (laid[seat] or is_complete(hands[seat])):
            holding += 1
            if holding > 1:
                return True
    return False


def _at_most_one_able(state: JoustingState) -> bool:
    """`can_still_show` seat after seat, the kinds of every card counted once for all
    of them: a knight's `_reachable` cards are every card counted less their own."""
    found = 0
    everything: dict[str, int] | None = None
    for s in range(len(state.hands)):
        own = _own(state, s)
        if _hopeless(state, s, own):
            continue
        if not is_complete(own):
            if everything is None:
                everything = _kinds(_reachable(state, -1))
            own_kinds = _kinds(own)
            # The pool is every card less the knight's own: a kind it lacks has all of its
            # cards in the pool, and the pool's jokers are those it does not hold.
            jokers = everything.get(JOKER, 0) - own_kinds.get(JOKER, 0)
            if not _completable(own_kinds, everything, max(jokers, 0)):
                continue
        found += 1
        if found > 1:
            return False
    return True


def end(state: JoustingState) -> ev.GameEnded:
    """JA-14, JH-6: the last knight able to show a set gets the bonus if they hold one at
    that moment (none if nobody is left); the most money wins, ties share."""
    left = able(state)
    last = left[0] if len(left) == 1 and is_complete(_own(state, left[0])) else None
    coins = list(state.coins)
    if last is not None:
        coins[last] += FINAL_BONUS
    top = max(coins)
    return ev.GameEnded(last, frozenset(s for s, c in enumerate(coins) if c == top))
