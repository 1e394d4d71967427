"""Text that passes str.isdigit() but that int() refuses: "²" (a superscript two is a digit
to Unicode, not a decimal) and runs of more than 4,300 ASCII digits (Python's limit on
int() of a string). Each was a ValueError where a clear refusal belongs:

- a jousting card id named in an illegal move's message ("sword-²" in ShowCards or in an
  offer): a 500 on the API instead of "You do not hold ...";
- the game socket's `last_seq` and `seen` query parameters: the handshake failed (an
  exception in connect, logged as a server error) instead of opening as without them.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator

from games.engine.core import get_game, rng_for, start, to_json
from games.engine.games.jousting.cards import card_name
from games.engine.games.tournament.weapons import weapon
from games.log import definition_of, load_state
from games.models import Game, GameEvent
from games.routing import websocket_urlpatterns

from .conftest import make_user, seat_users, started_game
from .test_api import client_for, error_of

LOOKALIKES = ["²", "١²", "9" * 5000]
APP = URLRouter(websocket_urlpatterns)


@pytest.mark.parametrize("number", LOOKALIKES)
def test_card_names_and_weapons_refuse_digit_lookalikes_without_a_value_error(
    number: str,
) -> None:
    assert str(card_name(f"sword-{number}")) == f"sword-{number}"  # an unknown id is itself
    with pytest.raises(KeyError):
        weapon(f"swords-{number}")


@pytest.mark.django_db
@pytest.mark.parametrize("number", LOOKALIKES)
def test_a_jousting_move_naming_a_lookalike_card_is_a_4xx_in_words(number: str) -> None:
    game = started_game([make_user() for _ in range(3)], slug="jousting-avalon")
    definition = definition_of(game)
    state = load_state(game, definition)
    seat = min(definition.pending_seats(state))
    client = client_for(seat_users(game)[seat])
    card = f"sword-{number}"
    legal = [to_json(m) for m in definition.legal_moves(state, seat)]
    show = next(m for m in legal if m["type"] == "ja.show_cards")
    offer = next(m for m in legal if m["type"] == "ja.make_offer")
    moves = [
        {**show, "cards": [card]},
        {**offer, "give": {**offer["give"], "cards": [card]}},
    ]
    for move in moves:
        response = client.post(
            f"/api/games/{game.pk}/moves/",
            {"expected_seq": game.state_seq, "move": move},
            format="json",
        )
        assert response.status_code == 422, response.content
        assert "You do not hold" in error_of(response)["message"]
    assert GameEvent.objects.filter(game=game).count() == game.state_seq


def test_the_engine_still_names_real_cards() -> None:
    assert str(card_name("sword-7")) == "sword 7"
    assert weapon("swords-3").value == 3
    definition = get_game("jousting-avalon")
    _events, state = start(definition, definition.config_type(), 3, rng_for("x", 0))
    assert any(card.startswith("sword-") for hand in state.hands for card in hand)


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("query", [f"last_seq={n}" for n in LOOKALIKES] + ["seen=²", "seen=1²"])
async def test_the_game_socket_opens_whatever_number_its_query_carries(query: str) -> None:
    from asgiref.sync import sync_to_async

    @sync_to_async
    def setup() -> tuple[Game, Any]:
        game = started_game([make_user() for _ in range(3)])
        return game, seat_users(game)[0]

    game, user = await setup()
    comm = WebsocketCommunicator(APP, f"/ws/games/{game.pk}/?format=json&{query}")
    comm.scope["user"] = user
    connected, _ = await comm.connect(timeout=10)
    assert connected
    first = json.loads(await comm.receive_from(timeout=5))
    assert first["type"] == "update"
    assert first["game"]["seq"] == game.state_seq
    await comm.disconnect()


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/api/games/{game}/events/", "/api/tables/{table}/chat/"])
@pytest.mark.parametrize("after", ["9" * 5000, "-" + "9" * 5000, "1" * 19])
def test_the_log_and_chat_reads_refuse_an_after_too_long_in_words(path: str, after: str) -> None:
    game = started_game([make_user() for _ in range(3)])
    client = client_for(seat_users(game)[0])
    url = path.format(game=game.pk, table=game.table_id)
    response = client.get(f"{url}?after={after}")
    assert response.status_code == 400, response.content
    assert error_of(response) == {
        "code": "invalid",
        "message": "after must have at most 18 digits",
        "field": "after",
    }
    # The longest a seq or a message id can be still reads (nothing lies after it).
    assert client.get(f"{url}?after={'9' * 18}").json() == []
