"""Reads of the ratings: a game's leaderboards (all time, and per season with a minimum of
games) and a player's ratings and seasons (for the profile)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Any

from games.engine.core import all_games

from .display import change_of, displayed, signed
from .models import RatedGame, Rating, SeasonRating, SkillRating
from .seasons import min_games, season_label, season_of


def rated_games() -> list[tuple[str, str]]:
    """(slug, name) of every game the site hosts, for the leaderboards' index."""
    return sorted(((g.slug, g.name) for g in all_games()), key=lambda g: g[1])


def _board(rows: Sequence[SkillRating]) -> list[dict[str, Any]]:
    """The rows of a leaderboard, best first, as the pages and the API show them."""
    return [
        {
            "place": i + 1,
            "name": r.user.public_name,
            "user_id": r.user_id,
            "rating": displayed(r.mu, r.sigma),
            "mu": round(r.mu, 1),
            "sigma": round(r.sigma, 1),
            "games": r.games,
        }
        for i, r in enumerate(rows)
    ]


def leaderboard(slug: str, limit: int = 100) -> list[dict[str, Any]]:
    """The best players of `slug` by ordinal (mu - 3 sigma), with games played. Deleted
    accounts keep their rows (a refold of the others' ratings replays their games) but are
    not listed."""
    rows = sorted(
        Rating.objects.filter(
            game_slug=slug, games__gt=0, user__deleted_at__isnull=True
        ).select_related("user"),
        key=lambda r: (-r.ordinal, r.user_id),
    )[:limit]
    return _board(rows)


def ratings_of(user_id: int) -> list[dict[str, Any]]:
    names = dict(rated_games())
    return [
        {
            "slug": r.game_slug,
            "name": names.get(r.game_slug, r.game_slug),
            "rating": displayed(r.mu, r.sigma),
            "games": r.games,
        }
        for r in Rating.objects.filter(user_id=user_id, games__gt=0).order_by("game_slug")
    ]


def rating_changes(game_id: int, names: dict[int, str]) -> list[dict[str, Any]]:
    """How a finished game moved each rated player's shown rating, best gain first:
    name, before, after and the signed change ("+32"). Empty when the game was not rated
    (or the rating was voided). `names`: user id -> the name to show."""
    rated = RatedGame.objects.filter(game_id=game_id, voided_at__isnull=True).first()
    if rated is None:
        return []
    rows = []
    for user_id, change in rated.changes.items():
        before, after = change_of(change)
        rows.append(
            {
                "name": names.get(int(user_id), ""),
                "before": before,
                "after": after,
                "delta": signed(after - before),
                "gain": after - before,
            }
        )
    return sorted(rows, key=lambda r: (-r["gain"], r["name"]))


def seasons_of(slug: str, now: dt.datetime) -> list[dict[str, str]]:
    """The seasons of `slug` with rated games, newest first, the current one always
    among them (name and label)."""
    names = set(
        RatedGame.objects.filter(game_slug=slug, voided_at__isnull=True)
        .exclude(season="")
        .values_list("season", flat=True)
    )
    names.add(season_of(now))
    return [{"name": n, "label": season_label(n)} for n in sorted(names, reverse=True)]


def season_leaderboard(slug: str, season: str, least: int | None = None) -> list[dict[str, Any]]:
    """The season's players of `slug` with at least `least` rated games in it (the
    setting by default), best first by ordinal."""
    least = min_games() if least is None else least
    rows = sorted(
        SeasonRating.objects.filter(
            game_slug=slug, season=season, games__gte=max(least, 1), user__deleted_at__isnull=True
        ).select_related("user"),
        key=lambda r: (-r.ordinal, r.user_id),
    )
    return _board(rows)


def season_history(user_id: int) -> list[dict[str, Any]]:
    """A player's seasons, newest first: per game their rating and games in it, and their
    place on its leaderboard (None while below the minimum of games)."""
    names = dict(rated_games())
    least = max(min_games(), 1)
    out = []
    for r in SeasonRating.objects.filter(user_id=user_id, games__gt=0).order_by(
        "-season", "game_slug"
    ):
        place = None
        if r.games >= least:
            board = season_leaderboard(r.game_slug, r.season, least)
            place = next((row["place"] for row in board if row["user_id"] == user_id), None)
        out.append(
            {
                "season": r.season,
                "label": season_label(r.season),
                "slug": r.game_slug,
                "name": names.get(r.game_slug, r.game_slug),
                "rating": displayed(r.mu, r.sigma),
                "games": r.games,
                "place": place,
            }
        )
    return out
