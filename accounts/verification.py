"""The verified-email predicate: a player must have verified an email address before
joining or playing a game (issue 2). Pages and the API gate on it through
accounts.permissions; services and websocket consumers call it directly.

Superusers pass: they are created with `createsuperuser`, which records no email address.
"""

from __future__ import annotations

from allauth.account.models import EmailAddress
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser

# Set on a user object by whoever read the answer with the user (the API's token
# authentication, games.api.authentication): the answer for that request, no query.
VERIFIED_MEMO = "verified_at_auth"


def user_is_verified(user: AbstractBaseUser | AnonymousUser | None) -> bool:
    """True when the user is logged in and has at least one verified email address."""
    if user is None or not user.is_authenticated or not user.is_active:
        return False
    if getattr(user, "is_superuser", False):
        return True
    memo = getattr(user, VERIFIED_MEMO, None)
    if memo is not None:
        return bool(memo)
    return bool(EmailAddress.objects.filter(user_id=user.pk, verified=True).exists())
