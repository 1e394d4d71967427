"""Browser test: a game page never goes back to an older move. A move's own response is read
after its commit, and the push of a later move (another player's, or a bot's played by the
worker) can reach the page first; the late response must not take the page back, since the
socket sends nothing more until the next move (static/js/site.js).

The race is made certain: two players of a Resistance table vote; the first voter's
response is held back (Playwright routing: fetched from the site, then delivered late)
until the second vote has reached the first voter's page over its socket.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from tests.browser import answered, chromium, seq_of

from .test_browser_layout import page_as, seeded


def vote(page: Any) -> None:
    page.locator("#actions button.move-btn", has_text="Approve").click()


def test_a_late_move_response_never_takes_the_page_back(site: tuple[str, Path]) -> None:
    from playwright.sync_api import expect

    base, _ = site
    [game] = seeded(site, "late", 5, "1", "resistance-avalon")["games"]  # a team to vote on
    path = f"/games/{game['id']}/"
    with chromium() as browser:
        first, second = (page_as(browser, base, name, phone=False) for name in ("late1", "late2"))
        for page in (first, second):
            page.goto(f"{base}{path}")
            page.get_by_role("heading", name="Do you approve this team?").wait_for()
        seq = seq_of(first)

        answers = answered(first)
        held: list[tuple[Any, Any]] = []  # (route, the site's answer), delivered later
        first.route(re.compile(r"/move/$"), lambda route: held.append((route, route.fetch())))
        vote(first)
        for _ in range(200):  # until the site has answered (the route keeps the answer)
            if held:
                break
            first.wait_for_timeout(50)
        route, answer = held[0]
        assert f'data-seq="{seq + 1}"' in answer.text(), "the held answer shows the first vote"
        # The first vote's push, then the second vote's, reach the first voter's page.
        first.wait_for_selector(f"#phase[data-seq='{seq + 1}']")
        vote(second)
        first.wait_for_selector(f"#phase[data-seq='{seq + 2}']")

        route.fulfill(response=answer)
        expect(first.locator("html")).to_have_attribute("data-answered", str(answers + 1))
        assert seq_of(first) == seq + 2, "the late answer took the page back to an older move"
        assert not first.locator("#actions .action").count()  # nothing asked of the voter
        browser.close()
