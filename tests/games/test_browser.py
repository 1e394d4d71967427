"""Browser test: five players in five headless Chromium contexts (one of them phone-sized)
sign up through the pages (reading the verification email), log in, open a private table
of The Resistance: Avalon and join it by its invite link (the last to sit watches the seats
fill live from the invite page), play a whole game to the end through the pages only (plain
forms, live websocket updates), then chat and step through the replay. Screenshots go to
test-artifacts/ (git-ignored).

The site runs as a real ASGI server (uvicorn) in a subprocess with its own database (the
`site` fixture, tests/games/live_site.py): the test talks to it only over HTTP and
websockets, as players do.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from tests.browser import (
    DESK,
    PHONE,
    chromium,
    move_and_wait,
    no_sideways_scroll,
    settle,
    shot,
)

from .live_site import signed_up_pages

NAMES = ["Arthur", "Gawain", "Lancelot", "Tristan", "Gareth"]


def act(page: Any, state: dict[str, int]) -> None:
    """Play whatever this page offers: a team of the asked size, approve, Success (Evil
    fails the first two quests it can), or the first target offered."""
    form = page.locator("#actions .action").first
    title = form.locator(".action__title").inner_text()
    if form.locator("form.composed").count():
        # "Choose 2 knights for Quest 1": the first number is the team's size.
        size = int(re.search(r"\d+", title).group(0))  # type: ignore[union-attr]
        chips = form.locator("label.chip")
        for n in range(size):
            chips.nth(n).click()
        form.locator("form.composed button[type=submit]").click()
        return
    # Each button's form posts its move as JSON (keys sorted): chosen by the move, not by
    # its words, so a page in any language plays the same.
    moves = form.locator("input[name=move]")
    sent = [json.loads(moves.nth(n).get_attribute("value") or "{}") for n in range(moves.count())]
    fail = [m.get("type") == "ra.play_quest_card" and m.get("success") is False for m in sent]
    approve = [m.get("type") == "ra.vote" and m.get("approve") is True for m in sent]
    choice = 0
    if any(fail) and state["fails"] < 2:
        choice = fail.index(True)
        state["fails"] += 1
    elif any(approve):
        choice = approve.index(True)
    form.locator("button.move-btn").nth(choice).click()


def test_five_players_play_a_whole_game_through_the_pages(site: tuple[str, Path]) -> None:
    from playwright.sync_api import expect

    base, _ = site
    with chromium() as browser:
        pages = signed_up_pages(browser, site, NAMES, phone=4)

        host = pages[0]
        host.goto(f"{base}/tables/new/?game=resistance-avalon")
        host.fill("input[name=seat_count]", "5")
        host.check("input[name=opt_percival]")
        host.check("input[name=opt_morgana]")
        host.fill("input[name=title]", "Camelot Friday")
        host.select_option("select[name=visibility]", "private")
        shot(host, "01-create-table")
        host.click("form.create-form button[type=submit]")
        host.wait_for_url(re.compile(r"/tables/\d+/$"))
        shot(host, "02-table-host")
        # The host's page at a phone's width too (the invite link and "New invite link").
        host.set_viewport_size(PHONE["viewport"])
        shot(host, "02-table-host-phone")
        assert no_sideways_scroll(host)
        host.set_viewport_size(DESK["viewport"])
        invite_url = host.locator("input.invite").input_value()
        pages[1].goto(f"{base}/lobby/")
        shot(pages[1], "03-lobby")
        # A private table: everyone comes by its invite link, and waits there unseated.
        for page in pages[1:]:
            page.goto(invite_url)
        for i, page in enumerate(pages[1:], start=1):
            page.click("text=Take a seat")
            page.wait_for_selector(".seat-row:has-text('(you)')")
            if i < 4:
                # The last one, still unseated, sees each seat taken: its page's seat
                # refresh carries the invite code (it was a 404 without it).
                pages[4].locator(".seat-row__name", has_text=NAMES[i]).wait_for()
        shot(pages[4], "04-table-phone")
        host.wait_for_selector(".seat-row >> nth=4")  # the host's page refreshed its seats
        # The refresh brings the invite panel anew: its copy button is shown again.
        expect(host.locator("button[data-copy]")).to_be_visible()
        host.click("text=Start the game")
        host.wait_for_url(re.compile(r"/games/\d+/$"))
        game_path = urlsplit(host.url).path
        for page in pages[1:]:
            # The table page's websocket sends everyone on to the game.
            page.wait_for_url(re.compile(re.escape(game_path) + "$"))

        state = {"fails": 0}
        seen: set[str] = set()
        for _ in range(200):
            if host.locator("text=Watch the replay").count():
                break
            seq = settle(pages)
            actor = next(
                (i for i, p in enumerate(pages) if p.locator("#actions .action").count()), None
            )
            assert actor is not None, "somebody must be able to act"
            page = pages[actor]
            title = page.locator(".action__title").first.inner_text().split()[0].lower()
            if title not in seen:
                seen.add(title)
                shot(page, f"1{len(seen)}-{title}-{'phone' if actor == 4 else 'desk'}")
            move_and_wait(page, lambda: act(page, state))  # noqa: B023  (called at once)
            page.wait_for_selector(f"#phase:not([data-seq='{seq}'])")
        for page in pages:
            page.wait_for_selector("text=Watch the replay")
        shot(pages[0], "20-finished-desk")
        shot(pages[4], "21-finished-phone")

        # The log and the table talk are tabs (static/js/site.js): open the talk to read it.
        chat, reader = pages[2], pages[0]
        for page in (chat, reader):
            page.get_by_role("tab", name="Table talk").click()
        chat.fill("#chat-body", "Well played, <b>all</b>!")
        chat.press("#chat-body", "Enter")
        # The message (escaped, shown as typed) in the reader's table talk; the log has it too.
        reader.locator("#chat").get_by_text("Well played, <b>all</b>!").wait_for()
        # static/js/site.js empties the chat form once the message was accepted.
        expect(chat.locator("#chat-body")).to_have_value("")
        shot(pages[0], "22-chat")
        # Flood control (the live site allows 2 lines in ten minutes): the refusal is said under
        # the form, in words, and the line stays in the box to send later.
        browser.watch.expected += ["status of 429", "Error Code 429"]
        chat.fill("#chat-body", "Second line")
        chat.press("#chat-body", "Enter")
        expect(chat.locator("#chat-body")).to_have_value("")
        chat.fill("#chat-body", "Third line, too fast")
        chat.press("#chat-body", "Enter")
        refusal = chat.locator("#chat [role=alert]")
        expect(refusal).to_contain_text("You are sending messages too fast: wait")
        expect(chat.locator("#chat-body")).to_have_value("Third line, too fast")
        shot(chat, "23-chat-too-fast")

        viewer = pages[1]
        viewer.click("text=Watch the replay")
        viewer.wait_for_url(re.compile(r"/replay/"))
        viewer.click("text=As Arthur")
        viewer.wait_for_url(re.compile(r"as=\d"))
        viewer.get_by_label("First event").click()
        viewer.click("text=Next ▶")
        viewer.click("text=Next ▶")
        assert "Event 3 of" in viewer.inner_text(".stepper")
        shot(viewer, "23-replay-as-player")
        pages[4].goto(f"{base}{game_path}replay/?as=all&step=12")
        shot(pages[4], "24-replay-all-phone")
        assert no_sideways_scroll(pages[4])
        browser.close()


def test_a_player_the_host_removes_is_told_so_on_the_open_table_page(
    site: tuple[str, Path],
) -> None:
    """The seats refresh live on the removed player's page, which still said "You took a
    seat." and nothing of the removal; now it says the host removed them."""
    from playwright.sync_api import expect

    base, _ = site
    with chromium() as browser:
        host, guest = signed_up_pages(browser, site, ["Arthur", "Kay"], phone=1)
        host.goto(f"{base}/tables/new/?game=tournament-camelot")
        host.click("form.create-form button[type=submit]")
        host.wait_for_url(re.compile(r"/tables/\d+/$"))
        guest.goto(host.url)
        guest.click("form[action$='/join/'] button[type=submit]")
        guest.wait_for_selector(".seat-row:has-text('(you)')")
        host.wait_for_selector(".seat-row:has-text('Kay')")
        notice = guest.locator("#table-unseated")
        expect(notice).to_be_hidden()
        host.click(".seat-row:has-text('Kay') form[action$='/remove/'] button")
        expect(notice).to_be_visible()
        expect(guest.locator(".seat-row:has-text('(you)')")).to_have_count(0)
        expect(guest.get_by_text("You took a seat.")).to_be_hidden()
        shot(guest, "table-removed-phone")
