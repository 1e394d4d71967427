"""Browser tests (issue 12): a seat played with the keyboard only (tests/games/keyboard.py:
Tab, Space, the arrows and Enter, never a click), the other seats through the REST API.

- The Resistance: Avalon, a whole game: the team is ticked with Space, votes and quest
  cards are buttons reached with Tab, the Assassin's target chosen with the arrows.
- Tournament at Camelot, a full round (every knight plays, the round is scored): a card
  from the hand, opened with Enter when it offers several ways to play it.

Each time the move comes back to the keyboard's seat after the others moved, the page's
live region (#live-news, static/js/site.js) must say "Your turn." after what changed, in
the words of the log; what it said is printed.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from tests.browser import DESK, chromium, pushed_seq, shot

from .keyboard import ApiSeats, KeyboardSeat, api_tokens
from .live_site import log_in
from .test_browser_layout import seeded

LIVE = "#live-news"


def keyboard_page(browser: Any, base: str, username: str, game_id: int) -> Any:
    context = browser.new_context(**DESK)
    context.set_default_timeout(20_000)
    page = context.new_page()
    log_in(page, base, username)
    page.goto(f"{base}/games/{game_id}/")
    return page


def shown(page: Any, seq: int) -> None:
    """The page shows move `seq`, and its socket has delivered it (a push of the same
    move after the move's own response would swap the controls under the keys)."""
    page.wait_for_selector(f"#phase[data-seq='{seq}']")
    for _ in range(400):
        if pushed_seq(page) >= seq:
            return
        page.wait_for_timeout(50)
    raise AssertionError(f"the socket never delivered move {seq}")


def turn_news(page: Any) -> str:
    """Wait until the live region says it is the reader's turn; its text."""
    from playwright.sync_api import expect

    expect(page.locator(LIVE)).to_contain_text("Your turn.")
    text: str = page.locator(LIVE).text_content() or ""
    return text


def play(
    site: tuple[str, Path],
    slug: str,
    players: int,
    move: Any,
    done: Any,
    name: str,
) -> list[str]:
    """Seed a game of `slug`, open its page as the first user and play the keyboard seat
    with `move(kb)` until `done(page, feed)`; returns the live region's words each time
    the turn came back after the others moved."""
    base, _ = site
    seed = seeded(site, name, players, "0", slug)
    [game] = seed["games"]
    users = seed["users"][:players]
    keyboard = users[0]
    api = ApiSeats(base, game["id"], api_tokens(site, users))
    news: list[str] = []
    with chromium() as browser:
        page = keyboard_page(browser, base, keyboard, game["id"])
        kb = KeyboardSeat(page)
        waited = False  # the keyboard's seat was not to move after its last move
        for _ in range(400):
            seq = api.play_others(keyboard)
            feed = api.feed(keyboard)
            shown(page, seq)
            if done(page, feed):
                break
            assert feed["my_seat"] in feed["pending_seats"], feed["pending_seats"]
            if waited:
                news.append(turn_news(page))
            move(kb)
            page.wait_for_selector(f"#phase:not([data-seq='{seq}'])")
            error = page.locator("#actions .message--error")
            assert not error.count(), error.first.inner_text()
            after = api.feed(keyboard)
            waited = after["my_seat"] not in after["pending_seats"]
        else:
            raise AssertionError(f"{slug}: not done")
        shot(page, f"keyboard-{slug}", full_page=False)
        page.context.close()
    print(f"{slug}: {kb.presses} key presses; the live region said:")  # noqa: T201
    for line in news:
        print(f"  {line}")  # noqa: T201
    return news


def resistance_move(kb: KeyboardSeat) -> None:
    """The Resistance's moves by keys: tick the team with Space, choose the Assassin's
    target with an arrow, press the first vote or quest button with Enter."""
    action = kb.page.locator("#actions .action").first
    if action.locator("form.composed input[type=checkbox]").count():
        title = action.locator(".action__title").inner_text()
        size = int(re.search(r"(\d+)", title).group(1))  # type: ignore[union-attr]
        for _ in range(size):
            kb.tab_to("#actions form.composed input[type=checkbox]:not(:checked)")
            kb.press("Space")
        kb.tab_to("#actions form.composed button[type=submit]")
    elif action.locator("form.composed input[type=radio]").count():
        kb.tab_to("#actions form.composed input[type=radio]")
        kb.press("ArrowDown")  # the second target: the arrows move the choice
        kb.tab_to("#actions form.composed button[type=submit]")
    else:
        kb.tab_to("#actions .action button.move-btn")
    kb.press("Enter")


def test_a_whole_resistance_game_with_the_keyboard_only(site: tuple[str, Path]) -> None:
    def over(page: Any, feed: dict[str, Any]) -> bool:
        return bool(feed["status"] != "playing")

    news = play(site, "resistance-avalon", 5, resistance_move, over, "kbr")
    assert news, "the turn never came back to the keyboard's seat after the others moved"
    assert all(len(line) > len("Your turn.") for line in news), news


def tournament_move(kb: KeyboardSeat) -> None:
    """Tournament's moves by keys: a card button of the hand with Enter; a card with
    several ways to play opens with Enter on its summary, then its first way (a wild card's
    form keeps its default value and Lead Suit); any other move is its first button."""
    action = kb.page.locator("#actions .action").first
    if action.locator(".hand--play button.card-btn").count():
        kb.tab_to("#actions .hand--play button.card-btn")
    elif action.locator(".hand--play summary.card-btn").count():
        kb.tab_to("#actions .hand--play summary.card-btn")
        kb.press("Enter")  # opens the card's menu
        kb.page.locator("#actions details.card-menu[open]").wait_for()
        kb.tab_to("#actions details.card-menu[open] .card-menu__body button")
    else:
        kb.tab_to(
            "#actions .action button.move-btn, #actions .action button.tchoice, "
            "#actions .action form.composed button[type=submit], "
            "#actions .action form.dusk-form button[type=submit], "
            "#actions .action .hand ~ form button"
        )
    kb.press("Enter")


def test_a_full_tournament_round_with_the_keyboard_only(site: tuple[str, Path]) -> None:
    def next_round(page: Any, feed: dict[str, Any]) -> bool:
        round_two = page.locator(".tchip", has_text=re.compile(r"Round\s*2"))
        return bool(feed["status"] != "playing" or round_two.count())

    news = play(site, "tournament-camelot", 2, tournament_move, next_round, "kbt")
    assert news, "the turn never came back to the keyboard's seat after the others moved"
