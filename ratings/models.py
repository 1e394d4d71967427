"""Ratings: one openskill rating per (player, game slug), and one row per rated game with
the result it was rated on (so a void can take the game out and the ratings be refolded).

Written only by ratings.services, inside the transaction that finishes (or voids) a game.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models

from .skill import MU, SIGMA


class SkillRating(models.Model):
    """A player's openskill rating of one game: all time (`Rating`) or in one season
    (`SeasonRating`), both updated by the same results."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    mu = models.FloatField(default=MU)
    sigma = models.FloatField(default=SIGMA)
    games = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        abstract = True

    @property
    def ordinal(self) -> float:
        """The conservative skill shown and ranked by (openskill's ordinal)."""
        return self.mu - 3 * self.sigma


class Rating(SkillRating):
    game_slug = models.CharField(max_length=40, db_index=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "game_slug"], name="one_rating_per_game")
        ]

    def __str__(self) -> str:
        return f"{self.user_id} at {self.game_slug}: {self.ordinal:.1f}"


class RatedGame(models.Model):
    """A game's result as rated: `teams` are lists of user ids, `ranks` their places (1 is
    best, equal ranks tie). One row per game (unique): a game is rated once."""

    game = models.OneToOneField("games.Game", on_delete=models.CASCADE, related_name="rating")
    game_slug = models.CharField(max_length=40, db_index=True)
    teams = models.JSONField(default=list)
    ranks = models.JSONField(default=list)
    # user id -> [mu before, sigma before, mu after, sigma after], for the pages.
    changes = models.JSONField(default=dict)
    rated_at = models.DateTimeField(auto_now_add=True)
    # The season it counts for (ratings.seasons: the quarter it was rated in, "2026-Q4").
    season = models.CharField(max_length=8, db_index=True, default="")
    voided_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"rating of game {self.game_id}"


class SeasonRating(SkillRating):
    """A player's rating of one game in one season (ratings.seasons): it starts fresh at
    the season's first rated game and is updated by the same results as `Rating`."""

    game_slug = models.CharField(max_length=40)
    season = models.CharField(max_length=8)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["user", "game_slug", "season"], name="one_rating_per_game_season"
            )
        ]
        indexes = [models.Index(fields=["game_slug", "season"], name="seasonrating_board")]

    def __str__(self) -> str:
        return f"{self.user_id} at {self.game_slug} in {self.season}: {self.ordinal:.1f}"
