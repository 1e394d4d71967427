"""Browser test of the players panel's online dots (issue 14's presence notices): a seat's
dot turns on, live, on the other player's page when its player opens the game, stays on
while a second tab of theirs opens and the first closes, and turns off when their last
tab closes. Two players of Avalon by
Leo Colovini in headless Chromium against a real ASGI server (the `site` fixture).
Screenshots go to test-artifacts/presence-*.
"""

from __future__ import annotations

from pathlib import Path

from tests.browser import chromium, connected, part, player_page

from .live_site import log_in
from .test_browser_colovini_jousting import start_game

ON = "#players .player__dot--on"


def test_the_dots_follow_the_players_tabs_live(site: tuple[str, Path]) -> None:
    from playwright.sync_api import expect

    base, mail_dir = site
    game_id = start_game(mail_dir, "colovini-avalon", ["Arthur", "Nimue"], {})
    url = f"{base}/games/{game_id}/"
    with chromium() as browser:
        arthur = player_page(browser)
        log_in(arthur, base, "arthur")
        arthur.goto(url)
        connected(arthur)
        expect(arthur.locator(ON)).to_have_count(1)  # his own

        nimue = player_page(browser, phone=True)
        log_in(nimue, base, "nimue")
        nimue.goto(url)
        connected(nimue)
        expect(arthur.locator(ON)).to_have_count(2, timeout=10_000)  # pushed, no reload
        expect(nimue.locator(ON)).to_have_count(2)
        part(arthur, "#players", "presence-01-both-online")

        second = nimue.context.new_page()  # a second tab of hers, same session
        second.goto(url)
        connected(second)
        nimue.close()
        arthur.wait_for_timeout(1_500)  # what a wrong "offline" push would need to arrive
        expect(arthur.locator(ON)).to_have_count(2)

        second.close()
        expect(arthur.locator(ON)).to_have_count(1, timeout=10_000)
        part(arthur, "#players", "presence-02-nimue-gone")
