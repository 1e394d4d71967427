"""Django app config of the time controls: deadlines, timeouts, extensions, vacations."""

from django.apps import AppConfig


class ClockConfig(AppConfig):
    name = "clock"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # Registers the move-path hooks (deadlines in the transaction, accrual after it).
        from . import services  # noqa: F401
