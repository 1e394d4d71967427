"""Leaderboard pages: an index of the games, one all-time leaderboard per game and one per
game and season. Public."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.utils.translation import gettext as _

from .seasons import is_season, min_games, season_label, season_of
from .selectors import leaderboard, rated_games, season_leaderboard, seasons_of


def index(request: HttpRequest) -> HttpResponse:
    context = {"games": rated_games(), "season": season_of(timezone.now())}
    return render(request, "ratings/index.html", context)


def board(request: HttpRequest, slug: str) -> HttpResponse:
    names = dict(rated_games())
    if slug not in names:
        raise Http404(_("No such game."))
    context = {
        "slug": slug,
        "name": names[slug],
        "rows": leaderboard(slug),
        "games": rated_games(),
        "seasons": seasons_of(slug, timezone.now()),
    }
    return render(request, "ratings/leaderboard.html", context)


def season_board(request: HttpRequest, slug: str, season: str) -> HttpResponse:
    """One season's leaderboard of a game: players with the minimum of games in it."""
    names = dict(rated_games())
    if slug not in names or not is_season(season):
        raise Http404(_("No such game or season."))
    context = {
        "slug": slug,
        "name": names[slug],
        "rows": season_leaderboard(slug, season),
        "games": rated_games(),
        "seasons": seasons_of(slug, timezone.now()),
        "season": season,
        "season_label": season_label(season),
        "min_games": min_games(),
    }
    return render(request, "ratings/leaderboard.html", context)
