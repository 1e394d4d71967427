"""Browser test of a power's decision (TH-9) in Tournament at Camelot: three players open a
table with chosen characters (Guinevere at the second seat) and play through the pages
until Guinevere's player has answered her question twice ("you would lose this Melee: pass
the loss on?") with the page's buttons. Screenshots of the question go to
test-artifacts/tournament-choice-*.png.
"""

from __future__ import annotations

from pathlib import Path

from tests.browser import chromium, move_and_wait, settle, shot

from .live_site import signed_up_pages
from .test_browser_tournament import act, open_seat_and_start, the_actor

NAMES = ["Elaine", "Percy", "Gareth"]


def test_a_player_answers_guinevere_twice_through_the_page(site: tuple[str, Path]) -> None:
    base, _ = site
    with chromium() as browser:
        pages = signed_up_pages(browser, site, NAMES, phone=-1)
        host = pages[0]
        host.goto(f"{base}/tables/new/?game=tournament-camelot")
        host.fill("input[name=seat_count]", "3")
        host.select_option("select[name=opt_health]", "300")
        for character in ("king-arthur", "guinevere", "sir-gawain"):  # seats in this order
            host.check(f"input[name=opt_characters][value={character}]")
        open_seat_and_start(pages, base)
        # The seat order is drawn at the start (lobby.table_start), so which page holds the
        # second seat, Guinevere's, is read from the players panel (listed in seat order).
        second = [p.locator(".players__list > li").nth(1).get_attribute("class") for p in pages]
        [guinevere] = [i for i, classes in enumerate(second) if "player--me" in classes]
        others = [p for i, p in enumerate(pages) if i != guinevere]

        answers: list[str] = []
        for _step in range(3000):
            if len(answers) >= 2 or host.locator("text=Watch the replay").count():
                break
            seq = settle(pages)
            actor = the_actor(pages)
            assert actor is not None, "somebody must be able to act"
            page = pages[actor]
            title = page.locator(".action__title").first.inner_text()
            keep = page.locator("#actions .action").first.get_by_text("Keep Guinevere for later")
            if title.startswith("Guinevere") and keep.count():  # her own question
                assert actor == guinevere, "only Guinevere's player (the second seat) is asked"
                for other in others:  # the others see who is waited for
                    assert "decides whether to use Guinevere" in other.inner_text("#phase")
                    assert not other.locator("#actions .action").count()
                buttons = page.locator("#actions .action").first.locator("button.move-btn")
                labels = [buttons.nth(i).inner_text() for i in range(buttons.count())]
                assert any(label.startswith("Pass the loss on") for label in labels), labels
                assert any(label.startswith("Keep Guinevere for later") for label in labels)
                shot(page, f"tournament-choice-{len(answers) + 1}-asked")
                shot(others[0], f"tournament-choice-{len(answers) + 1}-others-wait")
                # first time keep her for later, then pass the loss on
                pick = 1 if not answers else 0
                answers.append(labels[pick])
                move_and_wait(page, buttons.nth(pick).click)
            else:
                act(page)
            page.wait_for_selector(f"#phase:not([data-seq='{seq}'])")
            error = page.locator("#actions .message--error")
            assert not error.count(), error.first.inner_text()
        assert len(answers) >= 2, answers
        settle(pages)
        log = others[-1].inner_text("body")  # another seat reads both answers in the log
        assert "keeps Guinevere for later" in log
        assert "chooses to use Guinevere" in log
        shot(others[-1], "tournament-choice-3-log")
        browser.close()
