"""Django app config of the ratings: openskill (Plackett-Luce) ratings per game."""

from django.apps import AppConfig


class RatingsConfig(AppConfig):
    name = "ratings"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from . import panel  # noqa: F401  (registers the game page's rating changes panel)
