"""Hiding chat: a hidden message reads "removed by a moderator" for everyone, at once on
open pages (broadcast) and in every later read (games.selectors.chat_for)."""

from __future__ import annotations

from collections.abc import Iterable

from django.db import transaction
from django.utils import timezone

from accounts.models import User
from games.models import ChatMessage, Game, Seat
from games.services import broadcast
from moderation.errors import ModerationError

from .audit import audit_record


def _broadcast_hidden(message: ChatMessage) -> None:
    game_id = Game.objects.filter(table_id=message.table_id).values_list("pk", flat=True).first()
    seats = Seat.objects.filter(table_id=message.table_id, position__isnull=False).count()
    transaction.on_commit(lambda: broadcast.chat_hidden(message, game_id, seats))


def chat_hide(*, messages: Iterable[ChatMessage], by: User, reason: str) -> int:
    """Hide each message not hidden yet; returns how many were hidden."""
    if not reason.strip():
        raise ModerationError("Give a reason.", field="reason")
    hidden = 0
    with transaction.atomic():
        for message in messages:
            if message.hidden_by_moderator:
                continue
            message.hidden_by_moderator = True
            message.hidden_at = timezone.now()
            message.hidden_by = by
            message.save(update_fields=["hidden_by_moderator", "hidden_at", "hidden_by"])
            audit_record(actor=by, action="chat_hide", obj=message, reason=reason)
            _broadcast_hidden(message)
            hidden += 1
    return hidden


def chat_restore(*, messages: Iterable[ChatMessage], by: User, reason: str) -> int:
    """Show hidden messages again (a mistaken hide); open pages see it on reload."""
    if not reason.strip():
        raise ModerationError("Give a reason.", field="reason")
    restored = 0
    with transaction.atomic():
        for message in messages:
            if not message.hidden_by_moderator:
                continue
            message.hidden_by_moderator = False
            message.hidden_at = None
            message.hidden_by = None
            message.save(update_fields=["hidden_by_moderator", "hidden_at", "hidden_by"])
            audit_record(actor=by, action="chat_restore", obj=message, reason=reason)
            restored += 1
    return restored
