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

from tests.browser import chromium, move_and_wait, no_sideways_scroll, settle, shot

from .live_site import signed_up_pages

NAMES = ["Gawain", "Tristan", "Elaine"]
PHONE = 2


def open_seat_and_start(pages: list[Any], base: str) -> str:
    """The host submits the filled create form, the others take the seats in page order,
    the host starts the game and every page follows it there; returns the game's path."""
    host = pages[0]
    host.click("form.create-form button[type=submit]")
    host.wait_for_url(re.compile(r"/tables/\d+/$"))
    table_path = urlsplit(host.url).path
    for page in pages[1:]:
        page.goto(f"{base}{table_path}")
        page.click("text=Take a seat")
        page.wait_for_selector(".seat-row:has-text('(you)')")
    host.wait_for_selector(f".seat-row >> nth={len(pages) - 1}")
    host.click("text=Start the game")
    host.wait_for_url(re.compile(r"/games/\d+/$"))
    game_path: str = urlsplit(host.url).path
    for page in pages[1:]:
        page.wait_for_url(re.compile(re.escape(game_path) + "$"))
    return game_path


def the_actor(pages: list[Any]) -> int | None:
    """The index of the first page offering a move, looking again for up to 10 s while the
    pages may still be swapping in their last update; None when none ever does."""
    for _ in range(100):
        actor = next(
            (i for i, p in enumerate(pages) if p.locator("#actions .action").count()), None
        )
        if actor is not None:
            return actor
        pages[0].wait_for_timeout(100)
    return None


def act(page: Any) -> str:
    """Take the first thing the page offers, as a person would, and wait until the page
    has all that move brings (`move_and_wait`: its own answer and its push); returns what
    it was.

    A whole page sent again at the same move (a socket that reconnected, or caught up
    after the channel layer lost a push) still replaces #actions: an open card menu
    closes, the cards ticked are gone. A person would look again and start over; so does
    this, on the page as it is now.
    """
    from playwright.sync_api import Error as PlaywrightError

    def attempts() -> str:
        for attempt in range(6):
            try:
                return _act_once(page, timeout=3000 if attempt < 5 else None)
            except (PlaywrightError, AssertionError):
                if attempt == 5:
                    raise
                page.wait_for_timeout(300)  # let the swap end, then look again
        raise AssertionError("unreachable")

    kind: list[str] = []
    move_and_wait(page, lambda: kind.append(attempts()))
    return kind[0]


def _act_once(page: Any, timeout: float | None) -> str:
    t = {"timeout": timeout} if timeout is not None else {}
    form = page.locator("#actions .action").first
    if form.locator("form.pass-form").count():
        # As many as the form asks for (three, or fewer when the hands are short).
        wanted = int(form.locator("form.pass-form").get_attribute("data-pick-exactly", **t))
        cards = form.locator("label.pick-card")
        for n in range(cards.count()):  # tap the first cards not yet ticked
            if form.locator("input[name=l_cards]:checked").count() >= wanted:
                break
            if not cards.nth(n).locator("input:checked").count():
                cards.nth(n).click(**t)
        checked = form.locator("input[name=l_cards]:checked").count()
        assert checked == wanted, f"{checked} cards chosen, {wanted} asked for"
        # static/js/site.js counts the ticks (no inline handler under the CSP).
        assert form.locator(".pass-form__count").inner_text(**t) == str(wanted)
        form.locator("form.pass-form button[type=submit]").click(**t)
        return "pass"
    if form.locator(".hand--play").count():
        card = form.locator("button.card-btn, summary.card-btn").first
        if card.evaluate("e => e.tagName", **t) == "SUMMARY":
            card.click(**t)
            menu = form.locator("details.card-menu[open] .card-menu__body")
            menu.wait_for(**t)
            wild = menu.locator("form.wild-form")
            if wild.count():
                value = wild.locator("select[name=r_value]")
                # A face-down wild card gets its value only as it is turned up: no picker.
                if value.count() and value.locator("option[value='12']").count():
                    value.select_option("12", **t)
                wild.locator("button[type=submit]").click(**t)
                return "wild"
            menu.locator("button").first.click(**t)
            return "option"
        card.click(**t)
        return "card"
    buttons = form.locator(
        "button.move-btn, button.tchoice, form.composed button[type=submit], "
        "form.dusk-form button[type=submit]"
    )
    buttons.first.click(**t)
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
        game_path = open_seat_and_start(pages, base)

        kinds: dict[str, int] = {}
        shots: set[str] = set()
        round_two = False
        for step in range(4000):
            if host.locator("text=Watch the replay").count():
                break
            seq = settle(pages)
            actor = the_actor(pages)
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
            # The banner tells the player what to do now; the board's chip shows the round.
            if not round_two and page.locator(".tchip", has_text=re.compile(r"Round\s*2")).count():
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
