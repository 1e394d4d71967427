"""Reads of the ratings: a game's leaderboard and a player's ratings (for the profile)."""

from __future__ import annotations

from typing import Any

from games.engine.core import all_games

from .models import Rating


def rated_games() -> list[tuple[str, str]]:
    """(slug, name) of every game the site hosts, for the leaderboards' index."""
    return sorted(((g.slug, g.name) for g in all_games()), key=lambda g: g[1])


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
    return [
        {
            "place": i + 1,
            "name": r.user.public_name,
            "user_id": r.user_id,
            "rating": round(r.ordinal, 1),
            "mu": round(r.mu, 1),
            "sigma": round(r.sigma, 1),
            "games": r.games,
        }
        for i, r in enumerate(rows)
    ]


def ratings_of(user_id: int) -> list[dict[str, Any]]:
    names = dict(rated_games())
    return [
        {
            "slug": r.game_slug,
            "name": names.get(r.game_slug, r.game_slug),
            "rating": round(r.ordinal, 1),
            "games": r.games,
        }
        for r in Rating.objects.filter(user_id=user_id, games__gt=0).order_by("game_slug")
    ]
