"""Browser test: a move button whose request cannot complete says so. With the network gone
(the request aborted) and with the server failing (503), a notice at the top of the page
says what happened in words, and the next move that goes through takes it away; the vote
still lands once (static/js/site.js, templates/base.html)."""

from __future__ import annotations

import re
from pathlib import Path

from tests.browser import chromium, shot

from .test_browser_late_response import vote
from .test_browser_layout import page_as, seeded


def test_a_move_that_cannot_reach_the_site_says_so(site: tuple[str, Path]) -> None:
    from playwright.sync_api import expect

    base, _ = site
    [game] = seeded(site, "trouble", 5, "1", "resistance-avalon")["games"]
    with chromium() as browser:
        page = page_as(browser, base, "trouble1", phone=True)
        page.goto(f"{base}/games/{game['id']}/")
        page.get_by_role("heading", name="Do you approve this team?").wait_for()
        notice = page.locator("#request-trouble")
        expect(notice).to_be_hidden()
        # Console errors these provoke on purpose: Chromium and htmx log each one.
        browser.watch.expected += [
            "ERR_INTERNET_DISCONNECTED",
            "htmx:sendError",
            "htmx:afterRequest",
            "status of 503",
            "Code 503",
        ]

        page.route(re.compile(r"/move/$"), lambda route: route.abort("internetdisconnected"))
        vote(page)
        expect(notice).to_contain_text("The connection dropped before the site answered.")
        shot(page, "trouble-offline-phone")

        page.unroute(re.compile(r"/move/$"))
        page.route(
            re.compile(r"/move/$"), lambda route: route.fulfill(status=503, body="Unavailable")
        )
        vote(page)
        expect(notice).to_contain_text("The server could not take this just now")

        page.unroute(re.compile(r"/move/$"))
        vote(page)
        expect(notice).to_be_hidden()
        expect(page.get_by_role("heading", name="Do you approve this team?")).to_have_count(0)
        browser.close()
