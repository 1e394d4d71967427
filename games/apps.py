"""Django app config for the games domain (models, services, selectors, interfaces)."""

from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    default_auto_field = "django.db.models.BigAutoField"
