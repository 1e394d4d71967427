"""Browser test of coming back (issue 11), for each of the five games: a player opens the
game, goes away while the table plays on, and comes back on a desk (1280 px) and later on a
phone (390x844): the page opens with "Since your last visit" (the rounds in plain words,
then what they must do now) and the log marks where their last visit ended.

The table's moves while the player is away are made with the services in a `manage.py
shell` of the site's own database (their own seat too, as the clock or a bot would), so
the test spends its time on the pages. Screenshots go to test-artifacts/come-back-*.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser import (
    chromium,
    connected,
    no_sideways_scroll,
    part,
    player_page,
    seq_of,
    shot,
)

from .live_site import log_in, site_shell
from .test_browser_colovini_jousting import reveal, start_game

# Play `steps` rounds of every pending seat's first legal move, then on until the away
# player (by username) has a move to make, so the page has something to ask of them.
PLAY = """
from games.engine.core import to_json
from games.log import definition_of, load_state
from games.models import Game, Seat
from games.services.moves import move_submit
game = Game.objects.get(pk={game_id})
definition = definition_of(game)
users = {{s.position: s.user for s in Seat.objects.filter(table_id=game.table_id)}}
away = next(p for p, u in users.items() if u.username == {away!r})
for step in range(60):
    game.refresh_from_db()
    if game.status != "playing":
        break
    state = load_state(game, definition)
    pending = sorted(definition.pending_seats(state))
    if step >= {steps} and away in pending:
        break
    for seat in pending:
        game.refresh_from_db()
        state = load_state(game, definition)
        if game.status != "playing" or seat not in definition.pending_seats(state):
            continue
        move = definition.legal_moves(state, seat)[0]
        move_submit(game=game, user=users[seat], move_json=to_json(move),
                    expected_seq=game.state_seq)
print("SEQ", Game.objects.get(pk={game_id}).state_seq)
"""

GAMES: dict[str, tuple[list[str], dict[str, Any], int]] = {
    "resistance-avalon": (["Arthur", "Tristan", "Percival", "Gawain", "Kay"], {}, 2),
    "tournament-camelot": (["Arthur", "Tristan", "Percival"], {}, 6),
    "tournament-avalon": (["Arthur", "Tristan", "Percival"], {}, 6),
    "colovini-avalon": (["Arthur", "Nimue"], {}, 4),
    "jousting-avalon": (["Arthur", "Tristan", "Percival"], {}, 6),
}


def table_plays(mail_dir: Path, game_id: int, away: str, steps: int) -> None:
    code = PLAY.format(game_id=game_id, away=away, steps=steps)
    site_shell(mail_dir, code)


def comes_back(page: Any, base: str, game_id: int, name: str) -> None:
    """The player opens the game again: the summary, the marker, what to do now."""
    page.goto(f"{base}/games/{game_id}/")
    since = page.locator("#since")
    since.wait_for()
    assert "Since your last visit" in since.inner_text()
    assert since.locator(".since__round").count() >= 1
    assert since.locator(".since__now").inner_text().strip()
    assert page.locator("#last-visit").count() == 1
    assert page.locator(".log__round").count() >= 1
    # The banner speaks to the player, never of them in the third person.
    phase = page.locator("#phase").inner_text()
    if "Your move" in phase:
        assert name not in phase
    assert no_sideways_scroll(page)


def acts_without_a_jump(page: Any) -> None:
    """A one-button move from the middle of the page: afterwards the page has not jumped
    back to the top, the focus is on what comes next (not lost to the page), and the
    summary no longer asks for that move."""
    selector = ".action__buttons button.move-btn"
    if not page.locator("#actions").locator(selector).count():
        return  # this game's move here is a composed form: played elsewhere
    button = reveal(page, selector)  # its step's tab chosen first when the move has steps
    button.scroll_into_view_if_needed()
    page.evaluate("window.scrollBy(0, 40)")
    seq = page.get_attribute("#phase", "data-seq")
    with page.expect_response(lambda r: r.url.endswith("/move/")):
        button.click()
    page.wait_for_selector(f"#phase:not([data-seq='{seq}'])")
    # Focused: the next move's first control, or the banner when there is none.
    page.locator("#actions :focus, #phase:focus").first.wait_for()
    assert page.evaluate("window.scrollY") > 0
    page.locator("#since .since__now").wait_for(state="hidden")


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_coming_back_after_being_away(site: tuple[str, Path], slug: str) -> None:
    base, mail_dir = site
    names, options, steps = GAMES[slug]
    away = names[0]
    game_id = start_game(mail_dir, slug, names, options)
    prefix = f"come-back-{slug}"
    with chromium() as browser:
        desk = player_page(browser)
        phone = player_page(browser, phone=True)
        for page in (desk, phone):
            log_in(page, base, away.lower())
        desk.goto(f"{base}/games/{game_id}/")  # the first visit: seen up to the deal
        desk.goto(f"{base}/")  # away

        table_plays(mail_dir, game_id, away.lower(), steps)
        comes_back(desk, base, game_id, away)
        shot(desk, f"{prefix}-1-desk")
        part(desk, "#since", f"{prefix}-2-desk-since")
        part(desk, ".game__log", f"{prefix}-3-desk-log")
        acts_without_a_jump(desk)
        desk.goto(f"{base}/")  # away again

        table_plays(mail_dir, game_id, away.lower(), steps)
        comes_back(phone, base, game_id, away)
        shot(phone, f"{prefix}-4-phone", full_page=False)
        part(phone, "#since", f"{prefix}-5-phone-since")
        part(phone, ".game__log", f"{prefix}-6-phone-log")
        # The log's Decisions filter leaves only the story's lines.
        phone.locator(".log-filter label:has-text('Decisions')").click()
        assert phone.locator(".log__line--detail:visible").count() == 0
        part(phone, ".game__log", f"{prefix}-7-phone-log-decisions")


# One move of a pending seat, another's than the player's (by username) when there is one.
ONE_MOVE = """
from games.engine.core import to_json
from games.log import definition_of, load_state
from games.models import Game, Seat
from games.services.moves import move_submit
game = Game.objects.get(pk={game_id})
definition = definition_of(game)
users = {{s.position: s.user for s in Seat.objects.filter(table_id=game.table_id)}}
pending = sorted(definition.pending_seats(load_state(game, definition)),
                 key=lambda p: users[p].username == {away!r})
move = definition.legal_moves(load_state(game, definition), pending[0])[0]
move_submit(game=game, user=users[pending[0]], move_json=to_json(move),
            expected_seq=game.state_seq)
"""


def test_the_summarys_now_line_goes_once_the_table_moves_on(site: tuple[str, Path]) -> None:
    """What was to do on arrival (or whom the table waited for) is the summary's last line;
    a move of the table pushed to the open page made it stale ("Bot 4 is choosing a team"
    under a team already proposed), so it goes; the rounds stay."""
    base, mail_dir = site
    names, _options, steps = GAMES["resistance-avalon"]
    game_id = start_game(mail_dir, "resistance-avalon", names, {})
    with chromium() as browser:
        page = player_page(browser, phone=True)
        log_in(page, base, "arthur")
        page.goto(f"{base}/games/{game_id}/")  # the first visit: seen up to the deal
        page.goto(f"{base}/")
        table_plays(mail_dir, game_id, "arthur", steps)
        comes_back(page, base, game_id, "Arthur")
        connected(page)
        seq = seq_of(page)
        site_shell(mail_dir, ONE_MOVE.format(game_id=game_id, away="arthur"))
        page.wait_for_selector(f"#phase:not([data-seq='{seq}'])")
        page.locator("#since .since__now").wait_for(state="hidden")
        assert page.locator("#since .since__round").count() >= 1
