"""Browser test of the layout at a desk (1280 px) and on a phone (390x844), issue 11: no
page scrolls sideways (home, lobby, create, table, every game in play and at its end, a
replay, the profile), and on a phone the player's move is on the first screen (the first
action panel's box lies within the first 844 px) with their secret starting right after
it and on the first screen too, while the log and the chat sit behind keyboard-operable
tabs; a 10-player Resistance vote history fits the phone's width. And a rematch: both
players of a finished game accept (the other's page shows it live), a new game starts.

The games are put into the live site's database by tests/games/seed_site.py (played by
the seats' first legal moves), so the test looks at pages rather than plays them; the
figures (page heights, where the move sits) are printed. Screenshots: test-artifacts/.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from tests.browser import DESK, PHONE, chromium, connected, no_sideways_scroll, part, shot

from .live_site import last_json, log_in, site_python

SCREEN_HEIGHT = PHONE["viewport"]["height"]  # type: ignore[index]


def seeded(
    site: tuple[str, Path], name: str, players: int, moves: str, only: str = ""
) -> dict[str, Any]:
    """Games of every kind (or of the `only` slugs) in the site's database
    (tests/games/seed_site.py)."""
    _, mail_dir = site
    out = site_python(mail_dir, "-m", "tests.games.seed_site", name, str(players), moves, only)
    result: dict[str, Any] = last_json(out)
    return result


def page_as(browser: Any, base: str, username: str, phone: bool) -> Any:
    context = browser.new_context(**(PHONE if phone else DESK))
    context.set_default_timeout(20_000)
    page = context.new_page()
    log_in(page, base, username)
    return page


def measure(page: Any) -> dict[str, Any]:
    """Page height, and the top and bottom of the first action panel and of the secret."""
    figures: dict[str, Any] = page.evaluate(
        """() => {
          const box = (sel) => {
            const el = document.querySelector(sel);
            if (!el) return null;
            const r = el.getBoundingClientRect();
            return [Math.round(r.top + scrollY), Math.round(r.bottom + scrollY)];
          };
          return {height: document.documentElement.scrollHeight,
                  action: box('#actions .action'), secret: box('#secret')};
        }"""
    )
    return figures


def test_every_page_fits_desk_and_phone(site: tuple[str, Path]) -> None:
    base, _ = site
    playing = seeded(site, "mid", 5, "4")
    ended = seeded(site, "end", 3, "end")
    assert all(g["status"] == "playing" and g["to_move"] for g in playing["games"])
    assert all(g["status"] == "finished" for g in ended["games"])
    common = [
        ("home", "/"),
        ("lobby", "/lobby/"),
        ("create", "/tables/new/"),
        ("table", f"/tables/{playing['games'][0]['table']}/"),
        ("profile", "/accounts/profile/"),
        ("replay", f"/games/{ended['games'][0]['id']}/replay/"),
    ]
    common += [(f"{g['slug']}-end", f"/games/{g['id']}/") for g in ended["games"]]
    with chromium() as browser:
        for phone in (False, True):
            size = "phone" if phone else "desk"
            viewer = page_as(browser, base, ended["users"][0], phone)
            for name, path in common:
                viewer.goto(base + path)
                assert no_sideways_scroll(viewer), f"{path} scrolls sideways at {size}"
                shot(viewer, f"layout-{size}-{name}", full_page=not phone)
            viewer.context.close()
            for game in playing["games"]:
                page = page_as(browser, base, game["to_move"], phone)
                page.goto(f"{base}/games/{game['id']}/")
                connected(page)
                figures = measure(page)
                print(f"{size} {game['slug']} in play: {figures}")  # noqa: T201
                assert no_sideways_scroll(page), f"{game['slug']} scrolls sideways at {size}"
                shot(page, f"layout-{size}-{game['slug']}", full_page=not phone)
                if phone:
                    top, bottom = figures["action"]
                    assert top >= 0, (game["slug"], figures)
                    assert bottom <= SCREEN_HEIGHT, (game["slug"], figures)
                    # The secret (its heading and first lines) starts on the first screen too.
                    assert figures["secret"][0] < SCREEN_HEIGHT - 40, (game["slug"], figures)
                    part(page, "#actions", f"layout-phone-{game['slug']}-move")
                    check_talk_tabs(page)
                page.context.close()


def test_the_vote_history_of_ten_players_fits_a_phone(site: tuple[str, Path]) -> None:
    """Issue 11: at 390 px the Resistance vote history of a 10-player game needs no sideways
    scroll inside its box; every mark still names its seat and vote in words."""
    base, _ = site
    [game] = seeded(site, "ten", 10, "end", "resistance-avalon")["games"]
    assert game["status"] == "finished"
    with chromium() as browser:
        page = page_as(browser, base, "ten1", phone=True)
        page.goto(f"{base}/games/{game['id']}/")
        connected(page)
        box = page.locator(".votes__scroll")
        box.wait_for()
        widths = box.evaluate("(el) => [el.scrollWidth, el.clientWidth]")
        print(f"phone vote history, 10 players: scroll {widths[0]} in {widths[1]}")  # noqa: T201
        assert widths[0] <= widths[1], widths
        assert no_sideways_scroll(page)
        first_row = page.locator(".votes__table tbody tr").first
        assert first_row.locator(".votes__cell").count() == 10
        label = first_row.locator(".votes__cell svg").first.get_attribute("aria-label") or ""
        assert label.endswith((": approve", ": reject")), label
        part(page, ".votes", "layout-phone-votes-10")
        page.context.close()


def check_talk_tabs(page: Any) -> None:
    """The log and the chat are tabs: one panel at a time, arrows move between them."""
    log_tab = page.get_by_role("tab", name="Log")
    chat_tab = page.get_by_role("tab", name="Table talk")
    assert log_tab.get_attribute("aria-selected") == "true"
    assert page.locator("#game-log").is_visible()
    assert not page.locator("#chat").is_visible()
    log_tab.focus()
    page.keyboard.press("ArrowRight")
    assert chat_tab.get_attribute("aria-selected") == "true"
    assert page.locator("#chat").is_visible()
    assert not page.locator("#game-log").is_visible()
    page.keyboard.press("ArrowLeft")
    assert log_tab.get_attribute("aria-selected") == "true"


def test_a_rematch_accepted_by_all_starts_a_new_game(site: tuple[str, Path]) -> None:
    base, _ = site
    [game] = seeded(site, "rm", 2, "end", "colovini-avalon")["games"]
    assert game["status"] == "finished"
    path = f"/games/{game['id']}/"
    with chromium() as browser:
        first = page_as(browser, base, "rm1", phone=True)
        second = page_as(browser, base, "rm2", phone=False)
        for page in (first, second):
            page.goto(base + path)
            page.wait_for_selector("#rating-changes .rating-change")  # the rating, in words
        first.get_by_role("button", name="Accept the rematch").click()
        first.wait_for_url(re.compile(re.escape(path) + "#rematch$"))
        assert first.get_by_role("button", name="Accept the rematch").count() == 0
        # The other page learns it live, over its game socket.
        second.locator("#rematch .badge--success").wait_for()
        assert second.locator("#rematch .badge--success").count() == 1
        part(second, "#rematch", "rematch-one-accepted")
        part(first, "#rating-changes", "rematch-rating-changes-phone")
        second.get_by_role("button", name="Accept the rematch").click()
        second.wait_for_url(re.compile(r"/games/\d+/$"))
        assert second.url != base + path
        first.get_by_role("link", name="Go to the rematch").click()
        first.wait_for_url(second.url)
        first.wait_for_selector("#phase")
        shot(first, "rematch-new-game-phone", full_page=False)
