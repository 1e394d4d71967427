"""Page tests of Avalon, the jousting game (JA-1 .. JA-14, JH-1 .. JH-6): each knight's page
shows their own hand and never a card another knight has not shown them, whole games are
played through the pages' forms (every move type the engine lists, the draft JA-4 and the
live God's judgement JH-5 included), and a free-form offer built in the offer form (not
one of the engine's samples) is made, accepted and executed (JA-6, JH-3).
"""

from __future__ import annotations

import json
from random import Random
from typing import Any

import pytest

from games.engine.core import to_json
from games.engine.games.jousting.moves import ShowCards
from games.log import definition_of, load_state
from games.models import Game

from .conftest import make_user, seat_users, started_game
from .page_play import game_at_pages, logged_in, pages_of_seats, spectator_page
from .test_colovini_pages import (
    Forms,
    choose,
    hand_marks,
    page_forms,
    play_to_the_end,
    post_through_page,
)

pytestmark = pytest.mark.django_db


def check_jousting_page(html: str, viewer: int, secrets: list[Any]) -> None:
    """No card of a hand the viewer was not shown, no laid set but their own."""
    marks = hand_marks(html)
    for secret in secrets:
        if viewer in secret.knowers:
            continue
        fragment = secret.fragment
        if "card" in fragment:
            assert (fragment["seat"], fragment["card"]) not in marks, fragment
        if "laid" in fragment:
            assert f'data-laid-seat="{fragment["seat"]}"' not in html


def pick(definition: Any, state: Any, seat: int, posted: set[str], rng: Random) -> Any:
    """As `choose`, but nobody withdraws (JA-7) before a duel has been fought, so the
    games reach the duels, the junk pile and God's judgement."""
    early = set() if state.duels else {"ja.withdraw"}
    return choose(definition, state, seat, posted | early, rng)


def test_each_knight_sees_their_own_hand_and_nobody_elses() -> None:
    users = [make_user() for _ in range(4)]
    game = started_game(users, slug="jousting-avalon")
    state = load_state(game)
    secrets = definition_of(game).secrets(state)
    for seat, page in pages_of_seats(game).items():
        assert hand_marks(page) == {(seat, c) for c in state.hands[seat]}
        check_jousting_page(page, seat, secrets)
        assert "Make an offer" in page
        assert "Done bartering" in page
        # JA-7: asked before leaving, without JavaScript too (a box to tick first).
        assert '<input type="checkbox" name="confirm" value="yes" required>' in page
        assert "Steps of your move" in page  # issue 11: the barter as steps
    spectator = spectator_page(game)
    assert hand_marks(spectator) == set()
    assert "Make an offer" not in spectator


def test_a_free_form_offer_from_the_form_is_accepted_and_executed() -> None:
    """JA-6/JH-3: a card and 2 coins for 1 coin, to one knight, posted field by field
    from the offer form; the addressee accepts from their page; the trade is done."""
    users = [make_user() for _ in range(3)]
    game = started_game(users, slug="jousting-avalon")
    definition = definition_of(game)
    clients = {s: logged_in(u) for s, u in seat_users(game).items()}
    state = load_state(game, definition)
    card = state.hands[0][-1]
    page = clients[0].get(f"/games/{game.pk}/").content.decode()
    form = next(f for f in page_forms(page) if f["hidden"].get("move_type") == "ja.make_offer")
    assert json.dumps(card) in form["choices"]["l_give.cards"]
    assert {"r_give.coins", "r_want.coins"} <= form["numbers"]
    assert "null" in form["choices"]["r_to"]  # open to all is offered too
    post = {
        **form["hidden"],
        "list_field": form["lists"],
        "l_give.cards": [json.dumps(card)],
        "r_give.coins": "2",
        "r_want.coins": "1",
        "r_to": "1",
    }
    coins = state.coins
    r = clients[0].post(f"/games/{game.pk}/move/", post)
    assert r.status_code == 302
    state = load_state(game := Game.objects.get(pk=game.pk), definition)
    offer = state.offers[-1]
    assert (offer.seat, offer.to, offer.give.cards, offer.give.coins) == (0, 1, (card,), 2)
    seen = clients[1].get(f"/games/{game.pk}/").content.decode()
    assert f"Accept #{offer.id}: player" in seen  # the addressee's page lists it
    post_through_page(clients[1], game, {"type": "ja.accept_offer", "offer": offer.id})
    state = load_state(game, definition)
    assert card in state.hands[1]
    assert card not in state.hands[0]
    assert state.coins[0] == coins[0] - 2 + 1
    assert state.coins[1] == coins[1] + 2 - 1


def test_show_cards_form_shows_chosen_cards_to_chosen_knights() -> None:
    users = [make_user() for _ in range(3)]
    game = started_game(users, slug="jousting-avalon")
    definition = definition_of(game)
    clients = {s: logged_in(u) for s, u in seat_users(game).items()}
    state = load_state(game, definition)
    cards = state.hands[2][:2]
    move = to_json(ShowCards(state.clock, tuple(cards), frozenset({0})))
    post_through_page(clients[2], game, move)
    page0 = clients[0].get(f"/games/{game.pk}/").content.decode()
    page1 = clients[1].get(f"/games/{game.pk}/").content.decode()
    assert {(2, c) for c in cards} <= hand_marks(page0)
    assert not {(2, c) for c in cards} & hand_marks(page1)


@pytest.mark.parametrize(
    ("players", "options", "seed"),
    [(4, {"draft": True, "live_judgement": True}, 3), (3, {}, 4), (5, {"live_judgement": True}, 5)],
)
def test_whole_games_through_the_page_forms(
    players: int, options: dict[str, Any], seed: int
) -> None:
    game, definition, clients = game_at_pages("jousting-avalon", players, options)
    posted = play_to_the_end(  # JA-14: at the end every hand is shown, so no check then
        game,
        definition,
        clients,
        Random(seed),
        Forms(
            seat=lambda state, rng: rng.choice(sorted(definition.pending_seats(state))),
            move=pick,
            every=9,
            limit=4000,
            says="The tournament is over",
        ),
        check_jousting_page,
    )
    assert {"ja.make_offer", "ja.say_done", "ja.lay_cards", "ja.withdraw"} <= posted


def test_a_knight_not_waited_for_may_withdraw_from_the_page() -> None:
    """JA-7 (our ruling): withdrawal is open at any time, also to a knight the game does
    not wait for; the page offers it with the same confirmation, and nothing else."""
    users = [make_user() for _ in range(3)]
    game = started_game(users, slug="jousting-avalon")
    definition = definition_of(game)
    clients = {s: logged_in(u) for s, u in seat_users(game).items()}
    post_through_page(clients[0], game, {"type": "ja.say_done"})
    state = load_state(game, definition)
    assert 0 not in definition.pending_seats(state)
    assert state.status[0] == "fit"
    page = clients[0].get(f"/games/{game.pk}/").content.decode()
    assert '<input type="checkbox" name="confirm" value="yes" required>' in page
    assert "Done bartering" not in page
    assert "Make an offer" not in page
    assert 'badge--gold">Your move' not in page  # no turn: withdrawal only
    assert "Nothing else is yours to do now" in page
    post_through_page(clients[0], game, {"type": "ja.withdraw"})
    state = load_state(game, definition)
    assert state.status[0] == "withdrawn"
    assert state.phase == "barter"
    page = clients[0].get(f"/games/{game.pk}/").content.decode()
    assert 'name="confirm"' not in page
