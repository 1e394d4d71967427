"""The bot: legal moves from its own view only, sensible choices, and it beats random play."""

from __future__ import annotations

import json
from random import Random

import pytest

from games.engine.core import apply, rng_for, start
from games.engine.games.jousting import GAME, JoustingConfig
from games.engine.games.jousting.moves import AcceptOffer, BuyFromJunk, LayCards, Lot, MakeOffer
from games.engine.games.jousting.state import JoustingState

from .helpers import all_done, lay, play, table


def bot(state: JoustingState, seat: int) -> object:
    legal = GAME.legal_moves(state, seat)
    move = GAME.bot_move(GAME.view(state, seat), legal, Random(0))
    assert move in legal
    return move


def armour_offered_to_its_lacker() -> JoustingState:
    """Knight 1 offers its spare armour for 3 coins; knight 0 lacks only an armour."""
    state = table(
        "sword-1 shield-1 lance-1 sword-2",
        "sword-5 shield-5 lance-5 armour-5 armour-6",
        "sword-3 shield-3 lance-3 armour-3",
    )
    return play(state, 1, MakeOffer(state.clock, Lot(("armour-6",)), Lot(coins=3)))


def test_bot_lays_its_strongest_set() -> None:
    state = all_done(
        table(
            "sword-2 sword-6 shield-1 lance-3 joker-1",
            "sword-1 shield-2 lance-1 armour-1",
            "sword-3 shield-3 lance-3 armour-3",
        )
    )
    assert bot(state, 0) == LayCards("sword-6", "shield-1", "lance-3", "joker-1")


def test_bot_accepts_a_trade_that_completes_its_set() -> None:
    state = armour_offered_to_its_lacker()
    assert bot(state, 0) == AcceptOffer(1)
    # A knight whose set is complete does not give its only armour away for one coin.
    state = play(state, 0, MakeOffer(state.clock, Lot(coins=1), Lot(("armour-3",)), to=2))
    assert bot(state, 2) != AcceptOffer(2)


def test_bot_offers_toward_a_missing_kind() -> None:
    state = table(
        "sword-1 shield-1 lance-1 sword-2",
        "sword-5 shield-5 lance-5 armour-5",
        "sword-3 shield-3 lance-3 armour-3",
    )
    move = bot(state, 0)
    assert isinstance(move, MakeOffer)
    assert move.want.cards
    assert "armour" in move.want.cards[0]


@pytest.mark.parametrize(
    ("loser_hand", "buys"),
    [
        # Only the armour is missing: 10 coins for a blind card that may be it.
        ("sword-1 shield-1 lance-1 armour-1 sword-2 shield-2 lance-2", True),
        # Nothing left: one blind card cannot help.
        ("sword-1 shield-1 lance-1 armour-1", False),
    ],
)
def test_bot_buys_from_the_junk_pile_only_when_short_of_one_kind(
    loser_hand: str, buys: bool
) -> None:
    state = all_done(
        table("sword-5 shield-5 lance-5 armour-5", loser_hand, "sword-3 shield-3 lance-3 armour-3")
    )
    state = lay(state, 0, "sword-5 shield-5 lance-5 armour-5")
    state = lay(state, 1, "sword-1 shield-1 lance-1 armour-1")
    assert bot(state, 0) == BuyFromJunk(False)  # it holds a full set (the loser's cards)
    state = play(state, 0, BuyFromJunk(False))
    assert bot(state, 1) == BuyFromJunk(buys)


def test_bot_beats_random_players() -> None:
    wins = games = 0
    for i in range(30):
        players = 3 + i % 4
        me = i % players
        rng = Random(i)
        _, state = start(GAME, JoustingConfig(), players, rng_for(f"bvr{i}", 0))
        moves = 0
        while GAME.outcome(state) is None:
            seat = min(GAME.pending_seats(state))
            legal = GAME.legal_moves(state, seat)
            if seat == me:
                move = GAME.bot_move(GAME.view(state, seat), legal, rng)
            else:
                move = rng.choice(list(legal))
            _, state = apply(GAME, state, seat, move, rng_for(f"bvr{i}", moves + 1))
            moves += 1
        outcome = GAME.outcome(state)
        assert outcome is not None
        games += 1
        wins += me in outcome.winners
    assert wins / games > 0.6  # far above the 1/3..1/6 share of a random seat


def test_simulate_tool_reports_rounds_and_bot_against_random() -> None:
    from games.engine.tools.simulate import report, run

    result = run(GAME, 4, 4, "bot-vs-random")
    assert result.games == 4
    assert result.turns >= 4
    assert set(result.winners) <= {"bot", "random", "shared"}
    lines = report(GAME, 1)
    assert any("bot-vs-random" in line for line in lines)


def test_bot_needs_nothing_but_its_plain_json_view() -> None:
    state = armour_offered_to_its_lacker()
    view = json.loads(json.dumps(GAME.view(state, 0)))
    assert GAME.bot_move(view, GAME.legal_moves(state, 0), Random(1)) == AcceptOffer(1)
