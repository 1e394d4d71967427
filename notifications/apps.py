"""Django app config of the notifications: turn, deadline and game-over emails, digest."""

from django.apps import AppConfig


class NotificationsConfig(AppConfig):
    name = "notifications"
    default_auto_field = "django.db.models.BigAutoField"
