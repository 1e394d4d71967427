"""JA-7: a knight may withdraw at any time. Our ruling: whenever the game waits on anyone,
in every phase, also when it is not that knight's turn; the game still waits only on its
pending seats (deadlines, timeouts and bots are theirs alone)."""

from __future__ import annotations

from random import Random

import pytest

from games.engine.core import NotYourTurn, acting_seats, start
from games.engine.games.jousting import GAME, JoustingConfig
from games.engine.games.jousting.events import DuelAbandoned, JudgementDecided, Withdrew
from games.engine.games.jousting.moves import (
    BuyFromJunk,
    DraftCard,
    LayCards,
    PickChip,
    SayDone,
    Withdraw,
)
from games.engine.games.jousting.state import JoustingState

from .helpers import SETS, all_done, lay, play, step, table

DRAW_A = "sword-5 shield-1 lance-1 armour-2"
DRAW_B = "sword-1 shield-5 lance-2 armour-1"


def draft_state() -> JoustingState:
    _, state = start(GAME, JoustingConfig(draft=True), 3, Random(1))
    assert state.phase == "draft"
    return state  # type: ignore[no-any-return]


def laying_state() -> JoustingState:
    """Three knights: 0 against 1, knight 2 sits out (JH-4); knight 0 has laid."""
    state = all_done(table(SETS[0], SETS[1], SETS[2]))
    assert state.pairs == ((0, 1),)
    assert state.byes == (2,)
    return lay(state, 0, SETS[0])


def judgement_state() -> JoustingState:
    """A drawn duel between 0 and 1 under the live judgement; knight 2 sits out."""
    config = JoustingConfig(live_judgement=True)
    state = all_done(table(DRAW_A, DRAW_B, SETS[5], config=config))
    state = lay(state, 0, DRAW_A)
    state = lay(state, 1, DRAW_B)
    assert state.phase == "judgement"
    assert state.chip is not None
    return state


def junk_state() -> JoustingState:
    """Four knights, duels 0-1 and 2-3 laid; the first is fought and its winner may buy."""
    state = all_done(table(SETS[4], SETS[0], SETS[2], SETS[3]))
    for seat in range(4):
        state = lay(state, seat, SETS[[4, 0, 2, 3][seat]])
    assert state.phase == "junk"
    assert state.bout == 0
    assert state.junk_queue[0] == 0
    return state


def barter_state() -> JoustingState:
    """Knight 0 has said done: the session waits on 1 and 2 only."""
    return play(table(SETS[0], SETS[1], SETS[2]), 0, SayDone())


PHASES = {
    "draft": draft_state,
    "barter": barter_state,
    "laying": laying_state,
    "judgement": judgement_state,
    "junk": junk_state,
}


@pytest.mark.parametrize("phase", list(PHASES))
def test_ja7_every_fit_knight_may_withdraw_in_every_phase_that_waits(phase: str) -> None:
    state = PHASES[phase]()
    assert state.phase == phase
    pending = GAME.pending_seats(state)
    fit = set(state.fit())
    assert fit - pending, "the case needs a fit knight the game does not wait for"
    assert acting_seats(GAME, state) == pending | fit
    for seat in range(state.players):
        legal = GAME.legal_moves(state, seat)
        assert Withdraw() in legal
        if seat not in pending:
            assert legal == [Withdraw()]  # nothing else to do, but leaving is open
        else:
            assert legal[-1] == Withdraw()  # the phase's moves come first (bot.py)
    for seat in sorted(fit):
        events = step(state, seat, Withdraw())
        assert events[0] == Withdrew(seat)
        after = play(state, seat, Withdraw())
        assert after.status[seat] == "withdrawn"
        assert Withdraw() not in GAME.legal_moves(after, seat)


@pytest.mark.parametrize("phase", list(PHASES))
def test_ja7_the_game_still_waits_only_on_its_pending_seats(phase: str) -> None:
    """Out-of-turn withdrawal is open, but it is no turn: such a knight gets no deadline
    (pending_seats is unchanged), cannot play the phase's other moves, and the timeout
    default and the bot of every pending knight stay legal and never withdraw."""
    state = PHASES[phase]()
    pending = GAME.pending_seats(state)
    idle = sorted(set(state.fit()) - pending)
    phase_move = {
        "draft": DraftCard(state.face_up[0]) if state.face_up else SayDone(),
        "barter": SayDone(),
        "laying": LayCards(*SETS[2].split()),
        "judgement": PickChip("chance"),
        "junk": BuyFromJunk(False),
    }[phase]
    with pytest.raises(NotYourTurn, match="only withdraw"):
        play(state, idle[0], phase_move)
    for seat in sorted(pending):
        legal = GAME.legal_moves(state, seat)
        timeout = GAME.default_move(state, seat, Random(0))
        bot = GAME.bot_move(GAME.view(state, seat), legal, Random(0))
        assert timeout in legal
        assert timeout != Withdraw()
        assert bot in legal
        assert bot != Withdraw()


def test_ja7_withdrawing_in_the_draft_keeps_the_draft_going() -> None:
    state = draft_state()
    first = state.draft_order[0]
    other = next(s for s in range(3) if s != first)
    state = play(state, other, Withdraw())
    assert state.phase == "draft"
    assert state.status[other] == "withdrawn"
    # The withdrawn knight still drafts: cards are worth trading (JA-6).
    while state.phase == "draft":
        seat = state.draft_order[0]
        state = play(state, seat, DraftCard(state.face_up[0]))
    assert state.phase == "barter"
    assert len(state.hands[other]) == 9


def test_ja7_a_knight_who_has_laid_may_withdraw_before_the_reveal() -> None:
    state = laying_state()
    assert GAME.pending_seats(state) == {1}  # knight 0 has laid: not pending
    events = step(state, 0, Withdraw())
    assert events[:2] == [Withdrew(0), DuelAbandoned((0, 1))]
    state = play(state, 0, Withdraw())
    assert set(state.hands[0]) == set(SETS[0].split())  # the laid cards come back
    assert state.pairs == ()
    assert state.phase == "barter"
    assert state.round == 2


def test_ja7_the_knight_sitting_out_may_withdraw_while_others_lay() -> None:
    state = play(laying_state(), 2, Withdraw())
    assert state.status[2] == "withdrawn"
    assert state.pairs == ((0, 1),)
    assert GAME.pending_seats(state) == {1}  # the duel goes on
    state = lay(state, 1, SETS[1])
    assert state.duels[-1].pair == (0, 1)


def test_ja7_withdrawing_in_ones_own_live_judgement_hands_the_duel_over() -> None:
    state = judgement_state()
    events = step(state, 0, Withdraw())
    assert events[:2] == [Withdrew(0), JudgementDecided((0, 1), 1, "withdrew")]
    state = play(state, 0, Withdraw())
    assert state.duels[-1].winner == 1
    assert state.duels[-1].how == "withdrew"
    assert state.coins[1] == 20  # JA-11: the prize of the duel
    assert state.phase == "junk"
    assert state.junk_queue == (1, 0)


def test_ja7_a_third_knight_withdrawing_during_a_judgement_changes_nothing_else() -> None:
    state = judgement_state()
    state = play(state, 2, Withdraw())
    assert state.phase == "judgement"
    assert GAME.pending_seats(state) == {0, 1}
    assert state.status == ("fit", "fit", "withdrawn")


def test_ja7_withdrawing_at_the_junk_pile_calls_off_ones_duel_still_face_down() -> None:
    state = junk_state()
    laid = state.laid[2]
    events = step(state, 2, Withdraw())
    assert events[:2] == [Withdrew(2), DuelAbandoned((2, 3))]
    state = play(state, 2, Withdraw())
    assert set(laid) <= set(state.hands[2])
    assert not state.laid[3]
    assert state.pairs == ((0, 1),)
    assert GAME.pending_seats(state) == {0}
    while state.phase == "junk":
        state = play(state, state.junk_queue[0], BuyFromJunk(False))
    assert state.phase == "barter"
    assert [d.pair for d in state.duels] == [(0, 1)]


def test_ja7_a_duelist_in_the_junk_queue_who_withdraws_may_still_buy() -> None:
    state = play(junk_state(), 0, Withdraw())
    assert state.status[0] == "withdrawn"
    assert GAME.pending_seats(state) == {0}
    state = play(state, 0, BuyFromJunk(True))
    assert state.coins[0] == 10 + 10 - 5
