"""Page routes of the games app (lobby, tables, game pages)."""

from django.urls import path  # noqa: F401

urlpatterns: list = []
