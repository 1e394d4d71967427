"""Browser test (issues 16 and 12): one person alone signs up in French (the browser asks for
fr-FR), and for each of the five games opens a table through the create form with bots in
every other seat, starts it and plays the whole game through the pages against the bots, to
"Watch the replay" ("Revoir la partie"). Every control is found by its name, form or the move
it sends, never by its words; the profile, each table page, each game under way and each
finished game are checked for English interface texts (`french_page_leaks`, the detection of
tests/site/test_i18n.py). The English playthroughs are the other browser tests'. The bots
answer through the same move path (the site runs with BOT_MOVE_DELAY_SECONDS=0:
tests/games/live_site.py): in the site's process in embedded mode, through a Celery worker's
tasks on Redis, as in production (`site_with_worker`). They are marked as bots on the table
and in the players panel. The Resistance is played on a phone-sized page, the others
desk-sized (see the loop). Screenshots: test-artifacts/fr-bots-*.png.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.browser import chromium, move_and_wait, no_sideways_scroll, pushed_seq, seq_of, shot
from tests.site.i18n_support import english_interface_texts, french_page_leaks

from .live_site import signed_up_pages
from .test_browser import act as resistance_act
from .test_browser_colovini_jousting import colovini_turn, jousting_step
from .test_browser_tournament import act as tournament_act

DESK_SIZE = {"width": 1280, "height": 900}
# English known to remain on these French pages (none now: the log's "bot" badge and the
# Tournament's "Characters" option are fixed). Any English found fails the test.
LEFTOVERS: set[str] = set()

# (game, seats, options filled in on the create form): the smallest table of each game,
# and the shorter Tournament (300 Health).
GAMES: list[tuple[str, int, dict[str, str]]] = [
    ("resistance-avalon", 5, {}),
    ("tournament-camelot", 2, {"select[name=opt_health]": "300"}),
    ("tournament-avalon", 3, {"select[name=opt_health]": "300"}),
    ("colovini-avalon", 2, {}),
    ("jousting-avalon", 3, {}),
]


def open_table_with_bots(
    page: Any, base: str, slug: str, seats: int, options: Any, check: Callable[[str], None]
) -> None:
    page.goto(f"{base}/tables/new/?game={slug}")
    page.fill("input[name=seat_count]", str(seats))
    for selector, value in options.items():
        page.select_option(selector, value)
    page.fill("input[name=bots]", str(seats - 1))
    page.click("form.create-form button[type=submit]")
    page.wait_for_url(re.compile(r"/tables/\d+/$"))
    assert page.locator(".seat-row--bot").count() == seats - 1
    check(f"{slug}: table")
    if slug == "resistance-avalon":
        shot(page, "fr-bots-01-table-phone")
    page.click("form[action$='/start/'] button[type=submit]")
    page.wait_for_url(re.compile(r"/games/\d+/$"))


def my_turn(page: Any, base: str) -> bool:
    """Wait until the bots have answered (the game waits for nobody but the person, or is
    over) and the page shows that move, then say whether the page offers the person a move
    (True) or shows the end (False). The bots answer within the request that made them
    due in embedded mode, else in the Celery worker, each bot's move a push of its own."""
    game_id = re.search(r"/games/(\d+)/", page.url).group(1)  # type: ignore[union-attr]
    for _ in range(300):
        feed = page.request.get(f"{base}/api/games/{game_id}/").json()
        if feed["status"] != "playing" or set(feed["pending_seats"]) <= {feed["my_seat"]}:
            break
        page.wait_for_timeout(100)
    else:
        raise AssertionError(f"the bots did not answer: {feed['pending_seats']}")
    # The socket's update of that move too: once it is in, nothing swaps the page's forms
    # while the person fills one in.
    for _ in range(300):
        if pushed_seq(page) >= feed["seq"]:
            break
        page.wait_for_timeout(100)
    page.wait_for_selector(f"#phase[data-seq='{feed['seq']}']")
    # A jousting knight may always withdraw (JA-7): that offer does not make it their turn.
    # Several moves at once show as numbered steps, all but the chosen one hidden.
    move = page.locator("#actions .action:not(:has(.ja-withdraw))")
    replay = page.locator("#phase a[href$='/replay/']")
    move.or_(replay).first.wait_for(state="attached")
    return not replay.count()


def play_one(page: Any, slug: str, memory: dict[str, Any]) -> None:
    """One move of the person, as the other browser tests play each game."""
    seq = seq_of(page)
    if slug == "colovini-avalon":
        memory["plays"] = colovini_turn(page, seq, memory.get("plays", 0))
    elif slug == "jousting-avalon":
        # No offer of the person's own: the barter's offer form sits in a step of its own
        # there; accepting the bots' offers, saying done and laying sets are played.
        jousting_step(page, seq, memory.setdefault("offered", [True]))
    elif slug == "resistance-avalon":
        move_and_wait(page, lambda: resistance_act(page, memory.setdefault("fails", {"fails": 0})))
    else:
        tournament_act(page)  # waits for its answer and its push itself


def test_a_person_alone_plays_each_game_to_the_end_against_bots_in_french(
    site_with_worker: tuple[str, Path],
) -> None:
    site = site_with_worker
    base, _ = site
    english = english_interface_texts()
    leaks: dict[str, list[str]] = {}

    def check(name: str) -> None:
        found = [t for t in french_page_leaks(page.content(), english) if t not in LEFTOVERS]
        if found:
            leaks[name] = found

    with chromium() as browser:
        (page,) = signed_up_pages(browser, site, ["Yvain"], phone=-1, locale="fr-FR")
        check("profile")
        for slug, seats, options in GAMES:
            # The Resistance on a phone; the others desk-sized, as the other browser tests
            # drive them (their card menus and the barter's steps differ on a phone).
            phone = slug == "resistance-avalon"
            page.set_viewport_size({"width": 390, "height": 844} if phone else DESK_SIZE)
            open_table_with_bots(page, base, slug, seats, options, check)
            assert page.locator(".player [data-bot]").count() == seats - 1
            memory: dict[str, Any] = {}
            started = time.monotonic()
            for step in range(1500):
                if not my_turn(page, base):
                    break
                if step == 3:
                    shot(page, f"fr-bots-{slug}-playing", full_page=False)
                    check(f"{slug}: under way")
                play_one(page, slug, memory)
                error = page.locator("#actions .message--error")
                assert not error.count(), f"{slug} step {step}: {error.first.inner_text()}"
            else:
                raise AssertionError(f"{slug}: the game did not end")
            print(f"{slug}: {step} moves of the person, {time.monotonic() - started:.0f} s")  # noqa: T201
            shot(page, f"fr-bots-{slug}-finished", full_page=False)
            check(f"{slug}: over")
            assert no_sideways_scroll(page)
        browser.close()
    assert not leaks, "English on French pages:\n" + "\n".join(
        f"{k}: {v}" for k, v in leaks.items()
    )
