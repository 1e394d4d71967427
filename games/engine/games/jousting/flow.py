"""The automatic steps between decisions: the deal, the end of a barter session, the
fitness check and re-lettering, calling and revealing duels, God's judgement by lot, the
next round and the end (JA-3..JA-14; who can still fight is fitness.py). Random outcomes
are drawn here and recorded.
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random

from games.engine.core import Event

from . import events as ev
from .cards import deck
from .config import DRAFT_DEAL, JoustingConfig
from .course import initial_letters, pairings, reletter
from .duel import resolve
from .evolve import evolve
from .fitness import able, end
from .judgement import by_lot, throw
from .state import BARTER, CHECK, DRAFT, JUDGEMENT, JUNK, LAYING, OVER, JoustingState


def deal(config: JoustingConfig, players: int, rng: Random) -> list[Event]:
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


def run(state: JoustingState | None, first: Sequence[Event], rng: Random) -> list[Event]:
    """`first` plus every automatic event that follows, until somebody must decide."""
    out = list(first)
    for event in first:
        state = evolve(state, event)
    assert state is not None
    while True:
        more = follow_ups(state, rng)
        if not more:
            return out
        for event in more:
            state = evolve(state, event)
            out.append(event)


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
    unfit = frozenset(s for s in state.fit() if not state.has_set(s))
    if unfit:
        return [ev.Disqualified(unfit)]  # JA-7
    if len(state.fit()) <= 1:
        return [end(state)]
    if set(state.letters) != set(state.fit()):  # JA-8: a knight dropped out
        fit = frozenset(state.fit())
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
    if len(able(state)) <= 1:
        return [end(state)]
    if phase == DRAFT:
        return [] if state.face_up else [ev.RoundBegan(1)]
    if phase == BARTER:
        everyone = frozenset(range(state.players))
        return [ev.BarterEnded(state.round)] if state.done >= everyone else []
    if phase == LAYING:
        if all(state.laid[s] for s in state.duelists()):
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
