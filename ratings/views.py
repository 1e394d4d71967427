"""Leaderboard pages: an index of the games and one leaderboard per game. Public."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from .selectors import leaderboard, rated_games


def index(request: HttpRequest) -> HttpResponse:
    return render(request, "ratings/index.html", {"games": rated_games()})


def board(request: HttpRequest, slug: str) -> HttpResponse:
    names = dict(rated_games())
    if slug not in names:
        raise Http404("No such game.")
    context = {"slug": slug, "name": names[slug], "rows": leaderboard(slug), "games": rated_games()}
    return render(request, "ratings/leaderboard.html", context)
