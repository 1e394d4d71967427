"""Helpers every websocket consumer uses: typed database access from async code, the
socket's user, and the error shape a JSON client reads (the API's, with a type)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, ParamSpec, TypeVar, cast

from channels.consumer import get_handler_name
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer

from accounts.models import User
from games.services.errors import error_body

P = ParamSpec("P")
R = TypeVar("R")


def db(fn: Callable[P, R]) -> Callable[P, Awaitable[R]]:
    """database_sync_to_async with its type kept (channels ships no type hints)."""
    return cast(Callable[P, Awaitable[R]], database_sync_to_async(fn))


class DirectDispatch(AsyncWebsocketConsumer):  # type: ignore[misc]
    """A consumer that runs its handlers without channels' hop to a thread before each one
    (`aclose_old_connections`, channels 4.2): every database access of these consumers goes
    through `db`, which closes stale connections in its own thread, so the hop did nothing
    but cost each socket a thread switch per pushed message (the fan-out's cost per socket)."""

    async def dispatch(self, message: dict[str, Any]) -> None:
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)


def socket_error(status: int, code: str, message: str, field: str | None = None) -> dict[str, Any]:
    """An error as a JSON client reads it: the API's error body, typed "error"."""
    return {"type": "error", "status": status, **error_body(code, message, field)}


def user_of(scope: dict[str, Any]) -> User | None:
    """The logged-in user of a socket (AuthMiddlewareStack sets an AnonymousUser otherwise)."""
    user = scope.get("user")
    return user if isinstance(user, User) else None
