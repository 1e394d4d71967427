"""Issue 11 around the game, without a browser: the no-JavaScript fallbacks of the phone
layout (both log and chat shown, the menu unfolded), choosing the game on the create page
(none preselected), the invite link's copy button, plurals, and the rating scale."""

from __future__ import annotations

from typing import Any

import pytest

from games.models import Table
from games.presentation import counts
from ratings.display import DISPLAY_BASE, displayed, signed
from ratings.skill import MU, SIGMA

from .conftest import make_user, open_table, started_game
from .page_play import logged_in

pytestmark = pytest.mark.django_db(transaction=False)


def test_without_javascript_the_log_and_the_chat_both_show() -> None:
    users = [make_user(), make_user()]
    game = started_game(users)
    page = logged_in(users[0]).get(f"/games/{game.pk}/").content.decode()
    # The tab list and the menu button are hidden until site.js turns them on.
    assert 'role="tablist" aria-label="Log and table talk" hidden>' in page
    assert "data-menu-toggle>Menu</button>" in page
    assert 'aria-controls="site-nav-list" hidden' in page
    log_panel = page.index('id="game-log"')
    chat_panel = page.index('id="chat"')
    assert " hidden" not in page[log_panel : log_panel + 120]
    assert " hidden" not in page[chat_panel : chat_panel + 120]


def test_create_page_asks_for_the_game_first_with_cards() -> None:
    client = logged_in(make_user())
    page = client.get("/tables/new/").content.decode()
    assert "create-form" not in page  # no game preselected: no form yet
    assert "The Resistance: Avalon" in page
    assert "5 to 10 players" in page
    assert "2 players" in page  # Colovini
    assert "?game=colovini-avalon" in page
    chosen = client.get("/tables/new/?game=colovini-avalon").content.decode()
    assert "create-form" in chosen
    assert "choose another game" in chosen
    assert "What happens when a player runs out of time" in chosen
    assert "vacation days they earn by playing" in chosen
    # A post without a game opens nothing.
    assert client.post("/tables/new/", {"seat_count": "2"}).status_code == 200
    assert not Table.objects.exists()


def test_table_page_offers_to_copy_the_invite_link() -> None:
    host = make_user()
    table = open_table([host, make_user()], visibility="private")
    page = logged_in(host).get(f"/tables/{table.pk}/").content.decode()
    assert f'data-copy="http://testserver/invite/{table.invite_code}/"' in page
    assert 'aria-describedby="invite-status" hidden>Copy link</button>' in page


@pytest.mark.parametrize(
    ("count", "text"),
    [(0, "0 Fail cards"), (1, "1 Fail card"), (2, "2 Fail cards")],
)
def test_fail_cards_are_counted_in_words(count: int, text: str) -> None:
    assert counts.fail_cards(count) == text


def test_other_counted_nouns() -> None:
    assert counts.cards(1) == "1 card"
    assert counts.cards(3) == "3 cards"
    assert counts.cards(None) == "some cards"
    assert counts.coins(1) == "1 coin"
    assert counts.crowns(2) == "2 crowns"
    assert counts.dots(1) == "1 dot"
    assert counts.offers(1) == "1 more offer"


def test_ratings_read_on_a_familiar_scale() -> None:
    assert displayed(MU, SIGMA) == DISPLAY_BASE == 1500  # a newcomer
    assert displayed(MU + 1, SIGMA) == 1540  # one ordinal point is 40 shown points
    assert (signed(32), signed(-12), signed(0)) == ("+32", "\u221212", "\u00b10")


def test_tournament_log_counts_cards_in_words() -> None:
    from games.presentation.tournament.log import WORDS
    from games.presentation.words import Reader

    reader = Reader(names=["Ann", "Bo", "Cy"])
    mists: dict[str, Any] = {"type": "tournament.entries_discarded", "by": 1, "orders": [0]}
    assert WORDS.describe(mists, reader) == "Mists of Avalon (Bo) discards 1 earlier card."
    mists["orders"] = [0, 2]
    assert WORDS.describe(mists, reader).endswith("discards 2 earlier cards.")
    ended: dict[str, Any] = {
        "type": "tournament.melee_ended",
        "loser": None,
        "feints": 1,
        "taken": [],
    }
    assert WORDS.describe(ended, reader) == "Nobody loses this Melee. 1 card was Feinted."
    ended["feints"] = 3
    assert WORDS.describe(ended, reader).endswith("3 cards were Feinted.")
