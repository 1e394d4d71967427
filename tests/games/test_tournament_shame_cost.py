"""TT-11: the Shame button says what a Shame costs the player now. It said "5 Injury"
always, while Sir Gawain, The Round Table and Tintagel make it free and Sir Kay adds 5 for
the others: a player read 5 and took 10. Checked against the engine: in seeded bot games
with those powers, at every turn that offers a Shame, the Injury the page's words give
is the Injury the engine's Shamed event then records."""

from __future__ import annotations

from collections import Counter
from random import Random

import pytest
from django.utils import translation

from games.engine.core import Config, apply, get_game, start, to_json
from games.engine.games.tournament import events as ev
from games.engine.games.tournament import moves as mv
from games.engine.games.tournament.config import AvalonConfig, CamelotConfig
from games.engine.games.tournament.powers.shame import shame_injury_in_view
from games.presentation.tournament.forms import hand_form

CASES: dict[str, tuple[str, Config, int]] = {
    "camelot-kay-gawain": (
        "tournament-camelot",
        CamelotConfig(characters=("sir-kay", "sir-gawain", "king-arthur")),
        3,
    ),
    "chaos": (
        "tournament-avalon",
        AvalonConfig(
            chaos=True,
            characters=("sir-gawain", "king-arthur", "merlin", "sir-kay", "sir-bors", "nimue"),
        ),
        6,
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_tt11_the_shame_button_says_what_the_shame_costs(case: str) -> None:
    slug, config, players = CASES[case]
    game = get_game(slug)
    costs: Counter[int] = Counter()
    for seed in range(6):
        _events, state = start(game, config, players, Random(f"shame:{case}:{seed}"))
        step = 0
        while game.outcome(state) is None:
            seat = min(game.pending_seats(state))
            legal = game.legal_moves(state, seat)
            shames = [m for m in legal if isinstance(m, mv.Shame) and m.card]
            if shames:
                view = game.view(state, seat)
                said = shame_injury_in_view(view, seat)
                new, _after = apply(game, state, seat, shames[0], Random(step))
                taken = [e.injury for e in new if isinstance(e, ev.Shamed) and e.seat == seat]
                assert taken == [said], (case, seed, step)
                costs[said] += 1
            rng = Random(f"{case}:{seed}:{step}")
            move = game.bot_move(game.view(state, seat), legal, rng)
            _new, state = apply(game, state, seat, move, Random(step))
            step += 1
    # The powers were in play: some Shames cost other than 5.
    assert costs[5], costs
    assert len(costs) > 1, costs


def test_the_button_words_the_cost() -> None:
    """King Arthur's player (seat 2) beside Sir Kay: the button says 10, not 5."""
    slug, config, players = CASES["camelot-kay-gawain"]
    game = get_game(slug)
    _events, state = start(game, config, players, Random("shame:words"))
    for step in range(400):
        seat = min(game.pending_seats(state))
        legal = game.legal_moves(state, seat)
        if seat == 2 and any(isinstance(m, mv.Shame) and m.card for m in legal):
            break
        move = game.bot_move(game.view(state, seat), legal, Random(step))
        _new, state = apply(game, state, seat, move, Random(step))
    else:
        pytest.fail("no Shame for King Arthur's player")
    feed = {"game": slug, "view": game.view(state, 2), "my_seat": 2}

    moves = [to_json(m) for m in legal]
    with translation.override("en"):
        form = hand_form(feed, moves)
    text = str(form)
    assert "Discard it (Shame: 10 Injury)" in text
    assert "discard a card face up and take 10 Injury." in text
    assert "Shame: 5 Injury" not in text
