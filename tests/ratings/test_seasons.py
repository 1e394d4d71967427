"""Seasons of the ratings (issue 16): quarterly seasons in which everyone starts fresh, a
leaderboard per game and season with a minimum of games (a setting), the history on the
profile; a rollover leaves the old season readable; games of one game never touch another
game's season; a void refolds the season too."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.test import Client

from games.models import Game
from moderation.services.games import game_void
from ratings.models import RatedGame, Rating, SeasonRating
from ratings.seasons import season_bounds, season_label, season_of
from ratings.selectors import season_history, season_leaderboard
from ratings.skill import MU, SIGMA, rate
from tests.games.conftest import make_user, play_pending_once, started_game
from tests.moderation.conftest import make_moderator

from .test_services import finish_toy

pytestmark = pytest.mark.django_db

TOY = "toy-secrets"


def toy_game(users: list[Any]) -> Game:
    return finish_toy(started_game(users, options={"rounds": 1}))


def season_row(user: Any, season: str, slug: str = TOY) -> SeasonRating:
    return SeasonRating.objects.get(user=user, game_slug=slug, season=season)


def test_quarters() -> None:
    assert season_of(dt.datetime(2026, 12, 31, 23, 59, tzinfo=dt.UTC)) == "2026-Q4"
    assert season_of(dt.datetime(2027, 1, 1, tzinfo=dt.UTC)) == "2027-Q1"
    # 23:30 on 30 June in New York is already July in UTC: seasons turn in UTC.
    new_york = dt.timezone(dt.timedelta(hours=-4))
    assert season_of(dt.datetime(2026, 6, 30, 23, 30, tzinfo=new_york)) == "2026-Q3"
    assert season_bounds("2026-Q4") == (
        dt.datetime(2026, 10, 1, tzinfo=dt.UTC),
        dt.datetime(2027, 1, 1, tzinfo=dt.UTC),
    )
    assert season_label("2027-Q1") == "2027, January to March"


def test_a_season_rollover_starts_fresh_and_keeps_the_old_season(clock, settings) -> None:
    settings.RATINGS_SEASON_MIN_GAMES = 1
    arthur, kay, tristan = make_user(), make_user(), make_user()
    toy_game([arthur, kay])
    toy_game([arthur, kay])
    assert set(RatedGame.objects.values_list("season", flat=True)) == {"2026-Q4"}
    autumn = season_leaderboard(TOY, "2026-Q4")
    assert sorted(r["user_id"] for r in autumn) == sorted([arthur.pk, kay.pk])
    assert all(r["games"] == 2 for r in autumn)

    clock.move_to(dt.datetime(2027, 1, 4, 12, tzinfo=dt.UTC))  # a new quarter
    game = toy_game([arthur, tristan])
    assert RatedGame.objects.get(game=game).season == "2027-Q1"
    # Fresh: Arthur's winter rating is a newcomer's after one game, like Tristan's.
    rated = RatedGame.objects.get(game=game)
    expected = rate([[(MU, SIGMA)] for _ in rated.teams], rated.ranks)
    for [user_id], [(mu, sigma)] in zip(rated.teams, expected, strict=True):
        row = SeasonRating.objects.get(user_id=user_id, game_slug=TOY, season="2027-Q1")
        assert row.games == 1
        assert row.mu == pytest.approx(mu)
        assert row.sigma == pytest.approx(sigma)
    assert Rating.objects.get(user=arthur, game_slug=TOY).games == 3  # all time goes on
    assert season_leaderboard(TOY, "2026-Q4") == autumn  # the old season stays as it was
    winter = season_leaderboard(TOY, "2027-Q1")
    assert sorted(r["user_id"] for r in winter) == sorted([arthur.pk, tristan.pk])

    client = Client()
    page = client.get(f"/ratings/{TOY}/2027-Q1/").content.decode()
    assert tristan.public_name in page
    assert kay.public_name not in page
    assert "2027, January to March" in page
    old = client.get(f"/ratings/{TOY}/2026-Q4/").content.decode()
    assert kay.public_name in old
    assert tristan.public_name not in old
    board = client.get(f"/ratings/{TOY}/").content.decode()  # all time, with season links
    assert f"/ratings/{TOY}/2026-Q4/" in board
    assert f"/ratings/{TOY}/2027-Q1/" in board
    assert client.get(f"/ratings/{TOY}/2027-Q5/").status_code == 404
    assert client.get("/ratings/no-such-game/2027-Q1/").status_code == 404

    client.force_login(arthur)
    profile = client.get("/accounts/profile/").content.decode()
    assert "Your seasons" in profile
    assert f"/ratings/{TOY}/2026-Q4/" in profile
    assert f"/ratings/{TOY}/2027-Q1/" in profile
    assert [h["season"] for h in season_history(arthur.pk)] == ["2027-Q1", "2026-Q4"]


def test_the_leaderboard_lists_only_players_with_the_minimum_of_games(clock, settings) -> None:
    settings.RATINGS_SEASON_MIN_GAMES = 2
    regular, other, newcomer = make_user(), make_user(), make_user()
    toy_game([regular, other])
    toy_game([regular, newcomer])
    board = season_leaderboard(TOY, "2026-Q4")
    assert [r["user_id"] for r in board] == [regular.pk]
    page = Client().get(f"/ratings/{TOY}/2026-Q4/").content.decode()
    assert regular.public_name in page
    assert newcomer.public_name not in page
    assert "at least 2 rated games" in page
    french = Client(HTTP_ACCEPT_LANGUAGE="fr").get(f"/ratings/{TOY}/2026-Q4/").content.decode()
    assert "2026, octobre à décembre" in french
    assert "au moins 2 parties classées" in french
    history = season_history(newcomer.pk)
    assert history[0]["games"] == 1
    assert history[0]["place"] is None  # not enough games yet
    assert season_history(regular.pk)[0]["place"] == 1


def test_each_game_has_its_own_seasons(clock, settings) -> None:
    settings.RATINGS_SEASON_MIN_GAMES = 1
    users = [make_user(), make_user()]
    toy_game(users)
    colovini = started_game(users, slug="colovini-avalon")
    while play_pending_once(colovini):
        pass
    colovini.refresh_from_db()
    assert colovini.status == Game.Status.FINISHED
    assert RatedGame.objects.get(game=colovini).season == "2026-Q4"
    for user in users:
        assert season_row(user, "2026-Q4").games == 1
        assert season_row(user, "2026-Q4", "colovini-avalon").games == 1
    assert len(season_leaderboard(TOY, "2026-Q4")) == 2
    toy_page = Client().get(f"/ratings/{TOY}/2026-Q4/").content.decode()
    assert toy_page.count("<tr>") == 3  # the head and the two players of the toy game


def test_a_void_refolds_the_season_too(clock) -> None:
    users = [make_user(), make_user()]
    first = toy_game(users)
    second = toy_game(users)
    game_void(game=first, by=make_moderator(), reason="collusion")
    rated = RatedGame.objects.get(game=second)
    for [user_id] in rated.teams:
        season = SeasonRating.objects.get(user_id=user_id, game_slug=TOY, season="2026-Q4")
        all_time = Rating.objects.get(user_id=user_id, game_slug=TOY)
        assert season.games == 1
        assert season.mu == pytest.approx(all_time.mu)


@pytest.mark.parametrize(
    "season",
    ["\uff12\uff10\uff12\uff16-Q1", "2026-Q\uff11", "\u0662\u0660\u0662\u0666-Q1"],
)
def test_a_season_name_in_other_digits_is_no_season(season: str) -> None:
    """Fullwidth or Arabic-Indic digits matched the season pattern: a leaderboard page of a
    season nobody plays in, under many names."""
    assert Client().get(f"/ratings/{TOY}/{season}/").status_code == 404
    assert Client().get(f"/ratings/{TOY}/2026-Q1/").status_code == 200
