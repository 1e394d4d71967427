"""The lazy legal moves of the barter and of the lays (lazy_moves.py) are the lists they
stand for: the same moves in the same order, the same length counted without building
them, the parts the bot reads on their own; the bot chooses the same from both."""

from __future__ import annotations

from collections.abc import Sequence
from random import Random

from games.engine.core import Move, apply, rng_for, start
from games.engine.games.jousting import GAME, JoustingConfig
from games.engine.games.jousting.cards import value_of
from games.engine.games.jousting.lazy_moves import BarterMoves, LayMoves
from games.engine.games.jousting.moves import (
    AcceptOffer,
    LayCards,
    MakeOffer,
    SayDone,
    Withdraw,
)
from games.engine.games.jousting.state import JoustingState


def _checked(state: JoustingState, seat: int, legal: Sequence[Move], rng: Random) -> Move:
    """Checks a lazy list against the list it stands for; a move of either bot or listed."""
    fresh = GAME.legal_moves(state, seat)  # its length asked before any move is built
    assert isinstance(fresh, (BarterMoves, LayMoves))
    listed = list(legal)
    assert fresh.has_one() == (len(listed) == 1)
    assert len(fresh) == len(listed)
    assert fresh[0] == listed[0]
    assert legal == listed
    assert listed == legal
    if isinstance(legal, BarterMoves):
        assert legal[0] == SayDone()
        assert legal.accepts == [m for m in listed if isinstance(m, AcceptOffer)]
        offers = [m for m in listed if isinstance(m, MakeOffer)]
        assert legal.offers() == offers
        assert legal.swap() == next((m for m in offers if m.want.cards), None)
        sales = (m for m in offers if m.to is None and not m.want.cards)
        assert legal.sale() == next(sales, None)
        assert legal.may_withdraw == (Withdraw() in listed)
    if isinstance(legal, LayMoves):
        lays = [m for m in listed if isinstance(m, LayCards)]
        assert legal.strongest() == max(lays, key=lambda m: sum(map(value_of, m.as_tuple())))
    view, seed = GAME.view(state, seat), rng.random()
    choice = GAME.bot_move(view, fresh, Random(seed))
    assert choice == GAME.bot_move(view, listed, Random(seed))
    return rng.choice([choice, *listed])


def test_lazy_moves_are_the_lists_they_stand_for() -> None:
    asked = 0
    for i in range(12):
        rng, seed = Random(i), f"lazy{i}"
        _, state = start(GAME, JoustingConfig(), 3 + i % 4, rng_for(seed, 0))
        for played in range(10_000):
            if GAME.outcome(state) is not None:
                break
            seat = min(GAME.pending_seats(state))
            legal = GAME.legal_moves(state, seat)
            lazy = isinstance(legal, (BarterMoves, LayMoves))
            asked += lazy
            move = _checked(state, seat, legal, rng) if lazy else rng.choice(list(legal))
            _, state = apply(GAME, state, seat, move, rng_for(seed, played + 1))
    assert asked > 500
