"""The time controls on the pages: the game page's clock panel (time left per pending seat,
vacation, bot, "made by timeout" in the log), spending an extension and taking a seat back
by plain form posts, my games sorted by deadline, and vacations on the profile."""

from __future__ import annotations

import datetime as dt

import pytest
from django.test import Client

from clock.models import Vacation
from clock.sweeper import sweep
from clock.vacations import vacation_declare
from tests.games.conftest import make_user, started_game

from .helpers import deadline, player, seat, vote

pytestmark = pytest.mark.django_db

PASSWORD = "pw-Excalibur-42"


def logged_in(user) -> Client:
    client = Client()
    assert client.login(username=user.username, password=PASSWORD)
    return client


def test_the_game_page_shows_time_left_and_the_extension_button(clock) -> None:
    users = [make_user() for _ in range(2)]
    game = started_game(users, time_per_move=86400, extensions_per_player=2)
    page = logged_in(users[0]).get(f"/games/{game.pk}/").content.decode()
    assert 'id="clock"' in page
    assert "1 d 0 h left" in page
    assert "Extend my time by one period" in page
    assert "(2 extensions left)" in page


def test_the_deadline_reads_in_each_readers_own_time_zone_and_goes_at_the_end(clock) -> None:
    users = [make_user() for _ in range(2)]
    users[0].time_zone = "America/New_York"
    users[0].save(update_fields=["time_zone"])
    game = started_game(users, time_per_move=86400, options={"rounds": 1})
    # A day from Wednesday noon UTC: Thursday 12:00 UTC, 07:00 in New York.
    page = logged_in(users[0]).get(f"/games/{game.pk}/").content.decode()
    assert "Thu 19 Nov, 07:00 (America/New_York)</time>" in page
    page = logged_in(users[1]).get(f"/games/{game.pk}/").content.decode()
    assert "Thu 19 Nov, 12:00 (UTC)</time>" in page
    vote(game, 0)
    vote(game, 1)
    # The game is over: the clock panel goes (an empty placeholder for live swaps).
    page = logged_in(users[0]).get(f"/games/{game.pk}/").content.decode()
    assert '<section id="clock" class="clock" hidden></section>' in page
    assert "Clock" not in page[page.index('id="clock"') :][:200]


def test_spending_an_extension_from_the_page(clock) -> None:
    users = [make_user() for _ in range(2)]
    game = started_game(users, time_per_move=86400)
    position = player(game, 0)
    before = deadline(game, 0)
    assert before is not None
    response = logged_in(position).post(f"/clock/games/{game.pk}/extend/")
    assert response.status_code == 302
    assert deadline(game, 0) == before + dt.timedelta(days=1)


def test_timeouts_and_bots_are_marked_in_the_log_and_the_seat_can_be_taken_back(clock) -> None:
    users = [make_user() for _ in range(2)]
    game = started_game(users, time_per_move=3600, timeout_policy="bot", options={"rounds": 3})
    vote(game, 0)
    clock.shift(dt.timedelta(hours=2))
    sweep()
    absent = player(game, 1)
    client = logged_in(absent)
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert "log__line--bot" in page
    assert "a bot plays this seat" in page
    assert "Take my seat back from the bot" in page
    client.post(f"/clock/games/{game.pk}/take-back/")
    assert not seat(game, 1).is_bot


def test_my_games_lists_where_i_must_act_soonest_first(clock) -> None:
    me = make_user()
    slow = started_game([me, make_user()], time_per_move=3 * 86400)
    fast = started_game([me, make_user()], time_per_move=43200)
    done = started_game([me, make_user()], time_per_move=86400)
    position = 0 if seat(done, 0).user == me else 1
    vote(done, position)
    page = logged_in(me).get("/my-games/").content.decode()
    inbox = page.split('id="inbox-title"')[1].split("</section>")[0]
    assert inbox.index(f"/games/{fast.pk}/") < inbox.index(f"/games/{slow.pk}/")
    assert f"/games/{done.pk}/" not in inbox
    assert "12 h 0 min left" in inbox
    assert "3 d 0 h left" in inbox


def test_declaring_and_ending_a_vacation_on_the_profile(clock) -> None:
    user = make_user()
    client = logged_in(user)
    assert "Declare vacation" in client.get("/accounts/profile/").content.decode()
    response = client.post("/clock/vacation/", {"starts_on": "2026-11-19", "ends_on": "2026-11-20"})
    assert response.status_code == 302
    vacation = Vacation.objects.get(user=user)
    assert vacation.ends_at - vacation.starts_at == dt.timedelta(days=2)
    page = client.get("/accounts/profile/").content.decode()
    assert "1.0 day" in page  # 3 days to start with, 2 used
    client.post(f"/clock/vacation/{vacation.pk}/end/")
    assert not Vacation.objects.filter(user=user).exists()


@pytest.mark.parametrize("zone", ["UTC", "Pacific/Kiritimati", "Etc/GMT+12"])
@pytest.mark.parametrize("last", ["9999-12-31", "9999-12-30"])
def test_a_vacation_to_the_end_of_the_calendar_is_refused_in_words(
    clock, zone: str, last: str
) -> None:
    user = make_user()
    user.time_zone = zone
    user.save(update_fields=["time_zone"])
    client = logged_in(user)
    response = client.post(
        "/clock/vacation/", {"starts_on": "2026-11-19", "ends_on": last}, follow=True
    )
    assert response.status_code == 200
    said = [str(m) for m in response.context["messages"]]
    # The day after 9999-12-31 (local, or in UTC) is past the calendar: refused in words;
    # an earlier last day is only too long for the allowance.
    assert said == [
        "A vacation must end before the year 9999 does."
        if last == "9999-12-31"
        else "You have 3 days of vacation left."
    ]
    assert not Vacation.objects.filter(user=user).exists()


def test_the_table_shows_who_is_on_vacation_until_when(clock) -> None:
    away, other = make_user(), make_user()
    vacation_declare(
        user=away,
        starts_at=dt.datetime.now(dt.UTC),
        ends_at=dt.datetime(2026, 11, 20, 9, 0, tzinfo=dt.UTC),
    )
    game = started_game([away, other], time_per_move=86400)
    page = logged_in(other).get(f"/games/{game.pk}/").content.decode()
    assert "on vacation until 20 Nov, 09:00" in page


def test_spectators_and_abandoned_games_render_the_clock_panel(clock) -> None:
    users = [make_user() for _ in range(2)]
    game = started_game(users, time_per_move=3600, timeout_policy="abandon")
    clock.shift(dt.timedelta(hours=1, seconds=1))
    sweep()
    spectator = Client().get(f"/games/{game.pk}/").content.decode()
    assert "30 min left" in spectator  # the grace period, public like every deadline
    assert "Extend my time" not in spectator
    clock.shift(dt.timedelta(hours=1))
    sweep()
    page = logged_in(users[0]).get(f"/games/{game.pk}/").content.decode()
    assert "This game was abandoned" in page
    assert "Extend my time" not in page


def test_the_panel_alone_is_served_for_polling_but_not_for_private_outsiders(clock) -> None:
    users = [make_user() for _ in range(2)]
    game = started_game(users, time_per_move=86400, visibility="private")
    mine = logged_in(users[0]).get(f"/clock/games/{game.pk}/panel/")
    assert mine.status_code == 200
    assert 'hx-trigger="every 30s"' in mine.content.decode()
    assert logged_in(make_user()).get(f"/clock/games/{game.pk}/panel/").status_code == 404
