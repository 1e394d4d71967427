"""Token authentication in one query: the token, its user, and the two facts every API call
of a player checks next (a verified email address: accounts.permissions.IsVerified; no
sanction in force: the actor gate of every service, moderation.enforcement).

DRF's TokenAuthentication reads the token and user, then the permission and the gate each
ran a query of their own; a move paid three queries before reading the game (issue 14).
The facts are kept on this request's user object only (a fresh row per request), where
accounts.verification and moderation.selectors read them instead of querying again.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from allauth.account.models import EmailAddress
from django.db.models import Exists, OuterRef, QuerySet
from django.utils import timezone
from rest_framework.authentication import TokenAuthentication
from rest_framework.authtoken.models import Token

from accounts.verification import VERIFIED_MEMO
from games.prepared import Prepared
from moderation.models import Sanction
from moderation.selectors import NO_SANCTION_MEMO


def _token_with_facts(key: str, now: dt.datetime) -> QuerySet[Token]:
    verified = EmailAddress.objects.filter(user_id=OuterRef("user_id"), verified=True)
    sanctions = Sanction.objects.filter(user_id=OuterRef("user_id")).active(now)
    return (
        Token.objects.select_related("user")
        .annotate(email_verified=Exists(verified), sanctioned=Exists(sanctions))
        .filter(key=key)
    )


# Every API call runs it: compiled once per process (games.prepared).
_TOKEN_WITH_FACTS = Prepared(
    _token_with_facts,
    "placeholder-token-key-730201",
    dt.datetime(1901, 2, 3, 4, 5, 6, 789, tzinfo=dt.UTC),
)


class PlayerTokenAuthentication(TokenAuthentication):
    """`Authorization: Token <key>`, as DRF's, with the user's verified email and sanction
    state read in the same query."""

    def authenticate_credentials(self, key: str) -> tuple[Any, Any]:
        found = _TOKEN_WITH_FACTS.list(key, timezone.now())
        token: Any = found[0] if found else None  # with the annotations
        if token is None or not token.user.is_active:
            # DRF's own refusal, in its words (an unknown key, an inactive user).
            return super().authenticate_credentials(key)
        user = token.user
        # Django cached the relation both ways (the user's `auth_token` too): the pair was a
        # reference cycle at every API call, left to the collector (issue 14, B3). Nothing
        # reads the token back from the user.
        Token.user.field.remote_field.delete_cached_value(user)
        setattr(user, VERIFIED_MEMO, token.email_verified)
        if not token.sanctioned:  # a sanction is read again where it is enforced (its notice)
            setattr(user, NO_SANCTION_MEMO, True)
        return user, token
