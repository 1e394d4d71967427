"""Browser test of Tournament at Avalon: three players (one on a 390px phone) sign up, open
and join a 300-Health table through the create form, then play through the pages only:
choosing three cards to pass (TA-3) by tapping cards, playing cards from the hand (wild
cards get a value and a Lead Suit), Godsends and the rest, until the game ends. Screenshots
of desktop and phone go to test-artifacts/tournament-*.png.

The site runs under uvicorn in a subprocess (the `site` fixture of live_site.py).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from tests.browser import chromium, needs_chromium, no_sideways_scroll, settle, shot

from .live_site import signed_up_pages

pytestmark = [pytest.mark.browser, needs_chromium]

NAMES = ["Gawain", "Tristan", "Elaine"]
PHONE = 2


def act(page: Any) -> str:
    """Take the first thing the page offers, as a person would; returns what it was."""
    form = page.locator("#actions .action").first
    if form.locator("form.pass-form").count():
        cards = form.locator("label.pick-card")
        for n in range(3):
            cards.nth(n).click()
        checked = form.locator("input[name=l_cards]:checked").count()
        assert checked == 3, f"{checked} cards chosen after three taps"
        # static/js/site.js counts the ticks (no inline handler under the CSP).
        assert form.locator(".pass-form__count").inner_text() == "3"
        form.locator("form.pass-form button[type=submit]").click()
        return "pass"
    if form.locator(".hand--play").count():
        card = form.locator("button.card-btn, summary.card-btn").first
        if card.evaluate("e => e.tagName") == "SUMMARY":
            card.click()
            menu = form.locator("details.card-menu[open] .card-menu__body")
            wild = menu.locator("form.wild-form")
            if wild.count():
                wild.locator("select[name=r_value]").select_option("12")
                wild.locator("button[type=submit]").click()
                return "wild"
            menu.locator("button").first.click()
            return "option"
        card.click()
        return "card"
    buttons = form.locator(
        "button.move-btn, button.tchoice, form.composed button[type=submit], "
        "form.dusk-form button[type=submit]"
    )
    buttons.first.click()
    return "button"


def test_three_players_play_tournament_avalon_through_the_pages(site: tuple[str, Path]) -> None:
    base, _ = site
    with chromium() as browser:
        pages = signed_up_pages(browser, site, NAMES, phone=PHONE)

        host = pages[0]
        host.goto(f"{base}/tables/new/?game=tournament-avalon")
        host.fill("input[name=seat_count]", "3")
        host.select_option("select[name=opt_health]", "300")
        host.fill("input[name=title]", "Whitsun joust")
        shot(host, "tournament-01-create")
        host.click("form.create-form button[type=submit]")
        host.wait_for_url(re.compile(r"/tables/\d+/$"))
        table_path = urlsplit(host.url).path
        for page in pages[1:]:
            page.goto(f"{base}{table_path}")
            page.click("text=Take a seat")
            page.wait_for_selector(".seat-row:has-text('(you)')")
        host.wait_for_selector(".seat-row >> nth=2")
        host.click("text=Start the game")
        host.wait_for_url(re.compile(r"/games/\d+/$"))
        game_path = urlsplit(host.url).path
        for page in pages[1:]:
            page.wait_for_url(re.compile(re.escape(game_path) + "$"))

        kinds: dict[str, int] = {}
        shots: set[str] = set()
        round_two = False
        for step in range(4000):
            if host.locator("text=Watch the replay").count():
                break
            seq = settle(pages)
            actor = None
            for _ in range(100):  # a page may still be swapping in its last update
                actor = next(
                    (i for i, p in enumerate(pages) if p.locator("#actions .action").count()),
                    None,
                )
                if actor is not None:
                    break
                pages[0].wait_for_timeout(100)
            if actor is None:
                for i, p in enumerate(pages):
                    shot(p, f"tournament-99-stuck-{i}")
            assert actor is not None, "somebody must be able to act: " + " | ".join(
                p.inner_text("#phase") for p in pages
            )
            page = pages[actor]
            where = "phone" if actor == PHONE else "desk"
            title = page.locator(".action__title").first.inner_text()
            key = f"{title.split(':')[0].split()[0].lower()}-{where}"
            if key not in shots and len(shots) < 14:
                shots.add(key)
                shot(page, f"tournament-1{len(shots):02d}-{key}")
                if actor == PHONE:
                    shot(page, f"tournament-1{len(shots):02d}-{key}-screen", full_page=False)
            if not round_two and "Round 2" in page.inner_text("#phase"):
                round_two = True  # a full round with passing is behind us
                for i, p in enumerate(pages):
                    shot(p, f"tournament-30-round2-{'phone' if i == PHONE else 'desk'}")
            kind = act(page)
            kinds[kind] = kinds.get(kind, 0) + 1
            page.wait_for_selector(f"#phase:not([data-seq='{seq}'])")
            error = page.locator("#actions .message--error")
            assert not error.count(), f"step {step}: {error.first.inner_text()}"
        assert round_two, "at least one whole round was played"
        assert kinds.get("pass", 0) >= 3, kinds  # TA-3: every seat passed
        for page in pages:
            page.wait_for_selector("text=Watch the replay")
        shot(pages[0], "tournament-40-finished-desk")
        shot(pages[PHONE], "tournament-41-finished-phone")
        assert no_sideways_scroll(pages[PHONE])
        pages[1].goto(f"{base}{game_path}replay/?as=all&step=30")
        shot(pages[1], "tournament-42-replay")
        browser.close()
