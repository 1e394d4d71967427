"""Django app config of the time controls: deadlines, timeouts, extensions, vacations."""

from django.apps import AppConfig


class ClockConfig(AppConfig):
    name = "clock"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # Registers the clock panel with the game page's live updates. (Its steps of the
        # commit path are listed in games.services.commit.)
        from . import panel  # noqa: F401
