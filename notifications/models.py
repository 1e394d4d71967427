"""Notices: one row per notification we mean to send (your turn, deadline warning, game
over) on one channel (email, or a push to the user's browsers), so a repeated task never
sends twice, quiet hours can hold a notice back and a daily digest can collect the emails.
Opt-outs for kinds the profile has no switch for (game over; every kind of push). The
browsers that subscribed to pushes (issue 16), one row per push endpoint.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Kind(models.TextChoices):
    TURN = "turn", _("Your turn")
    DEADLINE = "deadline", _("Deadline warning")
    GAME_OVER = "game_over", _("Game over")
    DIGEST = "digest", _("Daily digest")


class Channel(models.TextChoices):
    EMAIL = "email", _("Email")
    PUSH = "push", _("Browser notification")


class Notice(models.Model):
    """A notification owed to a user about a game on one channel. `key` makes it unique per
    occasion (the seq that made it their turn, the deadline warned about, the end of the
    game); each channel decides and records its own delivery."""

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
    channel = models.CharField(max_length=5, choices=Channel.choices, default=Channel.EMAIL)
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
                fields=["user", "game", "kind", "key", "channel"], name="notice_unique_occasion"
            )
        ]

    def __str__(self) -> str:
        return f"{self.kind} by {self.channel} for {self.user_id} ({self.status})"


class OptOut(models.Model):
    """The user turned off a kind of notification on a channel that has no profile switch
    for it (game-over emails; each kind of push)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="email_opt_outs"
    )
    kind = models.CharField(max_length=12, choices=Kind.choices)
    channel = models.CharField(max_length=5, choices=Channel.choices, default=Channel.EMAIL)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "kind", "channel"], name="optout_unique_kind")
        ]

    def __str__(self) -> str:
        return f"{self.user_id} opted out of {self.kind} by {self.channel}"


class PushSubscription(models.Model):
    """One browser that asked for notifications: its push service's endpoint and the keys
    our pushes are encrypted for (RFC 8291). A browser profile has one endpoint per site, so
    the endpoint is unique: another account subscribing in the same browser takes it over,
    and the first stops getting pushes there (nobody reads another's notices on a shared
    computer)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="push_subscriptions"
    )
    endpoint = models.URLField(max_length=2000, unique=True)
    p256dh = models.CharField(max_length=100)  # the browser's P-256 public key, base64url
    auth = models.CharField(max_length=32)  # the 16-byte authentication secret, base64url
    device = models.CharField(max_length=80, blank=True)  # "Firefox on Android": from its UA
    created_at = models.DateTimeField(auto_now_add=True)
    last_push_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["created_at", "pk"]

    def __str__(self) -> str:
        return f"push to {self.device or 'a browser'} of {self.user_id}"

    def info(self) -> dict[str, object]:
        """The subscription as the browser's PushSubscription.toJSON() gives it."""
        return {"endpoint": self.endpoint, "keys": {"p256dh": self.p256dh, "auth": self.auth}}


class DecisionLink(models.Model):
    """The link of a "your turn" email to one seat's pending decision (notifications.
    decisions). The email carries only a signed token naming this row; the row makes the
    link single use (`used_at`) and says which wait it was sent for (`seq`: the game's seq
    when it was sent, so a decision the seat made since, on any page, ends it)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="decision_links"
    )
    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="+")
    position = models.PositiveSmallIntegerField()
    seq = models.PositiveIntegerField()
    created_at = models.DateTimeField()
    used_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [models.Index(fields=["game", "user"], name="decisionlink_game_user")]

    def __str__(self) -> str:
        return f"decision link of {self.user_id} in game {self.game_id} at seq {self.seq}"
