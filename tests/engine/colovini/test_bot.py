"""The bot plays from its own view: answers when able, takes wins, pays losses sensibly,
manages the hand limit, and beats random play."""

from __future__ import annotations

from random import Random

from games.engine.core import apply, rng_for, start
from games.engine.games.colovini import GAME, ColoviniConfig
from games.engine.games.colovini import moves as mv
from games.engine.games.colovini.state import ColoviniState

from .helpers import POS, own, play, table


def bot(state: ColoviniState, seat: int) -> object:
    return GAME.bot_move(GAME.view(state, seat), GAME.legal_moves(state, seat), Random(3))


def test_bot_counters_and_resists_when_it_can() -> None:
    piles = {3: (("blue-knight",), ("green-knight", "red-knight"))}
    state = table(
        piles=piles, hands=(("red-sorceress", "red-knight"), ("red-sorceress", "red-knight"))
    )
    _, enchanting = play(state, 0, mv.PlayCard("red-sorceress", 3, mv.ENCHANT))
    assert bot(enchanting, 1) == mv.CounterSpell()
    _, attacking = play(state, 0, mv.PlayCard("red-knight", 6, mv.ATTACK))
    assert bot(attacking, 1) == mv.Resist()


def test_bot_takes_the_winning_conquest() -> None:
    state = table(hands=(("red-knight", "blue-sorceress", "blue-sorceress"), ()))
    for key in ("castle-1", "castle-2", "castle-3", "plain-1", "plain-2"):
        state = own(state, POS[key], 0)
    move = bot(state, 0)
    assert isinstance(move, mv.PlayCard)
    assert move.mode == mv.ATTACK


def test_bot_uses_avalon_and_pays_losses_from_spare_cards() -> None:
    piles = {6: (("blue-knight",), ("green-knight",))}
    hand = (
        "red-knight",
        "yellow-sorceress",
        "yellow-sorceress",
        "yellow-sorceress",
        "red-sorceress",
    )
    state = own(table(piles=piles, hands=(hand, ())), POS["avalon"], 0)
    state = own(state, POS["hill-2"], 0)
    _, state = play(state, 0, mv.PlayCard("red-knight", 6, mv.ATTACK))
    _, state = play(state, 1, GAME.legal_moves(state, 1)[0])
    assert bot(state, 0) == mv.UseAvalon()
    _, state = play(state, 0, mv.UseAvalon())
    move = bot(state, 0)
    assert isinstance(move, (mv.LoseHandCard, mv.LosePileTop))
    assert move == mv.LoseHandCard("yellow-sorceress")  # a duplicate goes first


def test_bot_discards_duplicates_down_to_the_limit() -> None:
    hand = ("red-knight", "blue-knight", "green-knight", "yellow-knight", *["purple-sorceress"] * 3)
    state = table(hands=(hand, ()), deck=("red-knight",) * 4)
    _, state = play(state, 0, mv.EndTurn("take-2"))
    assert bot(state, 0) == mv.Discard("purple-sorceress")


def test_bot_takes_a_light_tile_with_an_empty_hand_else_a_dark_one() -> None:
    outnumbered = dict.fromkeys(range(11), (("blue-knight",), ("green-knight", "green-knight")))
    state = table(piles=outnumbered, hands=((), ()), deck=("red-knight",) * 4)
    move = bot(state, 0)
    assert isinstance(move, mv.EndTurn)
    assert move.tile == "take-2"
    state = table(piles=outnumbered, hands=(("red-knight",), ()), deck=("red-knight",) * 4)
    move = bot(state, 0)
    assert isinstance(move, mv.EndTurn)
    assert move.tile == "take-4"


def test_bot_beats_random_play() -> None:
    wins = 0
    games = 12
    for i in range(games):
        seed = f"bot-vs-random:{i}"
        _, state = start(GAME, ColoviniConfig(), 2, rng_for(seed, 0))
        rng = Random(seed)
        seq = 2
        while GAME.outcome(state) is None:
            (seat,) = GAME.pending_seats(state)
            legal = GAME.legal_moves(state, seat)
            if seat == i % 2:
                move = GAME.bot_move(GAME.view(state, seat), legal, rng)
            else:
                move = rng.choice(list(legal))
            events, state = apply(GAME, state, seat, move, rng_for(seed, seq))
            seq += len(events)
        outcome = GAME.outcome(state)
        assert outcome is not None
        wins += outcome.winners == {i % 2}
    assert wins >= games - 1


def test_simulate_tool_plays_bot_against_random_for_a_game_without_sides() -> None:
    from games.engine.tools.simulate import report, run

    result = run(GAME, 2, 4, "bot-vs-random")
    assert result.games == 4
    assert result.turns > 0
    assert set(result.winners) <= {"bot", "random", "shared"}
    assert result.rate("bot") >= 0.75
    lines = report(GAME, 2)
    assert any("bot-vs-random" in line and "bot " in line for line in lines)
