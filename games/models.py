"""The games domain's tables: tables and seats (the lobby), games with their append-only event
log and the cached fold, chat, move receipts (idempotency) and websocket presence.

The log (`GameEvent`) is the truth; `Game.state`/`Game.state_seq` are a cache of the fold,
written in the same transaction by the services (games/services/). Writes go through the
services only; these classes hold no game logic.
"""

from __future__ import annotations

import datetime as dt
import secrets
from typing import Any, NoReturn

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy


def new_invite_code() -> str:
    """Unguessable invite code of a private table (128 bits)."""
    return secrets.token_urlsafe(16)


def new_seed() -> str:
    """Per-game secret seed; with the event seq it derives the engine's Random."""
    return secrets.token_hex(32)


class TimePerMove(models.IntegerChoices):
    LIVE = 300, gettext_lazy("Live (5 minutes)")
    HALF_DAY = 43200, gettext_lazy("12 hours")
    ONE_DAY = 86400, gettext_lazy("1 day")
    TWO_DAYS = 172800, gettext_lazy("2 days")
    THREE_DAYS = 259200, gettext_lazy("3 days")
    ONE_WEEK = 604800, gettext_lazy("7 days")


class Table(models.Model):
    """A table in the lobby: the game, its options, who sits, how time is kept."""

    class Visibility(models.TextChoices):
        # A context of their own: allauth's catalogue, read first, also has a "Public".
        PUBLIC = "public", pgettext_lazy("table visibility", "Public")
        PRIVATE = "private", pgettext_lazy("table visibility", "Private (invite link)")

    class TimeoutPolicy(models.TextChoices):
        DEFAULT_MOVE = "default_move", gettext_lazy("Play a neutral default move")
        BOT = "bot", gettext_lazy("A bot takes the seat")
        ABANDON = "abandon", gettext_lazy("Abandon the game")

    class Status(models.TextChoices):
        OPEN = "open", gettext_lazy("Open")
        PLAYING = "playing", gettext_lazy("Playing")
        FINISHED = "finished", gettext_lazy("Finished")
        ABORTED = "aborted", gettext_lazy("Aborted")
        VOIDED = "voided", gettext_lazy("Voided")

    game_slug = models.CharField(max_length=40, db_index=True)
    title = models.CharField(max_length=80, blank=True)
    options = models.JSONField(default=dict, blank=True)
    host = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="hosted_tables"
    )
    visibility = models.CharField(
        max_length=10, choices=Visibility.choices, default=Visibility.PUBLIC
    )
    invite_code = models.CharField(max_length=32, unique=True, default=new_invite_code)
    seat_count = models.PositiveSmallIntegerField()
    auto_start = models.BooleanField(default=False)
    time_per_move = models.PositiveIntegerField(
        choices=TimePerMove.choices, default=TimePerMove.ONE_DAY
    )
    skip_weekends = models.BooleanField(default=False)
    timeout_policy = models.CharField(
        max_length=20, choices=TimeoutPolicy.choices, default=TimeoutPolicy.DEFAULT_MOVE
    )
    bot_after_timeouts = models.PositiveSmallIntegerField(default=3)
    extensions_per_player = models.PositiveSmallIntegerField(default=2)
    allow_vacation = models.BooleanField(default=True)
    status = models.CharField(
        max_length=10, choices=Status.choices, default=Status.OPEN, db_index=True
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]
        indexes = [
            # The lobby: open public tables, newest first (games.selectors.tables_open).
            models.Index(fields=["status", "visibility", "-created_at"], name="table_lobby"),
        ]

    def __str__(self) -> str:
        return f"Table {self.pk} ({self.game_slug}, {self.status})"


class SeatQuerySet(models.QuerySet["Seat"]):
    def on_the_clock(self) -> SeatQuerySet:
        """Seats of people (a bot never waits) whose deadline runs in a game in play."""
        return self.filter(
            deadline_at__isnull=False, is_bot=False, table__game__status=Game.Status.PLAYING
        )


class Seat(models.Model):
    """A place at a table. `position` is None until the start deals the random seat order."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="seats",
    )
    position = models.PositiveSmallIntegerField(null=True, blank=True)
    is_bot = models.BooleanField(default=False)
    deadline_at = models.DateTimeField(null=True, blank=True, db_index=True)
    timeouts_in_a_row = models.PositiveSmallIntegerField(default=0)
    extensions_left = models.PositiveSmallIntegerField(default=0)
    # The last seq of the game its player has seen (page, API read, websocket catch-up or
    # acknowledgement): "since your last visit" starts after it (games/services/seen.py).
    last_seen_seq = models.PositiveIntegerField(default=0)
    joined_at = models.DateTimeField(auto_now_add=True)

    objects = SeatQuerySet.as_manager()

    class Meta:
        ordering = ["position", "joined_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["table", "position"],
                condition=models.Q(position__isnull=False),
                name="seat_unique_position",
            ),
            models.UniqueConstraint(
                fields=["table", "user"],
                condition=models.Q(user__isnull=False),
                name="seat_unique_user",
            ),
        ]

    def __str__(self) -> str:
        return f"Seat {self.position} at table {self.table_id}"


class Game(models.Model):
    """A started game. `state` is the cached fold of the log up to `state_seq`."""

    class Status(models.TextChoices):
        PLAYING = "playing", gettext_lazy("Playing")
        FINISHED = "finished", gettext_lazy("Finished")
        ABORTED = "aborted", gettext_lazy("Aborted")
        VOIDED = "voided", gettext_lazy("Voided")

    table = models.OneToOneField(Table, on_delete=models.CASCADE, related_name="game")
    # Never shown in any view, API or admin list: with the seq it derives every random outcome.
    seed = models.CharField(max_length=64, default=new_seed, editable=False)
    rules_version = models.PositiveIntegerField(default=1)
    state = models.JSONField(null=True, blank=True)
    state_seq = models.PositiveIntegerField(default=0)
    status = models.CharField(
        max_length=10, choices=Status.choices, default=Status.PLAYING, db_index=True
    )
    outcome = models.JSONField(null=True, blank=True)
    started_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # A change owes its players notices not yet handed to a task: set in the change's own
    # transaction, cleared by the relay that queues the task (notifications.outbox).
    notices_owed = models.BooleanField(default=False, editable=False)

    class Meta:
        indexes = [
            # Games to watch: in progress, newest first (games.selectors.games_to_watch).
            models.Index(fields=["status", "-started_at"], name="game_watch"),
            # The relay's claim reads only the few games that owe notices.
            models.Index(
                fields=["id"], condition=models.Q(notices_owed=True), name="game_notices_owed"
            ),
        ]

    def __str__(self) -> str:
        return f"Game {self.pk} ({self.table.game_slug}, seq {self.state_seq})"


class Rematch(models.Model):
    """A finished game's offer to play again: the same players and options. Each player
    accepts (a bot's seat accepts by itself); once all have, `table` is the new table,
    already started (games.services.rematch)."""

    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="rematch")
    accepted = models.ManyToManyField(settings.AUTH_USER_MODEL, related_name="+", blank=True)
    table = models.OneToOneField(
        Table, null=True, blank=True, on_delete=models.SET_NULL, related_name="rematch_of"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"Rematch of game {self.game_id}"


class AppendOnlyQuerySet(models.QuerySet["GameEvent"]):
    """The log is never rewritten: bulk update and delete are refused."""

    def update(self, **kwargs: Any) -> NoReturn:
        raise TypeError("game events are append-only")

    def delete(self) -> NoReturn:
        raise TypeError("game events are append-only")


class GameEvent(models.Model):
    """One entry of a game's log, numbered from 1. Append-only."""

    class ActorKind(models.TextChoices):
        PLAYER = "player", gettext_lazy("Player")
        TIMEOUT = "timeout", gettext_lazy("Timeout")
        BOT = "bot", gettext_lazy("Bot")
        SYSTEM = "system", gettext_lazy("System")
        MODERATOR = "moderator", gettext_lazy("Moderator")

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="events")
    seq = models.PositiveIntegerField()
    type = models.CharField(max_length=80)
    payload = models.JSONField()
    schema_version = models.PositiveSmallIntegerField(default=1)
    actor_seat = models.PositiveSmallIntegerField(null=True, blank=True)
    actor_kind = models.CharField(
        max_length=10, choices=ActorKind.choices, default=ActorKind.PLAYER
    )
    # When the service decided it (its `now`): a game's finish time is its closing event's.
    created_at = models.DateTimeField(default=timezone.now)

    objects = AppendOnlyQuerySet.as_manager()

    class Meta:
        ordering = ["game", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seq"], name="gameevent_unique_seq"),
        ]

    def __str__(self) -> str:
        return f"#{self.seq} {self.type}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self._state.adding:
            raise TypeError("game events are append-only")
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise TypeError("game events are append-only")


class ChatMessage(models.Model):
    """Table talk. Players and spectators talk in separate channels (RA-W3, RA-W4)."""

    class Channel(models.TextChoices):
        PLAYERS = "players", gettext_lazy("Players")
        SPECTATORS = "spectators", gettext_lazy("Spectators")

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="chat_messages")
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="chat_messages"
    )
    channel = models.CharField(max_length=10, choices=Channel.choices)
    body = models.TextField(max_length=1000)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    hidden_by_moderator = models.BooleanField(default=False)
    hidden_at = models.DateTimeField(null=True, blank=True)
    hidden_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )

    class Meta:
        ordering = ["created_at", "pk"]

    def __str__(self) -> str:
        return f"{self.author_id} in {self.channel}: {self.body[:30]}"

    REMOVED_TEXT = "removed by a moderator"

    @property
    def removed(self) -> bool:
        """Hidden by a moderator, or emptied when its author deleted their account (the row
        stays so the conversation around it still reads in order)."""
        return self.hidden_by_moderator or not self.body

    @property
    def shown_body(self) -> str:
        """What everyone reads: the body, or a placeholder once hidden or deleted."""
        if self.hidden_by_moderator:
            return self.REMOVED_TEXT
        return self.body or _("message deleted")


class MoveReceipt(models.Model):
    """The first result of a move sent with an idempotency key; a repeat gets it back."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="receipts")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    key = models.CharField(max_length=80)
    # sha256 of the move as decoded: the same key sent with another move is refused.
    move_digest = models.CharField(max_length=64, default="", blank=True)
    result = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "user", "key"], name="movereceipt_unique_key"),
        ]

    def __str__(self) -> str:
        return f"receipt {self.key} of game {self.game_id}"


# A socket refreshes its presence row every PRESENCE_HEARTBEAT; a row not refreshed for
# PRESENCE_STALE_AFTER belongs to a server process that died without its disconnects (the
# rows of a crashed process are never deleted by it), so it no longer counts as online.
PRESENCE_HEARTBEAT = dt.timedelta(seconds=60)
PRESENCE_STALE_AFTER = 3 * PRESENCE_HEARTBEAT


class PresenceQuerySet(models.QuerySet["Presence"]):
    def live(self, now: dt.datetime | None = None) -> PresenceQuerySet:
        """Rows whose socket refreshed them recently: the ones that mean "online"."""
        return self.filter(last_seen__gt=(now or timezone.now()) - PRESENCE_STALE_AFTER)

    def stale(self, now: dt.datetime | None = None) -> PresenceQuerySet:
        return self.filter(last_seen__lte=(now or timezone.now()) - PRESENCE_STALE_AFTER)


class Presence(models.Model):
    """One open websocket of a user on a game page (online status; notifications skip
    users who have the game open). Rows are removed on disconnect; a row whose socket
    stopped refreshing `last_seen` (its process crashed) is ignored by `live()` and purged
    by the periodic `games.presence_purge` task."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="presences")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    channel_name = models.CharField(max_length=200, unique=True)
    # The socket shows the game page (HTML): each update is rendered for its view. False
    # for a program's socket (?format=json), which reads the JSON alone.
    page = models.BooleanField(default=True)
    connected_at = models.DateTimeField(auto_now_add=True)
    last_seen = models.DateTimeField(default=timezone.now, db_index=True)

    objects = PresenceQuerySet.as_manager()

    def __str__(self) -> str:
        return f"{self.user_id} on game {self.game_id}"


class SpectatorMark(models.Model):
    """Spectators' sockets are open on a game (anonymous spectators have no Presence row):
    each server process's heartbeat pushes `listened_until` on for its spectated games, and
    `page_until` for those some spectator sees as the game page. The broadcast reads both
    inside the seats' read it makes anyway (games.selectors.seats_in_play), so a move asks
    no other store whether spectators are there. A process that died stops counting when
    its marks run out (three heartbeats); the purge deletes marks long past."""

    game = models.OneToOneField(
        Game, on_delete=models.CASCADE, primary_key=True, related_name="spectator_mark"
    )
    listened_until = models.DateTimeField()
    page_until = models.DateTimeField(null=True)

    def __str__(self) -> str:
        return f"spectators on game {self.game_id} until {self.listened_until}"
