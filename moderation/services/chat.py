"""Hiding chat: a hidden message reads "removed by a moderator" for everyone, at once on
open pages (broadcast) and in every later read (games.selectors.chat_for)."""

from __future__ import annotations

from collections.abc import Iterable

from django.db import transaction
from django.utils import timezone

from accounts.models import User
from games.models import ChatMessage, Game, Seat
from games.services import broadcast

from .audit import audit_record, reason_required


def _broadcast_hidden(message: ChatMessage) -> None:
    game_id = Game.objects.filter(table_id=message.table_id).values_list("pk", flat=True).first()
    seats = Seat.objects.filter(table_id=message.table_id, position__isnull=False).count()
    transaction.on_commit(lambda: broadcast.chat_hidden(message, game_id, seats))


def chat_hide(*, messages: Iterable[ChatMessage], by: User, reason: str) -> int:
    """Hide each message not hidden yet; returns how many were hidden."""
    return _hidden_set(messages, by, reason, hidden=True)


def chat_restore(*, messages: Iterable[ChatMessage], by: User, reason: str) -> int:
    """Show hidden messages again (a mistaken hide); open pages see it on reload."""
    return _hidden_set(messages, by, reason, hidden=False)


def _hidden_set(messages: Iterable[ChatMessage], by: User, reason: str, *, hidden: bool) -> int:
    """Hide or show again each message not so yet, audited; a hidden one leaves open pages
    at once. How many changed."""
    reason_required(reason)
    changed = 0
    with transaction.atomic():
        for message in messages:
            if message.hidden_by_moderator == hidden:
                continue
            message.hidden_by_moderator = hidden
            message.hidden_at = timezone.now() if hidden else None
            message.hidden_by = by if hidden else None
            message.save(update_fields=["hidden_by_moderator", "hidden_at", "hidden_by"])
            action = "chat_hide" if hidden else "chat_restore"
            audit_record(actor=by, action=action, obj=message, reason=reason)
            if hidden:
                _broadcast_hidden(message)
            changed += 1
    return changed
