"""Moderation's tables: sanctions on users, players' reports, the audit log of every
moderator action, the site switches (a singleton) and IP sightings.

Writes go through moderation/services/; these classes hold no workflow logic.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class SanctionQuerySet(models.QuerySet["Sanction"]):
    def active(self, now: dt.datetime | None = None) -> SanctionQuerySet:
        """Not lifted, and either a ban or a suspension that has not ended yet."""
        now = now or timezone.now()
        return self.filter(lifted_at__isnull=True).filter(
            models.Q(kind=Sanction.Kind.BAN) | models.Q(until__gt=now)
        )


class Sanction(models.Model):
    """A suspension (until a time) or a ban (no end) of a user, with its reason."""

    class Kind(models.TextChoices):
        SUSPENSION = "suspension", "Suspension"
        BAN = "ban", "Ban"

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="sanctions"
    )
    kind = models.CharField(max_length=12, choices=Kind.choices)
    until = models.DateTimeField(null=True, blank=True, help_text="End of a suspension.")
    reason = models.TextField()
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    lifted_at = models.DateTimeField(null=True, blank=True)
    lifted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    lift_reason = models.TextField(blank=True)

    objects = SanctionQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at"]
        permissions = [
            ("moderate_users", "Can suspend, ban, lift sanctions and mark emails verified"),
        ]

    def __str__(self) -> str:
        end = "" if self.kind == self.Kind.BAN else f" until {self.until:%Y-%m-%d %H:%M}"
        return f"{self.get_kind_display()} of {self.user}{end}"

    @property
    def is_active(self) -> bool:
        if self.lifted_at is not None:
            return False
        return self.kind == self.Kind.BAN or (
            self.until is not None and self.until > timezone.now()
        )


class Report(models.Model):
    """A player's report about another player, optionally about a game or chat message."""

    class Reason(models.TextChoices):
        ABUSE = "abuse", _("Abusive or hateful chat")
        CHEATING = "cheating", _("Cheating or collusion")
        SPOILING = "spoiling", _("Revealing hidden information on purpose")
        STALLING = "stalling", _("Stalling or abandoning games")
        SPAM = "spam", _("Spam or advertising")
        OTHER = "other", _("Something else")

    class Status(models.TextChoices):
        OPEN = "open", "Open"
        ACTIONED = "actioned", "Actioned"
        DISMISSED = "dismissed", "Dismissed"

    reporter = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="reports_made"
    )
    target = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="reports_received"
    )
    game = models.ForeignKey(
        "games.Game", on_delete=models.CASCADE, null=True, blank=True, related_name="reports"
    )
    chat_message = models.ForeignKey(
        "games.ChatMessage",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="reports",
    )
    reason = models.CharField(max_length=12, choices=Reason.choices)
    details = models.TextField(blank=True, max_length=2000)
    status = models.CharField(
        max_length=10, choices=Status.choices, default=Status.OPEN, db_index=True
    )
    assignee = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="reports_assigned",
        limit_choices_to={"is_staff": True},
    )
    resolution = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    resolved_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            # One open report per reporter and target per game (issue 5). Reports without a
            # game are kept to one open per pair by report_create (NULLs are distinct here).
            models.UniqueConstraint(
                fields=["reporter", "target", "game"],
                condition=models.Q(status="open"),
                name="report_one_open_per_game",
            ),
        ]

    def __str__(self) -> str:
        return f"Report {self.pk}: {self.target} ({self.get_reason_display()})"


class AuditLog(models.Model):
    """One moderator action: who, what, when, why and on which object. Append-only."""

    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="audit_entries"
    )
    action = models.CharField(max_length=40, db_index=True)
    reason = models.TextField(blank=True)
    object_type = models.CharField(max_length=60)
    object_id = models.CharField(max_length=40)
    object_repr = models.CharField(max_length=200)
    details = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = "audit log entry"
        verbose_name_plural = "audit log"
        # The moderators' powers over games and chat, checked by the admin actions.
        permissions = [
            ("moderate_games", "Can abort, void, verify games, extend deadlines, replace seats"),
            ("moderate_chat", "Can hide and restore chat messages"),
        ]

    def __str__(self) -> str:
        return f"{self.actor} {self.action} {self.object_type} {self.object_id}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self._state.adding:
            raise TypeError("the audit log is append-only")
        super().save(*args, **kwargs)


class SiteSwitches(models.Model):
    """The site-wide switches, one row (pk 1): pause table creation, show a banner."""

    stop_table_creation = models.BooleanField(
        default=False, help_text="Refuse new tables (e.g. before a planned restart)."
    )
    banner = models.CharField(
        max_length=300, blank=True, help_text="Shown at the top of every page when set."
    )
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = "site switches"
        verbose_name_plural = "site switches"

    def __str__(self) -> str:
        return "Site switches"

    @classmethod
    def load(cls) -> SiteSwitches:
        switches, _ = cls.objects.get_or_create(pk=1)
        return switches


class IpSighting(models.Model):
    """That a user was seen from an address, first and last time. Kept only as long as
    templates/moderation/privacy.html says (purged by moderation.tasks)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ip_sightings"
    )
    ip = models.GenericIPAddressField()
    first_seen = models.DateTimeField(default=timezone.now)
    last_seen = models.DateTimeField(default=timezone.now, db_index=True)

    class Meta:
        ordering = ["-last_seen"]
        constraints = [
            models.UniqueConstraint(fields=["user", "ip"], name="ipsighting_unique_user_ip"),
        ]

    def __str__(self) -> str:
        return f"{self.user} from {self.ip}"
