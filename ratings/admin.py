"""Ratings in admin: read-only (they are written by the game-end hook only)."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from .models import RatedGame, Rating, SeasonRating


class ReadOnly(admin.ModelAdmin):  # type: ignore[type-arg]
    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Rating)
class RatingAdmin(ReadOnly):
    list_display = ("user", "game_slug", "mu", "sigma", "games", "updated_at")
    list_filter = ("game_slug",)
    search_fields = ("user__username",)


@admin.register(RatedGame)
class RatedGameAdmin(ReadOnly):
    list_display = ("game", "game_slug", "season", "rated_at", "voided_at")
    list_filter = ("game_slug",)


@admin.register(SeasonRating)
class SeasonRatingAdmin(ReadOnly):
    list_display = ("user", "game_slug", "season", "mu", "sigma", "games", "updated_at")
    list_filter = ("game_slug", "season")
    search_fields = ("user__username",)
