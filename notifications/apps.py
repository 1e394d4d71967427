"""Django app config of the notifications: turn, deadline and game-over emails, digest."""

from django.apps import AppConfig


class NotificationsConfig(AppConfig):
    name = "notifications"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # The emails tell "since your last visit" in the game page's own words.
        from games.rendering import since_text_for

        from . import emails

        emails.register_summary(since_text_for)
