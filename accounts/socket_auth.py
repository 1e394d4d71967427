"""Websocket sign-in by API token (`Authorization: Token <key>` on the handshake), for
programs that hold a token and no session, with or without an Origin header. Its own
module: the consumers import accounts.middleware, and they may not reach DRF (pyproject's
contract)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from channels.db import database_sync_to_async
from channels.security.websocket import AllowedHostsOriginValidator
from django.contrib.auth.models import AnonymousUser
from rest_framework.authtoken.models import Token

from .models import User


class SocketTokenMiddleware:
    """A websocket may sign in as the API does, `Authorization: Token <key>` on the
    handshake, so a program with its token needs no session. Inside AuthMiddlewareStack: a
    token speaks for the socket, as it does first for the API (an active user's; the
    consumer checks the verified email and moderation's gate as for any user), and an
    unknown one leaves it anonymous, whatever session cookie came along. So a handshake
    spared the Origin check (TokenOrOriginValidator) is never signed in by a cookie."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> Any:
        key = _token_of(scope)
        if key is not None:
            found = await _token_user(key)
            scope = {**scope, "user": found if found is not None else AnonymousUser()}
        return await self.inner(scope, receive, send)


KEY_LENGTH = 40  # DRF's token keys; a longer or unprintable one is no key (nor a query)


def _token_of(scope: Mapping[str, Any]) -> str | None:
    for name, value in scope.get("headers", []):
        if name.lower() == b"authorization":
            scheme, _, key = bytes(value).decode("latin-1").partition(" ")
            key = key.strip()
            if scheme == "Token" and key and len(key) <= KEY_LENGTH and key.isprintable():
                return str(key)
    return None


def _token_user_now(key: str) -> User | None:
    token = Token.objects.select_related("user").filter(key=key).first()
    if token is None or not token.user.is_active:
        return None
    return cast(User, token.user)


_token_user = database_sync_to_async(_token_user_now)


class TokenOrOriginValidator:
    """Channels' AllowedHostsOriginValidator, except for a handshake that carries a token
    and no Origin: a program's (browsers always send Origin on a websocket and cannot set
    Authorization), so no page of another site can be riding on it. The origin check
    guards cookie-signed sockets; a token client need not forge an Origin to pass it."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.checked = AllowedHostsOriginValidator(inner)

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> Any:
        names = {bytes(name).lower() for name, _value in scope.get("headers", [])}
        if b"origin" not in names and _token_of(scope) is not None:
            return await self.inner(scope, receive, send)
        return await self.checked(scope, receive, send)
