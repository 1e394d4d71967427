"""Browser test (issue 12): a player signs up in French (the browser asks for French), confirms
the address from a French email, opens an Avalon by Leo Colovini table through the French
create form; a second player joins in English; both play moves through the pages. Each page
speaks its own reader's language from the first page to the pushed updates: the French page
never shows an English text of the site's catalogue, the English page gets English pushes.
Screenshots: test-artifacts/fr-*.png.

The site runs under uvicorn in a subprocess (the `site` fixture of tests/games/live_site.py).
"""

from __future__ import annotations

import re
import uuid
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from tests.browser import chromium, connected, seq_of, settle, shot
from tests.games.live_site import PASSWORD, sign_up, site, verification_link

from .i18n_support import CATALOGUES, english_interface_texts, english_on

__all__ = ["site"]  # the fixture, imported for this module

DESK = {"viewport": {"width": 1280, "height": 900}}


def sign_up_in_french(page: Any, base: str, mail_dir: Path) -> None:
    email = f"guenievre.{uuid.uuid4().hex[:8]}@camelot.test"
    page.goto(f"{base}/accounts/signup/")
    assert page.get_attribute("html", "lang") == "fr"
    page.get_by_role("heading", name="Inscription").wait_for()
    page.fill("input[name=username]", "guenievre")
    page.fill("input[name=email]", email)
    page.fill("input[name=password1]", PASSWORD)
    page.fill("input[name=password2]", PASSWORD)
    shot(page, "fr-01-sign-up")
    page.get_by_role("button", name="Inscription").click()
    page.wait_for_url(re.compile(r"/accounts/confirm-email/$"))
    page.get_by_role("heading", name="Consultez vos e-mails").wait_for()
    link = verification_link(mail_dir, email)
    # allauth's email, in the language the player signed up in.
    mail = next(p for p in mail_dir.glob("*.log") if email in p.read_text(errors="replace"))
    assert "Bonjour" in mail.read_text(errors="replace")
    page.goto(link)
    page.get_by_role("button", name="Confirmer mon adresse").click()
    page.get_by_role("button", name=re.compile("Déconnexion"), include_hidden=True).wait_for(
        state="attached"
    )


def colovini_move(page: Any) -> None:
    """The acting player's first offer: a card into a region, else the first button."""
    actions = page.locator("#actions")
    seq = seq_of(page)
    play = actions.locator("form.ca-play")
    with page.expect_response(lambda r: r.url.endswith("/move/")):
        if play.count():
            play.locator("label.ca-pick").first.click()
            play.locator(".ca-regions-pick label.chip").first.click()
            play.locator("button[type=submit]").click()
        else:
            actions.locator(".action__buttons button.move-btn").first.click()
    page.wait_for_selector(f"#phase:not([data-seq='{seq}'])")


def test_a_french_player_signs_up_and_plays_in_french_beside_an_english_one(
    site: tuple[str, Path],
) -> None:
    base, mail_dir = site
    site_english = english_interface_texts(CATALOGUES[:1])
    with chromium() as browser:
        french = browser.new_context(locale="fr-FR", **DESK).new_page()
        english = browser.new_context(locale="en-GB", **DESK).new_page()
        for page in (french, english):
            page.context.set_default_timeout(20000)
        sign_up_in_french(french, base, mail_dir)
        sign_up(english, base, mail_dir, "Arthur")

        french.goto(f"{base}/lobby/")
        french.get_by_role("heading", name="Salon").wait_for()
        assert english_on(french.content(), site_english) == []
        shot(french, "fr-02-lobby")
        french.goto(f"{base}/tables/new/?game=colovini-avalon")
        french.get_by_role("heading", name="Ouvrir une table").wait_for()
        shot(french, "fr-03-create-table")
        french.click("form.create-form button[type=submit]")
        french.wait_for_url(re.compile(r"/tables/\d+/$"))
        table = urlsplit(french.url).path
        english.goto(f"{base}{table}")
        english.click("text=Take a seat")
        french.wait_for_selector(".seat-row >> nth=1")
        assert english_on(french.content(), site_english) == []
        shot(french, "fr-04-table")
        french.get_by_role("button", name="Lancer la partie").click()
        french.wait_for_url(re.compile(r"/games/\d+/$"))
        english.wait_for_url(re.compile(r"/games/\d+/$"))

        pages = [french, english]
        for _ in range(4):
            settle(pages)
            for page in pages:
                # The websocket's own swap of this move (or, first, of the connect) can
                # still be on its way: it would reset a half-made choice mid-click.
                connected(page)
            actor = next((p for p in pages if p.locator("#actions .action").count()), None)
            assert actor is not None, "nobody may move"
            colovini_move(actor)
            settle(pages)
            # Both pages now show a pushed update, each in its reader's language.
            french.get_by_role("heading", name="Joueurs").wait_for()
            english.get_by_role("heading", name="Players").wait_for()
            assert english_on(french.content(), site_english) == []
        assert french.locator("html[lang=fr]").count() == 1
        shot(french, "fr-05-game")
        shot(english, "fr-06-game-english-neighbour")
