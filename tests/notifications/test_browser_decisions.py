"""Browser test of decisions from the email (issue 16): the "your turn" email of a live
site (file backend) carries a link; a browser with no session opens it, makes the decision
and sees it done; the same link, already open in another browser, is refused on its second
use, and opening it again says it was used. One site, one browser, three page visits."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from tests.browser import chromium, player_page
from tests.games.live_site import last_json, site, site_shell  # noqa: F401  (the `site` fixture)

# A dealt game (through the services, as tests/games/seed_site.py does) and its "your turn"
# emails, delivered by calling the notification task's body (with Redis no worker runs here).
SEED = """
import json
from notifications.services import notices_for_game
from tests.games.seed_site import seed
out = seed("mailer", 3, "0", "tournament-camelot")
for game in out["games"]:
    notices_for_game(game["id"])
print(json.dumps(out))
"""
LINK = re.compile(r"https?://\S+/notifications/decide/\S+/")


def seeded_game(mail_dir: Path) -> dict[str, Any]:
    result: dict[str, Any] = last_json(site_shell(mail_dir, SEED))["games"][0]
    return result


def decision_link(mail_dir: Path, address: str) -> str:
    """The decision link of the "your turn" email to `address` (one message per file)."""
    for path in mail_dir.glob("*.log"):
        for message in path.read_text(errors="replace").split("-" * 79):
            if f"To: {address}" in message and "Your move" in message:
                found = LINK.search(message)
                if found:
                    return found.group(0)
    raise AssertionError(f"no decision link emailed to {address}")


def first_choice(page: Any) -> Any:
    """The first decision button a player can press. The deal is random: when the first
    card of the hand has several ways to be played, its buttons sit in a closed menu
    (`details.card-menu`), so the menu is opened first, as a player would."""
    page.locator("#actions").wait_for()
    shown = page.locator("#actions button[type=submit]:enabled:visible")
    if shown.count() == 0:
        page.locator("#actions details.card-menu > summary").first.click()
    return shown.first


def test_a_decision_from_the_emailed_link_once(site: tuple[str, Path]) -> None:  # noqa: F811
    base, mail_dir = site
    game = seeded_game(mail_dir)
    link = decision_link(mail_dir, f"{game['to_move']}@example.com")
    path = link[link.index("/notifications/") :]
    with chromium() as browser:
        first, second = player_page(browser), player_page(browser, phone=True)
        for page in (first, second):  # two browsers, neither signed in
            page.goto(base + path)
            first_choice(page).wait_for()
        assert "Log out" not in first.content()
        first_choice(first).click()
        first.get_by_role("heading", name="Your move is made").wait_for()
        assert f"/games/{game['id']}/" in first.content()

        first_choice(second).click()
        second.get_by_role("heading", name="This link was already used").wait_for()
        second.get_by_text("Nothing was changed.").wait_for()
        first.goto(base + path)
        first.get_by_role("heading", name="This link was already used").wait_for()
        # The browser logs each 410 page as a failed resource: those two are the point here.
        browser.watch.problems[:] = [p for p in browser.watch.problems if "status of 410" not in p]
