"""The PLAY phase's lazy legal moves (play_moves.py) are the list they stand for: the same
moves in the same order, the same length counted without building them, the parts the
bot reads on their own (attacks, enchantments, tiles); the bot chooses the same from the
lazy list and from the plain one."""

from __future__ import annotations

from random import Random

from games.engine.core import Move, apply, rng_for, start
from games.engine.games.colovini import GAME, ColoviniConfig
from games.engine.games.colovini.moves import ATTACK, ENCHANT, REINFORCE, EndTurn, PlayCard
from games.engine.games.colovini.play_moves import PlayMoves
from games.engine.games.colovini.state import ColoviniState


def _checked(state: ColoviniState, seat: int, legal: PlayMoves, rng: Random) -> Move:
    fresh = GAME.legal_moves(state, seat)  # its length asked before any move is built
    listed = list(legal)
    assert len(fresh) == len(listed)
    assert legal == listed
    assert listed == legal
    plays = [m for m in listed if isinstance(m, PlayCard)]
    assert legal.attacks == [m for m in plays if m.mode == ATTACK]
    assert legal.enchants == [m for m in plays if m.mode == ENCHANT]
    assert list(legal.ends) == [m for m in listed if isinstance(m, EndTurn)]
    # Every card of the hand on every region is listed, first (CA-5).
    hand = sorted(set(state.hands[seat]))
    every = [PlayCard(c, i, REINFORCE) for c in hand for i in range(len(state.row))]
    assert listed[: len(every)] == every
    view, seed = GAME.view(state, seat), rng.random()
    choice = GAME.bot_move(view, fresh, Random(seed))
    assert choice == GAME.bot_move(view, listed, Random(seed))
    assert choice in listed
    return rng.choice([choice, *listed])


def test_play_moves_are_the_lists_they_stand_for() -> None:
    asked = 0
    for i in range(8):
        rng, seed = Random(i), f"lazy{i}"
        config = ColoviniConfig(auto_decline=i % 2 == 1)
        _, state = start(GAME, config, 2, rng_for(seed, 0))
        for played in range(3000):
            if GAME.outcome(state) is not None:
                break
            (seat,) = GAME.pending_seats(state)
            legal = GAME.legal_moves(state, seat)
            if isinstance(legal, PlayMoves):
                asked += 1
                move = _checked(state, seat, legal, rng)
            else:
                move = rng.choice(list(legal))
            _, state = apply(GAME, state, seat, move, rng_for(seed, played + 1))
    assert asked > 200
