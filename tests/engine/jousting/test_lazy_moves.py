"""The lazy legal moves of the barter and of the lays (lazy_moves.py) are the lists they
stand for: the same moves in the same order, the same length counted without building
them, the parts the bot reads on their own; the bot chooses the same from both."""

from __future__ import annotations

from random import Random

from games.engine.core import apply, rng_for, start
from games.engine.games.jousting import GAME, JoustingConfig
from games.engine.games.jousting.lazy_moves import BarterMoves, LayMoves
from games.engine.games.jousting.moves import AcceptOffer, MakeOffer, SayDone, Withdraw


def test_lazy_moves_are_the_list_they_stand_for() -> None:
    asked = 0
    for i in range(12):
        players = 3 + i % 4
        rng = Random(i)
        _, state = start(GAME, JoustingConfig(), players, rng_for(f"lazy{i}", 0))
        moves = 0
        while GAME.outcome(state) is None:
            seat = min(GAME.pending_seats(state))
            legal = GAME.legal_moves(state, seat)
            if isinstance(legal, BarterMoves):
                asked += 1
                fresh = GAME.legal_moves(state, seat)
                assert len(fresh) == len(list(legal))  # counted before any is built
                listed = list(legal)
                assert legal == listed
                assert listed == legal
                assert legal[0] == SayDone()
                assert legal.accepts == [m for m in listed if isinstance(m, AcceptOffer)]
                assert legal.offers() == [m for m in listed if isinstance(m, MakeOffer)]
                assert legal.may_withdraw == (Withdraw() in listed)
                view = GAME.view(state, seat)
                seed = rng.random()
                lazy_choice = GAME.bot_move(view, fresh, Random(seed))
                assert lazy_choice == GAME.bot_move(view, listed, Random(seed))
                move = rng.choice([lazy_choice, *listed])
            elif isinstance(legal, LayMoves):
                asked += 1
                fresh = GAME.legal_moves(state, seat)
                listed = list(legal)
                assert len(fresh) == len(listed)
                assert fresh[0] == listed[0]
                assert legal == listed
                assert listed == legal
                view = GAME.view(state, seat)
                lazy_choice = GAME.bot_move(view, fresh, Random(0))
                assert lazy_choice == GAME.bot_move(view, listed, Random(0))
                move = rng.choice([lazy_choice, *listed])
            else:
                move = rng.choice(list(legal))
            _, state = apply(GAME, state, seat, move, rng_for(f"lazy{i}", moves + 1))
            moves += 1
    assert asked > 500
