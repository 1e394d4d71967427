"""French and English (issue 12): the catalogues are complete, a French page shows no English
interface text, the language is chosen as documented (profile, switch cookie,
Accept-Language, English), the switch saves to the profile, and emails and sockets speak
their reader's language."""

from __future__ import annotations

import datetime as dt
import re
import subprocess
from typing import Any

import pytest
from django.conf import settings
from django.core import mail
from django.test import Client
from django.utils import translation
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from accounts.middleware import socket_language
from accounts.models import User
from games.engine.core import to_json
from games.log import definition_of, load_state
from games.models import Game, GameEvent
from games.services.bot_turns import bot_move_choose
from games.services.moves import move_submit
from notifications.emails import send_deadline, send_turn
from notifications.unsubscribe import unsubscribe_url
from tests.games.conftest import make_user, open_table, play_pending_once, started_game
from tests.games.page_play import logged_in

from .i18n_support import CATALOGUES, english_interface_texts, french_page_leaks, read_po

pytestmark = pytest.mark.django_db

# Each game with a number of players, and how many rounds of pending moves to play first
# so its page shows a game under way.
GAMES = {
    "resistance-avalon": (5, 2),
    "tournament-camelot": (3, 2),
    "tournament-avalon": (3, 2),
    "colovini-avalon": (2, 3),
    "jousting-avalon": (3, 2),
}


@pytest.mark.parametrize("path", CATALOGUES, ids=lambda p: str(p.relative_to(settings.BASE_DIR)))
def test_every_french_message_is_translated_and_none_is_fuzzy(path: Any) -> None:
    if not path.exists():
        pytest.skip("this catalogue does not exist yet")
    missing = [e.msgid for e in read_po(path) if not e.translated]
    assert missing == [], f"{len(missing)} French messages missing or fuzzy in {path}"
    # Placeholders agree between each msgid and its msgstr (msgfmt's format checks).
    check = subprocess.run(
        ["msgfmt", "--check", "-o", "/dev/null", str(path)], capture_output=True, text=True
    )
    assert check.returncode == 0, check.stderr


def french_user(**kwargs: Any) -> User:
    user = make_user(**kwargs)
    user.language = "fr"
    user.save(update_fields=["language"])
    return user


def test_french_pages_show_no_english_interface_text() -> None:
    """Every kind of page a player reads, in French: no text of the interface is still the
    English msgid (user-chosen names and card art aside: they are not in any catalogue)."""
    english = english_interface_texts()
    assert "Open a table" in english  # the comparison has something to compare with
    anonymous = Client(HTTP_ACCEPT_LANGUAGE="fr")
    pages = {path: anonymous.get(path) for path in ("/", "/accounts/signup/", "/accounts/login/")}
    me = french_user()
    client = logged_in(me)
    waiting = open_table([me, *(make_user() for _ in range(4))], slug="resistance-avalon")
    for path in (
        "/",
        "/lobby/",
        "/my-games/",
        "/tables/new/",
        "/tables/new/?game=jousting-avalon",
        f"/tables/{waiting.pk}/",
        "/accounts/profile/",
        "/notifications/push/",
        "/ratings/",
        unsubscribe_url(me, "turn").removeprefix(settings.SITE_URL),
    ):
        pages[path] = client.get(path)
    for slug, (players, rounds) in GAMES.items():
        users = [me, *(make_user() for _ in range(players - 1))]
        game = started_game(users, slug=slug)
        for _ in range(rounds):
            play_pending_once(game)
        pages[f"{slug}: game page"] = client.get(f"/games/{game.pk}/")
    leaks = {}
    for name, response in pages.items():
        assert response.status_code == 200, name
        found = french_page_leaks(response.content.decode(), english)
        if found:
            leaks[name] = found
    assert not leaks, "English on French pages:\n" + "\n".join(
        f"{k}: {v}" for k, v in leaks.items()
    )


def test_the_logs_badges_name_who_moved_in_the_readers_words() -> None:
    """A line the bot, the clock or a moderator played is badged in the reader's language:
    the badge showed the stored actor kind ("bot") on French pages."""
    me = french_user()
    game = started_game([me, *(make_user() for _ in range(4))], slug="resistance-avalon")
    definition = definition_of(game)
    kinds = [GameEvent.ActorKind.BOT, GameEvent.ActorKind.TIMEOUT, GameEvent.ActorKind.MODERATOR]
    # The Leader's proposal, the five votes, then the quest (or the next proposal): one
    # kind of actor each.
    for kind in kinds:
        game.refresh_from_db()
        for seat in sorted(definition.pending_seats(load_state(game, definition))):
            game.refresh_from_db()
            move = bot_move_choose(game, definition, load_state(game, definition), seat)
            move_submit(
                game=game,
                seat=seat,
                move_json=to_json(move),
                expected_seq=game.state_seq,
                actor_kind=kind,
            )
    page = logged_in(me).get(f"/games/{game.pk}/").content.decode()
    log = page[page.index('id="log-list"') :]
    badges = set(re.findall(r'<span class="badge badge--muted">([^<]+)</span>', log))
    assert badges == {"robot", "temps écoulé", "modérateur"}
    assert french_page_leaks(page, english_interface_texts()) == []
    me.language = "en"
    me.save(update_fields=["language"])
    page = logged_in(me).get(f"/games/{game.pk}/").content.decode()
    log = page[page.index('id="log-list"') :]
    badges = set(re.findall(r'<span class="badge badge--muted">([^<]+)</span>', log))
    assert badges == {"bot", "timeout", "moderator"}


def test_the_apis_ending_speaks_the_requests_language() -> None:
    """The API gives a finished game's `outcome.summary` as the page's banner says it, in
    the player's profile language, else Accept-Language; the log keeps the engine's English
    summary (the engine knows no language)."""
    me = make_user()
    game = started_game([me, *(make_user() for _ in range(4))], slug="resistance-avalon")
    while play_pending_once(game):
        pass
    game.refresh_from_db()
    english = str(game.outcome["summary"])  # type: ignore[index]
    token, _ = Token.objects.get_or_create(user=me)
    api = APIClient(HTTP_AUTHORIZATION=f"Token {token.key}")
    path = f"/api/games/{game.pk}/"
    with translation.override("fr"):  # the ending as the French page says it
        expected = translation.gettext(english)
    assert expected != english
    assert api.get(path, HTTP_ACCEPT_LANGUAGE="fr").json()["outcome"]["summary"] == expected
    assert api.get(path, HTTP_ACCEPT_LANGUAGE="en").json()["outcome"]["summary"] == english
    me.language = "fr"  # the profile's language wins over the browser's, for a token too
    me.save(update_fields=["language"])
    body = api.get(path, HTTP_ACCEPT_LANGUAGE="en").json()
    assert body["outcome"]["summary"] == expected
    assert body["outcome"]["winners"] == game.outcome["winners"]  # type: ignore[index]
    page = logged_in(me).get(f"/games/{game.pk}/").content.decode()
    assert expected.replace("'", "&#x27;") in page
    game.refresh_from_db()
    assert game.outcome["summary"] == english  # type: ignore[index]


def test_the_language_is_the_profiles_else_the_switchs_else_the_browsers() -> None:
    browser_fr = Client(HTTP_ACCEPT_LANGUAGE="fr-FR,fr;q=0.9,en;q=0.5")
    assert '<html lang="fr">' in browser_fr.get("/").content.decode()
    assert '<html lang="en">' in Client(HTTP_ACCEPT_LANGUAGE="de").get("/").content.decode()
    browser_fr.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    assert '<html lang="en">' in browser_fr.get("/").content.decode()
    user = french_user()
    browser_fr.force_login(user)
    page = browser_fr.get("/lobby/").content.decode()
    assert '<html lang="fr">' in page
    assert "Ouvrir une table" in page


def test_the_switch_sets_the_cookie_and_a_signed_in_players_profile() -> None:
    anonymous = Client()
    response = anonymous.post("/accounts/language/", {"language": "fr", "next": "/lobby/"})
    assert response.status_code == 302
    assert response["Location"] == "/lobby/"
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "fr"
    assert '<html lang="fr">' in anonymous.get("/lobby/").content.decode()

    user = make_user()
    client = logged_in(user)
    page = client.get("/").content.decode()
    assert 'action="/accounts/language/"' in page  # the header's switch
    assert 'value="fr"' in page
    client.post("/accounts/language/", {"language": "fr", "next": "/"})
    user.refresh_from_db()
    assert user.language == "fr"
    # An unknown language changes nothing, and a foreign `next` is not followed.
    response = client.post("/accounts/language/", {"language": "xx", "next": "https://evil/"})
    user.refresh_from_db()
    assert user.language == "fr"
    assert response["Location"] == "/"


def test_the_profile_offers_the_language() -> None:
    user = make_user()
    client = logged_in(user)
    assert 'name="language"' in client.get("/accounts/profile/").content.decode()
    data = {"display_name": "", "language": "fr", "time_zone": "Europe/Paris"}
    response = client.post("/accounts/profile/", data, follow=True)
    user.refresh_from_db()
    assert user.language == "fr"
    assert "Votre profil est enregistré." in response.content.decode()


def test_signing_up_in_french_keeps_french_for_later_emails() -> None:
    browser = Client(HTTP_ACCEPT_LANGUAGE="fr")
    browser.post(
        "/accounts/signup/",
        {
            "username": "guenievre",
            "email": "guenievre@example.com",
            "password1": "pw-Excalibur-42",
            "password2": "pw-Excalibur-42",
        },
    )
    assert User.objects.get(username="guenievre").language == "fr"


def test_an_email_speaks_its_readers_language_and_dates(settings: Any) -> None:
    settings.CELERY_TASK_ALWAYS_EAGER = False  # no notices from the start itself
    reader = french_user()
    reader.time_zone = "Europe/Paris"
    reader.save(update_fields=["time_zone"])
    game = started_game(
        [reader, make_user(), make_user(), make_user(), make_user()],
        slug="resistance-avalon",
        time_per_move=86400,
    )
    mail.outbox.clear()
    deadline = dt.datetime(2026, 11, 19, 11, 0, tzinfo=dt.UTC)
    with translation.override("en"):  # whatever the sender speaks
        send_turn(reader, Game.objects.get(pk=game.pk))
        send_deadline(reader, Game.objects.get(pk=game.pk), deadline)
    turn, warning = mail.outbox
    assert turn.subject.startswith(f"{settings.ACCOUNT_EMAIL_SUBJECT_PREFIX}À vous de jouer")
    assert turn.body.startswith("Bonjour ")
    assert "Ouvrir la partie :" in turn.body
    assert "Votre temps est bientôt écoulé à la table" in warning.subject
    # The deadline in the reader's zone and language: Thursday 19 November, 12:00 in Paris.
    assert "jeu 19 nov 2026 à 12:00 (Europe/Paris)" in warning.body


def test_a_sockets_language_is_chosen_like_a_pages() -> None:
    def scope(user: Any = None, cookie: str = "", accept: str = "") -> dict[str, Any]:
        return {
            "user": user,
            "cookies": {settings.LANGUAGE_COOKIE_NAME: cookie} if cookie else {},
            "headers": [(b"accept-language", accept.encode())] if accept else [],
        }

    assert socket_language(scope()) == "en"
    assert socket_language(scope(accept="fr-CA,fr;q=0.8")) == "fr"
    assert socket_language(scope(accept="de, *;q=0.1")) == "en"
    assert socket_language(scope(cookie="en", accept="fr")) == "en"
    assert socket_language(scope(french_user(), cookie="en", accept="en")) == "fr"


def test_a_bot_seat_is_named_in_the_readers_words_whoever_built_the_feed() -> None:
    """A push's feed is built once in the committing process (often a worker speaking
    English) and rendered for each reader: a bot seat's name follows the reader."""
    from games.presentation import seat_names
    from games.rendering import merged_players

    feed = {
        "game": "resistance-avalon",
        "my_seat": 0,
        "players": [
            {"seat": 0, "name": "Yvain", "user_id": 7, "is_bot": False},
            {"seat": 1, "name": "Bot 2", "user_id": None, "is_bot": True},
        ],
    }
    with translation.override("fr"):
        assert seat_names(feed) == ["Yvain", "Robot 2"]
        assert [p["name"] for p in merged_players(feed)] == ["Yvain", "Robot 2"]
    with translation.override("en"):
        assert seat_names(feed) == ["Yvain", "Bot 2"]
