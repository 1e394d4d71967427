"""Django app config of the time controls: deadlines, timeouts, extensions, vacations."""

from django.apps import AppConfig


class ClockConfig(AppConfig):
    name = "clock"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # Registers the move-path hooks (deadlines in the transaction, accrual after it) and
        # the clock panel with the game page's live updates.
        from . import panel, services  # noqa: F401
