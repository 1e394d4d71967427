"""Helpers every websocket consumer uses: typed database access from async code, the
socket's user, and the error shape a JSON client reads (the API's, with a type)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, ParamSpec, TypeVar, cast

from channels.db import database_sync_to_async

from accounts.models import User
from games.services.errors import error_body

P = ParamSpec("P")
R = TypeVar("R")


def db(fn: Callable[P, R]) -> Callable[P, Awaitable[R]]:
    """database_sync_to_async with its type kept (channels ships no type hints)."""
    return cast(Callable[P, Awaitable[R]], database_sync_to_async(fn))


def socket_error(status: int, code: str, message: str, field: str | None = None) -> dict[str, Any]:
    """An error as a JSON client reads it: the API's error body, typed "error"."""
    return {"type": "error", "status": status, **error_body(code, message, field)}


def user_of(scope: dict[str, Any]) -> User | None:
    """The logged-in user of a socket (AuthMiddlewareStack sets an AnonymousUser otherwise)."""
    user = scope.get("user")
    return user if isinstance(user, User) else None
