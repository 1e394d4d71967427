"""Browser test (headless Chromium): a phone-sized visitor signs up through the pages,
follows the verification link from the email (which signs in), opens the folded menu and
edits the profile; the layout never scrolls sideways and the keyboard reaches the skip link
first."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.core import mail

from tests.browser import no_sideways_scroll, page_fixture

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "Grail-quest-1191!"


page = page_fixture(360, 740)  # a phone


def test_signup_verify_login_and_profile_on_a_phone(page: Any, live_server: Any) -> None:
    base = live_server.url
    page.goto(base + "/")
    assert no_sideways_scroll(page)
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.className") == "skip-link"

    page.get_by_role("button", name="Menu").click()  # a phone: the menu is folded
    page.get_by_role("link", name="Sign up").first.click()
    page.get_by_label("Username").fill("elaine")
    page.get_by_label("Email").fill("elaine@astolat.test")
    page.get_by_label("Password:", exact=True).fill(PASSWORD)
    page.get_by_label("Password (again)").fill(PASSWORD)
    # site.js filled the hidden time zone field from the browser (issue 11).
    browser_zone = page.evaluate("Intl.DateTimeFormat().resolvedOptions().timeZone")
    assert page.locator("input[name=time_zone]").input_value() == browser_zone
    page.get_by_role("button", name="Sign up").click()
    page.wait_for_url(re.compile(r"/accounts/confirm-email/$"))
    assert page.get_by_role("heading", name="Check your email").is_visible()
    assert no_sideways_scroll(page)

    [message] = [m for m in mail.outbox if "elaine@astolat.test" in m.to]
    link = re.search(r"https?://\S+/accounts/confirm-email/\S+", str(message.body))
    assert link is not None
    page.goto(link.group(0))
    page.get_by_role("button", name="Confirm my address").click()

    # Confirming signs you in (issue 11); on a phone the menu folds behind its button.
    menu = page.get_by_role("button", name="Menu")
    menu.wait_for()
    assert no_sideways_scroll(page)
    assert not page.get_by_role("link", name="Profile", exact=True).is_visible()
    menu.click()
    assert menu.get_attribute("aria-expanded") == "true"
    assert page.get_by_role("button", name=re.compile("Log out")).is_visible()

    page.get_by_role("link", name="Profile", exact=True).click()
    assert no_sideways_scroll(page)
    page.get_by_label("Display name").fill("Elaine of Astolat")
    page.get_by_label("Time zone").select_option("Europe/London")
    page.get_by_label("Daily digest").check()
    page.get_by_role("button", name="Save profile").click()
    assert page.get_by_text("Your profile is saved.").is_visible()

    # Read back from a fresh page load (the ORM cannot run beside Playwright's event loop).
    page.reload()
    assert page.get_by_label("Display name").input_value() == "Elaine of Astolat"
    assert page.get_by_label("Time zone").input_value() == "Europe/London"
    assert page.get_by_label("Daily digest").is_checked()
