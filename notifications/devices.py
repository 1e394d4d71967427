"""The browsers (devices) that receive a user's pushes: subscribing one, unsubscribing one,
and which kinds of push the user wants (issue 16).

A subscription is checked before it is stored: the endpoint must be an https URL (http only
when settings.WEBPUSH_ALLOW_HTTP, for a local stub push service) whose host is not, as
written, a loopback, private or local address (what a name resolves to is checked when a
push connects: notifications.push_transport), the browser's key a real
point of P-256 and the authentication secret 16 bytes, so a push is never encrypted for
nonsense. Bad input raises DeviceError with a sentence the player can read.
"""

from __future__ import annotations

from dataclasses import dataclass

from cryptography.hazmat.primitives.asymmetric import ec
from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import URLValidator
from django.db import transaction
from django.utils.translation import gettext as _

from accounts.models import User

from .models import Channel, Kind, PushSubscription
from .push_transport import names_a_private_host
from .unsubscribe import is_subscribed, set_subscribed
from .vapid import b64url_decode

# The kinds of notification a push can carry (the digest is an email's way of collecting).
PUSH_KINDS = (Kind.TURN, Kind.DEADLINE, Kind.GAME_OVER)


class DeviceError(ValueError):
    """A subscription we will not store; the message says why, in the player's words."""


@dataclass(frozen=True)
class NewSubscription:
    endpoint: str
    p256dh: str
    auth: str
    device: str = ""


def _checked(sub: NewSubscription) -> NewSubscription:
    schemes = ["https", "http"] if settings.WEBPUSH_ALLOW_HTTP else ["https"]
    try:
        URLValidator(schemes=schemes)(sub.endpoint)
    except ValidationError as exc:
        raise DeviceError(_("The browser gave a push address this site cannot use.")) from exc
    if not settings.WEBPUSH_ALLOW_PRIVATE_ADDRESSES and names_a_private_host(sub.endpoint):
        raise DeviceError(_("The browser gave a push address this site cannot use."))
    if len(sub.endpoint) > PushSubscription._meta.get_field("endpoint").max_length:  # type: ignore[operator]
        raise DeviceError(_("The browser gave a push address this site cannot use."))
    try:
        point = b64url_decode(sub.p256dh)
        ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), point)
        secret = b64url_decode(sub.auth)
    except ValueError as exc:
        raise DeviceError(_("The browser gave keys this site cannot encrypt for.")) from exc
    if len(point) != 65 or len(secret) != 16:
        raise DeviceError(_("The browser gave keys this site cannot encrypt for."))
    return NewSubscription(sub.endpoint, sub.p256dh.strip(), sub.auth.strip(), sub.device[:80])


def device_subscribe(user: User, sub: NewSubscription) -> PushSubscription:
    """Store this browser's subscription for `user` (replacing whatever the endpoint held:
    new keys, or another account that subscribed in the same browser)."""
    sub = _checked(sub)
    with transaction.atomic():
        row, _created = PushSubscription.objects.update_or_create(
            endpoint=sub.endpoint,
            defaults={"user": user, "p256dh": sub.p256dh, "auth": sub.auth, "device": sub.device},
        )
    return row


def device_unsubscribe(user: User, *, endpoint: str | None = None, pk: int | None = None) -> int:
    """Forget one of the user's browsers, by its endpoint (the browser itself) or its row
    (the settings page's list); returns how many rows went (0: not theirs, or gone)."""
    rows = PushSubscription.objects.filter(user=user)
    if endpoint is not None:
        rows = rows.filter(endpoint=endpoint)
    elif pk is not None:
        rows = rows.filter(pk=pk)
    else:
        return 0
    deleted, _rows = rows.delete()
    return deleted


def devices_list(user: User) -> list[PushSubscription]:
    return list(PushSubscription.objects.filter(user=user))


def push_kinds_get(user: User) -> dict[str, bool]:
    """Which kinds of push the user wants (all of them until they turn one off)."""
    return {str(kind): is_subscribed(user, kind, Channel.PUSH) for kind in PUSH_KINDS}


def push_kinds_set(user: User, wanted: dict[str, bool]) -> None:
    for kind in PUSH_KINDS:
        if str(kind) in wanted:
            set_subscribed(user, kind, wanted[str(kind)], Channel.PUSH)


# (User-Agent token, name), the first found wins: Edge and Opera also say "Chrome/",
# Chrome also says "Safari/", Android also says "Linux".
BROWSERS = (
    ("Edg/", "Edge"),
    ("OPR/", "Opera"),
    ("Firefox/", "Firefox"),
    ("Chrome/", "Chrome"),
    ("Chromium/", "Chromium"),
    ("Safari/", "Safari"),
)
SYSTEMS = (
    ("Android", "Android"),
    ("iPhone", "iPhone"),
    ("iPad", "iPad"),
    ("Windows", "Windows"),
    ("Mac OS X", "macOS"),
    ("CrOS", "ChromeOS"),
    ("Linux", "Linux"),
)


def device_name(user_agent: str) -> str:
    """A short name for a browser from its User-Agent ("Firefox on Android"), shown in the
    list of devices so a player can tell which one to remove."""
    ua = user_agent or ""
    browser = next((name for token, name in BROWSERS if token in ua), "")
    system = next((name for token, name in SYSTEMS if token in ua), "")
    if browser and system:
        return _("%(browser)s on %(system)s") % {"browser": browser, "system": system}
    return browser or system
