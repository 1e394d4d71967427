"""Django app config for moderation: sanctions, reports, the audit log, site switches and
IP sightings; on ready it plugs the sanction gate into the games services."""

from __future__ import annotations

from django.apps import AppConfig


class ModerationConfig(AppConfig):
    name = "moderation"
    default_auto_field = "django.db.models.BigAutoField"
    verbose_name = "Moderation"

    def ready(self) -> None:
        # Wiring only: the gate every games service consults, the login notice.
        from . import enforcement

        enforcement.connect()
