"""Home page and base template: the five games, navigation, accessibility landmarks,
no CDN, the blocks game pages extend, and the allauth pages inside our layout."""

from __future__ import annotations

import re

import pytest
from django.contrib.staticfiles import finders
from django.template import engines
from django.test import Client, RequestFactory
from django.urls import NoReverseMatch, reverse

from tests.accounts.helpers import make_user

pytestmark = pytest.mark.django_db

FIVE_GAMES = [
    "The Resistance: Avalon",
    "Tournament at Camelot",
    "Tournament at Avalon",
    "Avalon by Leo Colovini",
    "Avalon, the jousting game",
]


def url_or_none(name: str) -> str | None:
    try:
        return reverse(name)
    except NoReverseMatch:
        return None


def test_home_says_what_the_site_is_and_lists_the_five_games(client: Client) -> None:
    response = client.get("/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "play-by-web site" in html
    for name in FIVE_GAMES:
        assert name in html


def test_home_and_open_a_table_introduce_each_game_the_same_way(client: Client) -> None:
    """One catalogue (games/presentation/rules/catalogue.py) introduces the five games: the
    home page's cards lead to each game's How to play page and to opening a table of it,
    with the same name, player count and line as the create-table page's cards, in the
    reader's language."""
    user = make_user()
    client.force_login(user)
    for language, name, players, line in (
        ("en", "Avalon by Leo Colovini", "2 players", "A duel of two"),
        ("fr", "Avalon de Leo Colovini", "2 joueurs", "Un duel à deux"),
    ):
        home = client.get("/", headers={"accept-language": language}).content.decode()
        choose = client.get("/tables/new/", headers={"accept-language": language})
        for page in (home, choose.content.decode()):
            card = page.partition('id="game-colovini-avalon">')[2].partition("</li>")[0]
            assert card.startswith(name)
            assert players in card
            assert line in card
            assert 'href="/tables/new/?game=colovini-avalon"' in card
            assert 'href="/rules/colovini-avalon/"' in card
            # Each link's name ends with the game's: "Open a table, Avalon by Leo Colovini".
            assert 'aria-labelledby="open-colovini-avalon game-colovini-avalon"' in card
    assert home.index("/rules/resistance-avalon/") < home.index("/rules/tournament-camelot/")


def test_layout_is_accessible(client: Client) -> None:
    html = client.get("/").content.decode()
    assert '<html lang="en">' in html
    assert 'name="viewport"' in html
    assert '<a class="skip-link" href="#main">' in html
    assert '<main id="main"' in html
    assert '<nav class="site-nav" aria-label="Main">' in html
    assert "<header" in html
    assert "<footer" in html
    # Exactly one h1 per page.
    assert html.count("<h1") == 1


def test_nav_for_visitors_and_players(client: Client) -> None:
    html = client.get("/").content.decode()
    assert 'href="/accounts/login/"' in html
    assert 'href="/accounts/signup/"' in html
    assert "Log out" not in html

    client.force_login(make_user())
    html = client.get("/").content.decode()
    assert f'href="{reverse("profile")}"' in html
    assert f'action="{reverse("account_logout")}"' in html
    for name in ("lobby", "my_games"):
        url = url_or_none(name)
        if url is not None:
            assert f'href="{url}"' in html


def test_no_cdn_every_script_and_style_is_served_by_the_site(client: Client) -> None:
    html = client.get("/").content.decode()
    sources = re.findall(r'(?:src|href)="([^"]+)"', html)
    assert sources
    for source in sources:
        assert not source.startswith(("http://", "https://", "//")), source
    assert "/static/vendor/htmx/htmx-2.0.11.min.js" in html
    assert "/static/vendor/htmx/htmx-ext-ws-2.0.4.min.js" in html
    for path in (
        "vendor/htmx/htmx-2.0.11.min.js",
        "vendor/htmx/htmx-ext-ws-2.0.4.min.js",
        "css/site.css",
        "img/emblem.svg",
    ):
        assert finders.find(path), path


def test_base_template_offers_the_blocks_game_pages_use() -> None:
    template = engines["django"].from_string(
        '{% extends "base.html" %}'
        "{% block title %}Table 7{% endblock %}"
        '{% block extra_head %}<meta name="x-test" content="head">{% endblock %}'
        "{% block content %}<p>board</p>{% endblock %}"
        "{% block scripts %}<script>/*page*/</script>{% endblock %}"
    )
    request = RequestFactory().get("/")
    from django.contrib.auth.models import AnonymousUser

    request.user = AnonymousUser()
    html = template.render({}, request)
    assert "<title>Table 7 · Avalon Tables</title>" in html
    assert '<meta name="x-test" content="head">' in html
    assert re.search(r'<main id="main"[^>]*>\s*<p>board</p>', html)
    assert html.index("<script>/*page*/</script>") > html.index("</footer>")


def test_flash_messages_are_announced(client: Client) -> None:
    client.force_login(make_user())
    response = client.post(reverse("api_token_revoke"), follow=True)
    html = response.content.decode()
    assert 'role="status"' in html
    assert "You had no API token." in html


@pytest.mark.parametrize(
    "name",
    ["account_login", "account_signup", "account_reset_password"],
)
def test_allauth_pages_use_the_site_layout(client: Client, name: str) -> None:
    html = client.get(reverse(name)).content.decode()
    assert '<main id="main"' in html
    assert "css/site.css" in html
    assert 'class="account-form' in html
    assert "<label" in html


def test_account_pages_for_logged_in_players(client: Client) -> None:
    client.force_login(make_user())
    for name in ("account_email", "account_change_password"):
        response = client.get(reverse(name))
        assert response.status_code == 200
        assert '<main id="main"' in response.content.decode()


def test_healthz_and_admin_are_routed(client: Client) -> None:
    assert reverse("healthz") == "/healthz"
    assert client.get("/admin/").status_code == 302


def test_login_label_says_username_or_email(client: Client) -> None:
    html = client.get(reverse("account_login")).content.decode()
    assert '<label for="id_login">Username or email:</label>' in html


def test_unverified_players_see_a_verification_notice(client: Client) -> None:
    client.force_login(make_user("kay", "kay@camelot.test", verified=False))
    assert b"Verify your email address to join and play games" in client.get("/").content
    client.force_login(make_user())
    assert b"Verify your email address to join and play games" not in client.get("/").content
    client.logout()
    assert b"Verify your email address to join and play games" not in client.get("/").content


def test_every_page_read_by_get_answers_head_too(client: Client) -> None:
    """HEAD is GET without the body (RFC 9110: a server that answers GET must answer HEAD):
    the service worker, the manifest, "Your data" and its download, and a used decision
    link's page answered 405, which link checkers and monitors read as a broken page."""
    from notifications.decisions import token_for
    from notifications.models import DecisionLink
    from tests.games.conftest import make_user as make_player
    from tests.games.conftest import started_game

    player = make_player()
    game = started_game([player, make_player()])
    link = DecisionLink.objects.create(
        user=player,
        game=game,
        position=0,
        seq=game.state_seq,
        created_at=game.started_at,
        used_at=game.started_at,
    )
    client.force_login(player)
    for url in [
        "/sw.js",
        "/manifest.webmanifest",
        reverse("your_data"),
        reverse("data_download"),
        reverse("decision_done", args=[token_for(link)]),
    ]:
        got, head = client.get(url), client.head(url)
        assert got.status_code == 200, url
        assert head.status_code == 200, url
        assert head["Content-Type"] == got["Content-Type"], url
        assert head.content == b"", url
