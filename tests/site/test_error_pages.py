"""What a player meets when a page is missing, refused or broken, and the refusals of the
lobby, chat and moves: in the site's frame, in the reader's language, with the way on, never
Django's bare English "Not Found"; under /api/ the API's error body. No error page carries a
javascript: link (the Content-Security-Policy refuses inline script). robots.txt keeps crawlers
off invite links; /favicon.ico is the site's icon. An htmx request whose session ended or
whose token is out of date moves the whole browser (to log in, or a reload) instead of
failing in silence."""

from __future__ import annotations

from html import unescape
from typing import Any

import pytest
from django.test import Client, RequestFactory
from django.utils import translation
from django.views.defaults import bad_request, server_error
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from games.models import Game
from tests.clock.procs import needs_postgres
from tests.games.conftest import make_user, open_table, started_game
from tests.games.page_play import logged_in

pytestmark = pytest.mark.django_db


def french(user: Any) -> Any:
    user.language = "fr"
    user.save(update_fields=["language"])
    return user


def test_a_missing_page_is_the_sites_own_in_the_readers_words() -> None:
    english = Client().get("/tables/987654/")
    assert english.status_code == 404
    html = english.content.decode()
    assert "Page not found" in html
    assert "invite link" in html
    assert 'href="/lobby/"' in html
    assert "site-nav" in html
    page = logged_in(french(make_user())).get("/no-such-page/")
    assert page.status_code == 404
    html = page.content.decode()
    assert '<html lang="fr"' in html
    assert "Page introuvable" in html
    assert "Mes parties" in html
    assert "Not Found" not in html


def test_a_missing_api_path_answers_the_apis_error_body() -> None:
    answer = Client().get("/api/no-such-thing/")
    assert answer.status_code == 404
    assert answer["Content-Type"] == "application/json"
    assert answer.json()["error"]["code"] == "not_found"


def test_an_expired_form_says_so_and_how_to_go_on() -> None:
    client = Client(enforce_csrf_checks=True)
    client.force_login(make_user())
    answer = client.post("/tables/new/", {"game": "resistance-avalon"})
    assert answer.status_code == 403
    html = answer.content.decode()
    assert "This form has expired" in html
    assert "reload the page" in html
    assert "javascript:" not in html


@pytest.mark.parametrize(
    ("view", "status", "english", "french_words"),
    [
        (server_error, 500, "Something went wrong", "Une erreur s'est produite"),
        (bad_request, 400, "Bad request", "Requête illisible"),
    ],
)
def test_the_pages_rendered_without_a_request_stand_alone(
    view: Any, status: int, english: str, french_words: str
) -> None:
    request = RequestFactory().get("/")
    args = (request,) if view is server_error else (request, Exception())
    for language, words in (("en", english), ("fr", french_words)):
        with translation.override(language):
            answer = view(*args)
        html = answer.content.decode()
        assert answer.status_code == status
        assert words in html
        assert f'<html lang="{language}"' in html
        assert "javascript:" not in html
        assert 'href="/lobby/"' in html


def test_a_replay_asked_for_during_play_goes_to_the_game_with_the_reason() -> None:
    me = make_user()
    game = started_game([me, make_user()])
    client = logged_in(me)
    answer = client.get(f"/games/{game.pk}/replay/", follow=True)
    assert answer.redirect_chain == [(f"/games/{game.pk}/", 302)]
    assert "The replay opens when the game is over." in answer.content.decode()
    assert game.status == Game.Status.PLAYING


def test_the_lobbys_and_chats_refusals_speak_french() -> None:
    """A French player joins a full table (page and API), says nothing, starts another's
    table."""
    host, other = make_user(), make_user()
    table = open_table([host, other])  # two seats, both taken
    me = french(make_user())
    page = logged_in(me)
    answer = page.post(f"/tables/{table.pk}/join/", follow=True)
    assert "Cette table est complète." in answer.content.decode()
    token = Token.objects.get_or_create(user=me)[0]
    api = APIClient(HTTP_AUTHORIZATION=f"Token {token.key}")
    refused = api.post(f"/api/tables/{table.pk}/join/", {}, format="json")
    assert refused.status_code == 409
    assert refused.json()["error"]["message"] == "Cette table est complète."
    chat = page.post(f"/tables/{table.pk}/chat/", {"body": "   "}, HTTP_HX_REQUEST="true")
    assert (chat.status_code, chat.content.decode()) == (400, "Écrivez d'abord quelque chose.")
    start = page.post(f"/tables/{table.pk}/start/", follow=True)
    assert "Seul l'hôte peut lancer la table." in unescape(start.content.decode())


def test_a_move_in_a_game_without_your_seat_is_refused_in_french() -> None:
    game = started_game([make_user(), make_user()])
    me = french(make_user())
    token = Token.objects.get_or_create(user=me)[0]
    api = APIClient(HTTP_AUTHORIZATION=f"Token {token.key}")
    answer = api.post(
        f"/api/games/{game.pk}/moves/",
        {"expected_seq": game.state_seq, "move": {"type": "toy.vote", "choice": "down"}},
        format="json",
    )
    assert answer.status_code == 403
    assert answer.json()["error"]["message"] == "Vous n\u2019avez pas de place dans cette partie."


def test_crawlers_are_kept_off_invite_links_and_accounts() -> None:
    answer = Client().get("/robots.txt")
    assert answer.status_code == 200
    assert answer["Content-Type"].startswith("text/plain")
    rules = b"".join(answer.streaming_content).decode().splitlines()  # type: ignore[attr-defined]
    assert "User-agent: *" in rules
    for path in ("/invite/", "/accounts/", "/api/", "/admin/"):
        assert f"Disallow: {path}" in rules
    assert "Disallow: /" not in rules  # the lobby and the rules pages stay open


def test_favicon_ico_is_the_sites_icon() -> None:
    answer = Client().get("/favicon.ico")
    assert answer.status_code == 200
    icon = b"".join(answer.streaming_content)  # type: ignore[attr-defined]
    assert icon[:4] == b"\x00\x00\x01\x00"  # an ICO file's header


def test_an_htmx_move_after_the_session_ended_takes_the_browser_to_log_in() -> None:
    """Not a log-in page swapped into a panel (htmx follows a redirect inside its request):
    the whole browser goes to log in, and back to the game page after."""
    game = started_game([make_user(), make_user()])
    answer = Client().post(
        f"/games/{game.pk}/move/",
        {"expected_seq": "0"},
        HTTP_HX_REQUEST="true",
        HTTP_HX_CURRENT_URL=f"http://testserver/games/{game.pk}/",
    )
    assert answer.status_code == 200
    assert answer["HX-Redirect"] == f"/accounts/login/?next=/games/{game.pk}/"


def test_an_htmx_form_with_an_old_token_reloads_the_page() -> None:
    client = Client(enforce_csrf_checks=True)
    me = make_user()
    client.force_login(me)
    game = started_game([me, make_user()])
    answer = client.post(f"/games/{game.pk}/move/", {"expected_seq": "0"}, HTTP_HX_REQUEST="true")
    assert answer.status_code == 403
    assert answer["HX-Refresh"] == "true"


@needs_postgres  # SQLite (the embedded mode) holds a NUL: the filter simply finds nothing
@pytest.mark.parametrize(
    "query", ["/admin/accounts/user/?username=%00", "/admin/games/game/?status=%00"]
)
def test_a_nul_in_the_admins_filters_is_a_400_in_words(query: str) -> None:
    # The admin passes its filters' values to the database, which cannot hold a NUL: a 500.
    from accounts.models import User

    staff = Client()
    staff.force_login(User.objects.create_superuser("root", "root@camelot.test", "pw-Grail-77"))
    answer = staff.get(query)
    assert answer.status_code == 400
    assert "The site could not read this request." in answer.content.decode()
