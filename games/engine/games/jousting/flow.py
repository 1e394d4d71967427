"""The automatic steps between decisions: the end of a barter session, the fitness check
and re-lettering, calling and revealing duels, God's judgement by lot, the next round and
the end (JA-5..JA-14; who can still fight is fitness.py). Random outcomes are drawn here
and recorded. `run` emits a decision's events and every step that follows, folding each.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from random import Random

from games.engine.core import Emitter, Event

from . import events as ev
from .cards import is_complete
from .course import pairings, reletter
from .duel import resolve
from .evolve import evolve
from .fitness import at_most_one_able, end
from .judgement import by_lot, throw
from .state import BARTER, CHECK, DRAFT, JUDGEMENT, JUNK, LAYING, OVER, JoustingState


def run(state: JoustingState | None, first: Sequence[Event], rng: Random) -> list[Event]:
    """`first` plus every automatic event that follows, until somebody must decide."""
    return run_folded(state, first, rng)[0]


def run_folded(
    state: JoustingState | None, first: Sequence[Event], rng: Random
) -> tuple[list[Event], JoustingState]:
    """`run`, and the state after its events (each was folded as it was emitted)."""
    emitter = Emitter(evolve, state)
    # (a C call per step, no lambda; `rng` bound first, by position: a keyword would make
    # each call build a dict of it and parse it again)
    emitter.settle(first, partial(_follow_ups, rng))
    return emitter.events, emitter.state


def _follow_ups(rng: Random, state: JoustingState) -> list[Event]:
    """`follow_ups(state, rng)`, its arguments the other way round, for `partial`."""
    return follow_ups(state, rng)


def _next_bout(state: JoustingState) -> list[Event]:
    index = state.bout + 1
    if index >= len(state.pairs):
        return [ev.RoundBegan(state.round + 1)]
    a, b = pair = state.pairs[index]
    la, lb = state.laid[a], state.laid[b]
    laid = ((la[0], la[1], la[2], la[3]), (lb[0], lb[1], lb[2], lb[3]))
    result = resolve(pair, laid)
    return [ev.DuelRevealed(pair, laid, result.places, result.winner)]


def _check(state: JoustingState) -> list[Event]:
    # (`fit()` asked once and `has_set` inline: both are methods of the uncompiled state)
    fit_seats, hands = state.fit(), state.hands
    unfit = frozenset(s for s in fit_seats if not is_complete(hands[s]))
    if unfit:
        return [ev.Disqualified(unfit)]  # JA-7
    if len(fit_seats) <= 1:
        return [end(state)]
    if set(state.letters) != set(fit_seats):  # JA-8: a knight dropped out
        fit = frozenset(fit_seats)
        return [ev.CourseChanged(reletter(state.letters, fit, state.players))]
    pairs, byes = pairings(state.letters, state.course_round)
    return [ev.DuelsCalled(state.round, state.course_round, pairs, byes)]


def follow_ups(state: JoustingState, rng: Random) -> list[Event]:
    """The next automatic events (empty: somebody must decide, or the game is over)."""
    phase = state.phase
    if phase == OVER:
        return []
    if phase == CHECK:
        return _check(state)
    # JA-14: after every event (a trade, a duel, a purchase, a withdrawal at any moment),
    # the game ends as soon as at most one knight can still show a complete set.
    if at_most_one_able(state):
        return [end(state)]
    if phase == DRAFT:
        return [] if state.face_up else [ev.RoundBegan(1)]
    if phase == BARTER:
        # `done` only holds seats of the table: all of them once it is full
        # (`len(hands)`: the `players` property, without its call, after every event)
        return [ev.BarterEnded(state.round)] if len(state.done) == len(state.hands) else []
    if phase == LAYING:
        laid = state.laid  # (every duelist: `duelists()` is a method of the uncompiled state)
        if all(laid[a] and laid[b] for a, b in state.pairs):
            return _next_bout(state)
        return []
    if phase == JUDGEMENT:
        pair = state.current_pair()
        assert pair is not None
        if not state.config.live_judgement:
            return [ev.JudgementDecided(pair, by_lot(pair, rng), "lot")]  # JH-5
        if state.chip is None:
            showing, dots, right = throw(rng)
            return [ev.JudgementThrown(pair, showing, dots, right)]
        return []
    if phase == JUNK:
        return [] if state.junk_queue else _next_bout(state)
    raise ValueError(f"unknown phase {phase!r}")
