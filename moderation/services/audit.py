"""The audit log's one writer: every moderator action (and every read of a full game log)
records who, what, when, why and on which object."""

from __future__ import annotations

from typing import Any

from django.db import models

from accounts.models import User
from moderation.errors import ModerationError
from moderation.models import AuditLog


def reason_required(reason: str) -> str:
    """The reason a moderator gives for an action, stripped: every audited action needs one."""
    if not reason.strip():
        raise ModerationError("Give a reason.", field="reason")
    return reason.strip()


def audit_record(
    *,
    actor: User,
    action: str,
    obj: models.Model,
    reason: str = "",
    details: dict[str, Any] | None = None,
) -> AuditLog:
    return AuditLog.objects.create(
        actor=actor,
        action=action,
        reason=reason,
        object_type=obj._meta.label,
        object_id=str(obj.pk),
        object_repr=str(obj)[:200],
        details=details or {},
    )
