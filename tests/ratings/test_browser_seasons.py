"""Browser test of a season rollover (issue 16): games of Jousting finished in December
2026 and in January 2027 (through the services, the clock travelled in the seeding
process); the new season's leaderboard starts fresh with only January's players, the old
season stays readable from its chip, and the profile lists both seasons with the places.
One site, one browser page, three visits."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser import chromium, player_page
from tests.games.live_site import last_json, log_in, site, site_shell  # noqa: F401  (the `site` fixture)

SLUG = "jousting-avalon"
SEED = """
import datetime as dt, json, time_machine
from tests.games.conftest import make_user, play_pending_once, started_game
from tests.games.live_site import PASSWORD
users = [make_user(f"season{n}", password=PASSWORD) for n in range(1, 6)]
def finish(players, at):
    with time_machine.travel(at, tick=False):
        game = started_game(players, slug="jousting-avalon")
        while play_pending_once(game):
            pass
        game.refresh_from_db()
        assert game.status == "finished", game.status
finish(users[:3], dt.datetime(2026, 12, 15, 12, tzinfo=dt.UTC))
finish([users[0], *users[3:]], dt.datetime(2027, 1, 10, 12, tzinfo=dt.UTC))
print(json.dumps([u.username for u in users]))
"""


@pytest.fixture
def one_game_is_enough(monkeypatch: pytest.MonkeyPatch) -> None:
    """The site's season leaderboards list players from their first game (set before the
    `site` fixture starts the server, which reads it from its environment)."""
    monkeypatch.setenv("RATINGS_SEASON_MIN_GAMES", "1")


def test_a_season_rollover_on_the_leaderboard_and_the_profile(
    one_game_is_enough: None,
    site: tuple[str, Path],  # noqa: F811
) -> None:
    base, mail_dir = site
    first, autumn_only, _, winter_only, _ = last_json(site_shell(mail_dir, SEED))
    with chromium() as browser:
        page = player_page(browser)
        page.goto(f"{base}/ratings/{SLUG}/2027-Q1/")
        board = page.locator("table.leaderboard tbody")
        board.get_by_text(winter_only).wait_for()
        assert board.get_by_text(first).count() == 1
        assert board.get_by_text(autumn_only).count() == 0  # a new season starts fresh
        assert "2027, January to March" in page.content()

        page.get_by_role("link", name="2026-Q4").click()  # the old season stays readable
        page.wait_for_url(f"{base}/ratings/{SLUG}/2026-Q4/")
        board.get_by_text(autumn_only).wait_for()
        assert board.get_by_text(winter_only).count() == 0

        log_in(page, base, first)
        page.goto(f"{base}/accounts/profile/")
        seasons = page.locator("table.seasons tbody tr")
        seasons.first.wait_for()
        assert [row.split()[0] for row in seasons.all_inner_texts()] == ["2027-Q1", "2026-Q4"]
