"""Hidden information, CH-4: hands, deck order and face-down regions are secret; the
opponent sees a hand's size. Checked against the full state with the contract's matcher."""

from __future__ import annotations

import dataclasses

from games.engine.core import rng_for, start, to_json
from games.engine.games.colovini import GAME, ColoviniConfig
from games.engine.games.colovini.events import CardsDrawn, DeckReshuffled, GameEnded
from games.engine.games.colovini.moves import EndTurn
from games.engine.games.colovini.state import Phase
from tests.engine.contract import contains_fragment, leaks

from .helpers import play, table


def test_ch4_each_seat_sees_its_own_hand_and_only_the_size_of_the_other() -> None:
    _, state = start(GAME, ColoviniConfig(), 2, rng_for("views", 0))
    secrets = GAME.secrets(state)
    for viewer in (0, 1, None):
        view = GAME.view(state, viewer)
        assert not leaks(view, viewer, secrets)
        assert [p["hand_size"] for p in view["players"]] == [5, 5]
        assert view["deck_size"] == 48
        assert all(r["region"] is None and r["name"] is None for r in view["regions"])
    mine = GAME.view(state, 0)["you"]
    assert mine["seat"] == 0
    assert mine["hand"] == list(state.hands[0])
    assert contains_fragment(GAME.view(state, 0), {"seat": 0, "hand": list(state.hands[0])})
    assert not contains_fragment(GAME.view(state, 1), {"seat": 0, "hand": list(state.hands[0])})
    assert GAME.view(state, None)["you"] is None


def test_ch4_secrets_name_hands_deck_and_face_down_regions() -> None:
    _, state = start(GAME, ColoviniConfig(), 2, rng_for("views", 0))
    fragments = [s.fragment for s in GAME.secrets(state)]
    assert {"seat": 1, "hand": list(state.hands[1])} in fragments
    assert {"deck": list(state.deck)} in fragments
    assert sum("region_index" in f for f in fragments) == 11


def test_ch4_the_deal_is_redacted_per_seat() -> None:
    events, state = start(GAME, ColoviniConfig(), 2, rng_for("views", 1))
    setup = events[0]
    for viewer in (0, 1, None):
        shown = GAME.redact(setup, viewer, state)
        assert shown is not None
        assert "row" not in shown
        assert "deck" not in shown
        assert shown["hand_sizes"] == [5, 5]
        assert not leaks(shown, viewer, GAME.secrets(state))
    shown = GAME.redact(setup, 1, state)
    assert shown is not None
    assert shown["you"] == {"seat": 1, "hand": list(state.hands[1])}


def test_ch4_draws_show_their_count_and_reshuffles_their_size() -> None:
    state = dataclasses.replace(table(deck=("red-knight",)), discard=("blue-knight",) * 3)
    events, after = play(state, 0, EndTurn("take-2"))
    draw = next(e for e in events if isinstance(e, CardsDrawn))
    assert GAME.redact(draw, 1, after) == {"type": draw.TYPE, "seat": 0, "count": 1}
    assert GAME.redact(draw, 0, after) == to_json(draw)
    shuffle = next(e for e in events if isinstance(e, DeckReshuffled))
    for viewer in (0, 1, None):
        assert GAME.redact(shuffle, viewer, after) == {"type": shuffle.TYPE, "size": 3}


def test_ch4_played_cards_and_the_discard_pile_are_public() -> None:
    state = dataclasses.replace(table(hands=(("red-knight",), ())), discard=("blue-knight",))
    view = GAME.view(state, 1)
    assert view["discard"] == ["blue-knight"]
    assert view["regions"][0]["piles"] == [["blue-knight"], ["green-knight"]]


def test_the_end_reveals_every_hand_the_deck_and_the_row() -> None:
    state = table(hands=(("red-knight",), ("blue-knight",)), deck=("green-knight",))
    state = dataclasses.replace(state, phase=Phase.OVER, winners=(0,))
    view = GAME.view(state, 1)
    for secret in GAME.secrets(state):
        assert contains_fragment(view, secret.fragment)
    ended = GameEnded(winners=(0,), reason="fifteen_crowns", crowns=(15, 0))
    assert GAME.redact(ended, None, state) == to_json(ended)
