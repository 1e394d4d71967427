"""JA-12 God's judgement and JH-5: by lot (recorded), or live with the chips."""

from __future__ import annotations

from random import Random

import pytest

from games.engine.core import IllegalMove
from games.engine.games.jousting import GAME, JoustingConfig
from games.engine.games.jousting.events import JudgementDecided, JudgementThrown
from games.engine.games.jousting.judgement import CHIPS, right_chip, throw
from games.engine.games.jousting.moves import LayCards, PickChip
from games.engine.games.jousting.state import JoustingState

from .helpers import all_done, lay, play, step, table

DRAW_A = "sword-5 shield-1 lance-1 armour-2"
DRAW_B = "sword-1 shield-5 lance-2 armour-1"


def drawn(config: JoustingConfig, seed: str = "t") -> tuple[JoustingState, list[object]]:
    state = table(DRAW_A, DRAW_B, "sword-6 shield-6 lance-6 armour-6", config=config)
    state = all_done(state)
    state = lay(state, 0, DRAW_A)
    events = step(state, 1, LayCards(*DRAW_B.split()), seed)
    return play(state, 1, LayCards(*DRAW_B.split()), seed), list(events)


def test_ja12_jh5_a_draw_is_decided_by_a_recorded_lot_by_default() -> None:
    winners = set()
    for seed in ("a", "b", "c", "d", "e", "f"):
        state, events = drawn(JoustingConfig(), seed)
        decided = next(e for e in events if isinstance(e, JudgementDecided))
        assert decided.how == "lot"
        assert decided.winner in (0, 1)
        assert state.coins[decided.winner] == 20  # JA-12: the judgement's winner gets 10
        assert state.duels[-1].how == "lot"
        assert state.duels[-1].winner == decided.winner
        winners.add(decided.winner)
    assert winners == {0, 1}


def test_jh5_live_judgement_first_right_chip_wins() -> None:
    state, events = drawn(JoustingConfig(live_judgement=True))
    thrown = next(e for e in events if isinstance(e, JudgementThrown))
    assert state.phase == "judgement"
    assert GAME.pending_seats(state) == {0, 1}
    assert GAME.view(state, None)["judgement"]["right"] == thrown.right  # the throw is public
    after = play(state, 1, PickChip(thrown.right))
    assert after.duels[-1].winner == 1
    assert after.duels[-1].how == "chip"
    assert after.coins[1] == 20


def test_jh5_live_judgement_a_wrong_chip_hands_the_duel_over() -> None:
    state, _ = drawn(JoustingConfig(live_judgement=True))
    wrong = next(c for c in CHIPS if c != state.chip)
    after = play(state, 0, PickChip(wrong))
    assert after.duels[-1].winner == 1
    assert after.duels[-1].how == "wrong_chip"
    with pytest.raises(IllegalMove, match="Pick one of the chips"):
        play(state, 0, PickChip("sword"))


def test_jh5_leaving_it_to_chance_or_timing_out_draws_by_lot() -> None:
    state, _ = drawn(JoustingConfig(live_judgement=True))
    assert GAME.default_move(state, 0, Random(0)) == PickChip("chance")
    after = play(state, 0, PickChip("chance"))
    assert after.duels[-1].how == "lot"


def test_jh5_chip_reading_of_a_throw() -> None:
    assert right_chip(("cup",), 1) == "cup"
    assert right_chip(("crown", "cup", "sceptre"), 2) == "all_three"
    assert right_chip(("crown", "cup"), 1) == "sceptre"
    assert right_chip(("crown", "cup"), 2) == "all_three"
    assert right_chip((), 1) is None  # thrown again
    for seed in range(20):
        showing, dots, right = throw(Random(seed))
        assert right == right_chip(showing, dots)
