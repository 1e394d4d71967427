"""Routes of the games app: the API under /api/ and the pages (lobby, tables, games)."""

from __future__ import annotations

from django.urls import URLPattern, URLResolver, include, path

from . import bench

urlpatterns: list[URLPattern | URLResolver] = [
    path("api/", include("games.api.urls")),
    *bench.urlpatterns(),
]
