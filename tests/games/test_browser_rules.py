"""Browser test: a How to play page at a desk (1280 px) and on a phone (390 px), opened at
a rule's anchor as a rule link opens it: the rule is in view and marked, nothing scrolls
sideways, in English and in French, and the harness fails the test on any console error or
CSP violation.
Screenshots: test-artifacts/how-to-play-*.png."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser import no_sideways_scroll, one_page, shot

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize(("width", "height", "name"), [(1280, 900, "desk"), (390, 844, "phone")])
def test_tt10_a_rule_link_lands_on_its_rule_at_desk_and_phone_sizes(
    live_server: Any, width: int, height: int, name: str
) -> None:
    """TT-10 (Following suit) is what the hand's help links to: its anchor on the page."""
    with one_page(width, height) as page:
        page.goto(f"{live_server.url}/rules/tournament-avalon/#TT-10")
        rule = page.locator("#TT-10")
        rule.wait_for()
        assert rule.is_visible()
        assert rule.locator("h3").inner_text() == "Following suit"
        box = rule.bounding_box()
        assert box is not None
        assert 0 <= box["y"] < height  # scrolled into view
        # The :target style marks the rule the link pointed to.
        marked = rule.evaluate("e => getComputedStyle(e).borderLeftColor")
        assert marked != "rgba(0, 0, 0, 0)"
        assert no_sideways_scroll(page)
        shot(page, f"how-to-play-{name}-at-rule", full_page=False)
        page.goto(f"{live_server.url}/rules/tournament-avalon/")
        assert no_sideways_scroll(page)
        shot(page, f"how-to-play-{name}-top", full_page=False)
        if width >= 1000:
            shot(page, f"how-to-play-{name}-whole")
        # In French (the browser asks for it), Camelot's page (another document, so the page
        # is loaded again): the same anchor, the rule in French, and the longer French lines
        # still fit the screen.
        page.set_extra_http_headers({"Accept-Language": "fr"})
        page.goto(f"{live_server.url}/rules/tournament-camelot/#TT-10")
        assert page.locator("h1").inner_text() == "Le Tournoi de Camelot"
        assert rule.locator("h3").inner_text() == "Fournir"
        box = rule.bounding_box()
        assert box is not None
        assert 0 <= box["y"] < height
        assert no_sideways_scroll(page)
        shot(page, f"how-to-play-{name}-fr-at-rule", full_page=False)
