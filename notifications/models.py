"""Notices: one row per email we mean to send (your turn, deadline warning, game over), so
a repeated task never sends twice, quiet hours can hold a notice back and a daily digest can
collect them. Opt-outs for kinds the profile has no switch for (game over).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models


class Kind(models.TextChoices):
    TURN = "turn", "Your turn"
    DEADLINE = "deadline", "Deadline warning"
    GAME_OVER = "game_over", "Game over"
    DIGEST = "digest", "Daily digest"


class Notice(models.Model):
    """An email owed to a user about a game. `key` makes it unique per occasion (the seq
    that made it their turn, the deadline warned about, the end of the game)."""

    class Status(models.TextChoices):
        PENDING = "pending", "Pending"
        SENT = "sent", "Sent"
        SKIPPED = "skipped", "Skipped"

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notices"
    )
    game = models.ForeignKey(
        "games.Game", on_delete=models.CASCADE, related_name="notices", null=True, blank=True
    )
    kind = models.CharField(max_length=12, choices=Kind.choices)
    key = models.CharField(max_length=64)
    seq = models.PositiveIntegerField(default=0)
    status = models.CharField(
        max_length=8, choices=Status.choices, default=Status.PENDING, db_index=True
    )
    reason = models.CharField(max_length=40, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["created_at", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["user", "game", "kind", "key"], name="notice_unique_occasion"
            )
        ]

    def __str__(self) -> str:
        return f"{self.kind} for {self.user_id} ({self.status})"


class OptOut(models.Model):
    """The user unsubscribed from a kind of email that has no profile switch."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="email_opt_outs"
    )
    kind = models.CharField(max_length=12, choices=Kind.choices)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "kind"], name="optout_unique_kind")]

    def __str__(self) -> str:
        return f"{self.user_id} opted out of {self.kind}"
