"""Signed one-click unsubscribe links: they work without logging in, cannot be forged, and
name one user and one kind of email. Applying one turns the matching switch off."""

from __future__ import annotations

from collections.abc import Collection

from django.conf import settings
from django.core import signing
from django.urls import reverse

from accounts.models import User

from .models import Channel, Kind, OptOut

SALT = "notifications.unsubscribe"
# Which profile switch each kind of email answers to (game over has none: OptOut rows).
PROFILE_FIELD = {
    Kind.TURN: "email_on_turn",
    Kind.DIGEST: "email_on_turn",
    Kind.DEADLINE: "deadline_warnings",
}


def token_for(user: User, kind: str) -> str:
    return signing.dumps({"u": user.pk, "k": str(kind)}, salt=SALT, compress=True)


def unsubscribe_url(user: User, kind: str) -> str:
    return settings.SITE_URL + reverse("notifications_unsubscribe", args=[token_for(user, kind)])


def read_token(token: str) -> tuple[User, str] | None:
    """The user and kind a token names, or None if it was tampered with or is unknown."""
    try:
        data = signing.loads(token, salt=SALT)
    except signing.BadSignature:
        return None
    kind = str(data.get("k", ""))
    if kind not in Kind.values:
        return None
    user = User.objects.filter(pk=data.get("u")).first()
    return None if user is None else (user, kind)


def set_subscribed(user: User, kind: str, subscribed: bool, channel: str = Channel.EMAIL) -> None:
    """Turn one kind of notification on or off on one channel (pushes: OptOut rows only)."""
    field = PROFILE_FIELD.get(Kind(kind)) if channel == Channel.EMAIL else None
    if field is not None:
        setattr(user, field, subscribed)
        updates = [field]
        if kind in (Kind.TURN, Kind.DIGEST) and not subscribed:
            user.daily_digest = False  # no turn emails means no digest of them either
            updates.append("daily_digest")
        user.save(update_fields=updates)
    elif subscribed:
        OptOut.objects.filter(user=user, kind=kind, channel=channel).delete()
    else:
        OptOut.objects.get_or_create(user=user, kind=kind, channel=channel)


def is_subscribed(
    user: User,
    kind: str,
    channel: str = Channel.EMAIL,
    opted_out: Collection[tuple[int, str, str]] | None = None,
) -> bool:
    """`opted_out`: the (user, kind, channel) of the OptOut rows, if the caller read them
    (a batch of notices reads them once)."""
    field = PROFILE_FIELD.get(Kind(kind)) if channel == Channel.EMAIL else None
    if field is not None:
        return bool(getattr(user, field))
    if opted_out is not None:
        return (user.pk, str(kind), str(channel)) not in opted_out
    return not OptOut.objects.filter(user=user, kind=kind, channel=channel).exists()
