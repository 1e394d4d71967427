"""Typed refusals of the services. Each has a stable `code`, a message for people and the
HTTP status the interfaces answer with; engine errors (games.engine.core.errors) are mapped
beside them in games/api/errors.py."""

from __future__ import annotations


class ServiceError(Exception):
    """Base: a request the domain refuses without changing anything."""

    code = "refused"
    status = 400

    def __init__(self, message: str, *, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field


class NotSeated(ServiceError):
    code = "not_seated"
    status = 403


class Forbidden(ServiceError):
    code = "forbidden"
    status = 403


class NotFound(ServiceError):
    code = "not_found"
    status = 404


class Conflict(ServiceError):
    """The table or game is not in a state that allows this (full, started, over...)."""

    code = "conflict"
    status = 409


class StaleSeq(ServiceError):
    """The client's `expected_seq` is behind (or ahead of) the log; it carries the truth."""

    code = "stale_seq"
    status = 409

    def __init__(self, current_seq: int, expected_seq: int) -> None:
        super().__init__(
            f"The game has moved on: you sent expected_seq {expected_seq}, "
            f"the current seq is {current_seq}.",
            field="expected_seq",
        )
        self.current_seq = current_seq


class BadOptions(ServiceError):
    """Table options that cannot be dealt or decoded (the reason says why)."""

    code = "invalid_config"
    status = 400


class IdempotencyKeyReused(ServiceError):
    """An idempotency key already answered a different move: a client bug, never a retry."""

    code = "idempotency_key_reused"
    status = 422


class BadInput(ServiceError):
    """A value of the request itself that cannot be used (not the game's options)."""

    code = "invalid"
    status = 400
