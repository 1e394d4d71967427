"""Browser test: Avalon by Leo Colovini (2 players, one on a phone) and Avalon, the jousting
game (3 knights, one on a phone) played for several turns through the pages only, in
headless Chromium against a real ASGI server (the `site` fixture of live_site.py).

The tables are opened and started with the services in a `manage.py shell` of the site's
own database, so the test spends its time on the game pages: picking a card and a region
(CA-5), answering a reaction (CH-3), ending a turn with a tile (CA-16); a free-form offer
(JA-6) accepted by another knight, "done", laying a set (JA-9), the junk pile (JA-13).
Screenshots (desktop and 390px phone) go to test-artifacts/.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from tests.browser import (
    chromium,
    move_and_wait,
    no_sideways_scroll,
    part,
    player_page,
    settle,
    shot,
)

from .live_site import PASSWORD, log_in, site_shell

# The form of a button whose move is of this type (its hidden input holds the move as JSON).
MOVE = "form:has(input[name=move][value*='\"%s\"'])"

SETUP = """
from allauth.account.models import EmailAddress
from accounts.models import User
from games.services.lobby import lobby_create, table_join, table_start
users = []
for name in {names!r}:
    u = User.objects.create_user(username=name.lower(), email=name.lower() + "@camelot.test",
                                 password={password!r})
    EmailAddress.objects.create(user=u, email=u.email, verified=True, primary=True)
    users.append(u)
table = lobby_create(host=users[0], game_slug={slug!r}, seat_count=len(users), options={options!r})
for u in users[1:]:
    table_join(table=table, user=u, invite_code=table.invite_code)
game = table_start(table=table, by=users[0])
print("GAME", game.pk)
"""


def start_game(mail_dir: Path, slug: str, names: list[str], options: dict[str, Any]) -> int:
    code = SETUP.format(names=names, password=PASSWORD, slug=slug, options=options)
    out = site_shell(mail_dir, code)
    return int(re.search(r"GAME (\d+)", out).group(1))  # type: ignore[union-attr]


def open_pages(browser: Any, base: str, names: list[str], game_id: int) -> list[Any]:
    """One logged-in page per player on the game page; the last one is a phone."""
    pages = [player_page(browser, phone=i == len(names) - 1) for i in range(len(names))]
    for page, name in zip(pages, names, strict=True):
        log_in(page, base, name.lower())
        page.goto(f"{base}/games/{game_id}/")
    return pages


def later_views(pages: list[Any], prefix: str, first: int) -> None:
    """Screenshots numbered from `first` of a desk page and of the phone (the last page),
    whole and its parts, once a few turns are played; no page scrolls sideways."""
    phone = pages[-1]
    shot(pages[0], f"{prefix}-{first:02d}-later-desk")
    shot(phone, f"{prefix}-{first + 1:02d}-later-phone")
    for selector in ("#actions", "#board", "#secret"):
        part(phone, selector, f"{prefix}-{first + 2:02d}-phone-{selector[1:]}")
    for page in pages:
        assert no_sideways_scroll(page)


def actor(pages: list[Any]) -> int:
    # Withdrawing is open to every jousting knight at any time (JA-7): it does not say
    # whose turn it is.
    acting = "#actions .action:not(:has(.ja-withdraw))"
    found = [i for i, p in enumerate(pages) if p.locator(acting).count()]
    assert found, "somebody must be able to act"
    return found[0]


def click_and_wait(page: Any, target: Any, seq: int) -> None:
    """Submit, and wait both for the move's own answer and its push (`move_and_wait`: a
    late swap would reset the next form being filled) and for the new move."""
    move_and_wait(page, target.click)
    page.wait_for_selector(f"#phase:not([data-seq='{seq}'])")


def colovini_turn(page: Any, seq: int, plays: int) -> int:
    """One decision of the acting Colovini player; returns the plays made this turn."""
    actions = page.locator("#actions")
    # Moves are found by what they send (each button's form posts its move as JSON, each
    # chip its value), not by their words: the same in every language.
    let_pass = actions.locator(f"{MOVE % 'ca.let_pass'} button")
    if let_pass.count():
        click_and_wait(page, let_pass.first, seq)
        return plays
    if actions.locator("form.ca-play").count() and plays < 2:
        form = actions.locator("form.ca-play")
        form.locator("label.ca-pick").nth(plays % form.locator("label.ca-pick").count()).click()
        form.locator(".ca-regions-pick label.chip").nth(plays * 3 % 11).click()
        form.locator("label.chip:has(input[value='\"reinforce\"'])").click()
        click_and_wait(page, form.locator("button[type=submit]"), seq)
        return plays + 1
    end = actions.locator(f"{MOVE % 'ca.end_turn'} button.move-btn")
    if end.count():
        click_and_wait(page, end.first, seq)  # the first tile offered (CA-16)
        return 0
    click_and_wait(page, actions.locator(".action__buttons button.move-btn").first, seq)
    return plays


def test_colovini_turns_through_the_pages(site: tuple[str, Path]) -> None:
    base, mail_dir = site
    names = ["Morgan", "Nimue"]
    game_id = start_game(mail_dir, "colovini-avalon", names, {})
    with chromium() as browser:
        pages = open_pages(browser, base, names, game_id)
        shot(pages[0], "ca-01-start-desk")
        shot(pages[1], "ca-02-start-phone")
        plays = 0
        turns_seen: set[object] = set()
        for step in range(14):
            seq = settle(pages)
            who = actor(pages)
            if who == 1 and "phone-act" not in turns_seen:
                turns_seen.add("phone-act")
                part(pages[1], "#actions", "ca-07-phone-acting")
            plays = colovini_turn(pages[who], seq, plays)
            turns_seen.add(who)
            if step == 1:
                shot(pages[who], f"ca-03-after-a-play-{'phone' if who else 'desk'}")
        settle(pages)
        assert {0, 1} <= turns_seen  # both players have played
        later_views(pages, "ca", 4)
        for page in pages:
            assert page.locator("#secret [data-card]").count() > 0  # the hand as cards
        browser.close()


def reveal(page: Any, selector: str) -> Any:
    """The first control matching `selector` in the actions panel, brought into view as a
    person would: its numbered step's tab chosen, then its fold (<details>) opened."""
    actions = page.locator("#actions")
    target = actions.locator(selector).first
    step = actions.locator(".action[id^='step-']", has=page.locator(selector))
    if step.count() and not step.first.is_visible():
        tab = actions.locator(f"[role=tab][aria-controls='{step.first.get_attribute('id')}']")
        tab.click()
        step.first.wait_for()
    fold = actions.locator("details:not([open])", has=page.locator(selector))
    if fold.count():
        fold.first.locator("summary").first.click()
    target.wait_for()
    return target


def jousting_step(page: Any, seq: int, offered: list[bool]) -> None:
    actions = page.locator("#actions")
    accept = f"{MOVE % 'ja.accept_offer'} button.move-btn"
    if actions.locator(accept).count():
        click_and_wait(page, reveal(page, accept), seq)
        return
    offer = actions.locator("form.ja-offer")
    if offer.count() and not offered[0]:
        offered[0] = True
        reveal(page, "input[name='l_give.cards']").check()
        reveal(page, "input[name='r_want.coins']").fill("1")
        click_and_wait(page, reveal(page, "form.ja-offer button[type=submit]"), seq)
        return
    no_thanks = "form:has(input[name=move][value*='ja.buy_from_junk'][value*='false']) button"
    take = f"{MOVE % 'ja.draft_card'} button, {MOVE % 'ja.cancel_offer'} button"
    for button in (
        f"{MOVE % 'ja.say_done'} button",
        "form.ja-lay button[type=submit]",
        no_thanks,
        take,
    ):
        if actions.locator(button).count():
            click_and_wait(page, reveal(page, button), seq)
            return
    click_and_wait(page, reveal(page, "button:not(.ja-withdraw):not([role=tab])"), seq)


def test_jousting_turns_through_the_pages(site: tuple[str, Path]) -> None:
    base, mail_dir = site
    names = ["Percival", "Bors", "Galahad"]
    game_id = start_game(mail_dir, "jousting-avalon", names, {})
    with chromium() as browser:
        pages = open_pages(browser, base, names, game_id)
        shot(pages[0], "ja-01-barter-desk")
        shot(pages[2], "ja-02-barter-phone")
        offered = [False]
        phone_shots: list[int] = []
        lay_shots: list[int] = []
        for step in range(16):
            seq = settle(pages)
            if pages[0].locator("text=The tournament is over").count():
                break  # two knights can fall out at one check (JA-7): a short game
            who = actor(pages)
            if who == 2 and not phone_shots:
                phone_shots.append(step)
                part(pages[2], "#actions", "ja-08-phone-acting")
            if pages[who].locator("form.ja-lay").count() and not lay_shots:
                lay_shots.append(step)
                part(pages[who], "#actions", f"ja-09-laying-{'phone' if who == 2 else 'desk'}")
            jousting_step(pages[who], seq, offered)
            if step == 0:
                shot(pages[1], "ja-03-offer-seen-desk")
                shot(pages[2], "ja-04-offer-seen-phone")
        settle(pages)
        assert offered[0]
        assert pages[0].get_by_text(re.compile(r"^Trade: (percival|you) gave", re.I)).count() == 1
        later_views(pages, "ja", 5)
        browser.close()
