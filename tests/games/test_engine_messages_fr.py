"""The engine's words in the player's language (issue 12): the engine keeps English
templates and their parameters (games.engine.core.messages), the edge translates them. An
illegal move is refused in French over the API with Accept-Language: fr, the rule's link
intact; names inside a refusal (cards, suits, regions) are translated with it; English
readers keep English."""

from __future__ import annotations

import pytest
from django.utils import translation
from rest_framework.test import APIClient

from games.engine.core import IllegalMove, Message, render
from games.engine.games.colovini.cards import card_name
from games.engine.games.jousting.cards import cards_named
from games.engine.games.tournament.moves import PlayCard
from games.services.errors import domain_error, say
from tests.engine.tournament.helpers import act, table

from .conftest import good_on_a_quest, make_user, seat_users, started_game


@pytest.mark.django_db
def test_ra16_an_illegal_move_is_refused_in_french_with_its_rule_link() -> None:
    users = [make_user() for _ in range(5)]
    game = started_game(users, slug="resistance-avalon")
    seat, seq = good_on_a_quest(game)
    api = APIClient()
    api.force_authenticate(seat_users(game)[seat])
    move = {"expected_seq": seq, "move": {"type": "ra.play_quest_card", "success": False}}
    french = api.post(
        f"/api/games/{game.pk}/moves/", move, format="json", HTTP_ACCEPT_LANGUAGE="fr"
    )
    assert french.status_code == 422
    error = french.json()["error"]
    assert error["code"] == "illegal_move"
    assert error["message"] == "Les Serviteurs loyaux d'Arthur ne peuvent jouer que Réussite."
    assert error["rule"] == {"id": "RA-16", "url": "/rules/resistance-avalon/#RA-16"}
    english = api.post(f"/api/games/{game.pk}/moves/", move, format="json")
    assert english.json()["error"]["message"] == "Loyal servants of Arthur can only play Success."
    assert english.json()["error"]["rule"] == french.json()["error"]["rule"]
    # A malformed move's words are the engine's too.
    bad = {"expected_seq": seq, "move": {"type": "ra.play_quest_card", "success": "yes"}}
    malformed = api.post(
        f"/api/games/{game.pk}/moves/", bad, format="json", HTTP_ACCEPT_LANGUAGE="fr"
    )
    assert malformed.status_code == 400
    assert malformed.json()["error"]["message"] == "success doit être true ou false"


def test_tt10_a_refusal_names_the_suit_in_french_with_its_rule() -> None:
    s = table([["swords-10", "arrows-2"], ["swords-5", "arrows-9"], ["deception-4", "sorcery-3"]])
    _, s = act(s, 0, PlayCard("swords-10"))
    with pytest.raises(IllegalMove) as refused:
        act(s, 1, PlayCard("arrows-9"))
    refused.value.game = "tournament-avalon"
    with translation.override("fr"):
        status, body = domain_error(refused.value) or (0, {})
    assert status == 422
    assert body["error"]["message"] == (
        "Vous devez fournir en Épées : vous avez une carte de la couleur Épées."
    )
    assert body["error"]["rule"]["id"] == "TT-10"
    assert refused.value.message == "You must follow Swords: you hold a card of Swords."


def test_names_inside_messages_are_translated_and_agree() -> None:
    with translation.override("fr"):
        assert say(card_name("green-sorceress")) == "sorcière verte"
        assert say(card_name("green-knight")) == "chevalier vert"
        assert say(cards_named(["sword-7", "shield-2", "joker-1"])) == "épée 7, écu 2 et joker 1"
    assert str(cards_named(["sword-7", "lance-3"])) == "sword 7 and lance 3"
    # A template is formatted only with parameters: a lone "%" stays as written.
    assert render(Message("100% sure"), str) == "100% sure"
