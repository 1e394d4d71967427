"""Django app config for moderation: sanctions, reports, the audit log, site switches and
IP sightings; on ready it connects the suspension notice shown at log-in."""

from __future__ import annotations

from django.apps import AppConfig


class ModerationConfig(AppConfig):
    name = "moderation"
    default_auto_field = "django.db.models.BigAutoField"
    verbose_name = "Moderation"

    def ready(self) -> None:
        # Wiring only: the login notice (the sanction gate is listed in games.services.gates).
        from . import enforcement

        enforcement.connect()
