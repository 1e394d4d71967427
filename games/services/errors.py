"""Typed refusals of the services, and the one error shape every interface answers them
with (the API, the pages' middleware, the websocket): {"error": {"code", "message",
"field"?, "current_seq"?}} with an HTTP status.

Each refusal has a stable `code`, a message for people and its status; engine errors
(games.engine.core.errors) map beside them: malformed input 400 (with the field at fault),
not seated / forbidden 403, not your turn / game over / stale seq 409 (stale carries the
current seq), an illegal move 422 with the engine's message (and "rule": {"id", "url"} when
the engine names the rule it breaks: where the game's How to play page explains it). A
database that is unreachable or dropped the connection mid-transaction is 503
"unavailable", to be retried: the transaction rolled back (with the same idempotency key, a
move is applied once; R13).
"""

from __future__ import annotations

from typing import Any

from django.db import InterfaceError, OperationalError
from django.urls import reverse
from django.utils.translation import gettext as _

from games.engine.core import (
    EngineError,
    GameOver,
    IllegalMove,
    InvalidConfig,
    MalformedMove,
    Message,
    NotYourTurn,
    render,
)


class ServiceError(Exception):
    """Base: a request the domain refuses without changing anything. A refusal declares
    its code and status in its class line: `class NotFound(ServiceError, code=..., status=...)`."""

    code = "refused"
    status = 400

    def __init_subclass__(cls, *, code: str | None = None, status: int | None = None) -> None:
        super().__init_subclass__()
        if code is not None:
            cls.code = code
        if status is not None:
            cls.status = status

    def __init__(self, message: str, *, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field


# The table of refusals: what each means is in its name, or in the comment after it.
class NotSeated(ServiceError, code="not_seated", status=403): ...


class Forbidden(ServiceError, code="forbidden", status=403): ...


class NotFound(ServiceError, code="not_found", status=404): ...


class Conflict(ServiceError, code="conflict", status=409): ...  # full, started, over...


def game_closed(status: str) -> Conflict:
    """The refusal of a change a game's status does not allow (a move after the end, a
    void of a game in play), in the reader's words."""
    sentences = {
        "playing": _("This game is still in play."),
        "finished": _("This game is over."),
        "aborted": _("This game was aborted."),
        "voided": _("This game was voided."),
    }
    return Conflict(sentences.get(status, _("This game cannot change now.")))


class BadOptions(ServiceError, code="invalid_config"): ...  # options that cannot be dealt


class BadInput(ServiceError, code="invalid"): ...  # a value of the request itself


# An idempotency key that already answered a different move: a client bug, never a retry.
class TooFast(ServiceError, code="rate_limited", status=429):
    """Flood control: `retry_after` is the seconds to wait (the API's Retry-After)."""

    def __init__(self, message: str, *, field: str | None = None, retry_after: int = 1) -> None:
        super().__init__(message, field=field)
        self.retry_after = retry_after


class IdempotencyKeyReused(ServiceError, code="idempotency_key_reused", status=422): ...


class StaleSeq(ServiceError, code="stale_seq", status=409):
    """The client's `expected_seq` is behind (or ahead of) the log; it carries the truth."""

    def __init__(self, current_seq: int, expected_seq: int) -> None:
        super().__init__(
            _(
                "The game has moved on: you sent expected_seq %(expected)s, "
                "the current seq is %(current)s."
            )
            % {"expected": expected_seq, "current": current_seq},
            field="expected_seq",
        )
        self.current_seq = current_seq


ENGINE_STATUS: dict[type[EngineError], int] = {
    MalformedMove: 400,
    InvalidConfig: 400,
    NotYourTurn: 409,
    GameOver: 409,
    IllegalMove: 422,
}


# Connection lost, server shutting down, deadlock or serialization failure: the transaction
# did not commit, and trying again is the remedy.
UNAVAILABLE_ERRORS = (OperationalError, InterfaceError)
RETRY_AFTER_SECONDS = 2


def say(message: Message | str) -> str:
    """An engine `Message` in the active language (issue 12): the engine keeps English
    templates and parameters; translation happens here, at the edge."""
    return render(message, _)


def message_of(exc: ServiceError | EngineError) -> str:
    """A refusal's words for the person who made the request, in their language."""
    return say(exc.text) if isinstance(exc, EngineError) else exc.message


def error_body(code: str, message: str, field: str | None = None, **extra: Any) -> dict[str, Any]:
    error: dict[str, Any] = {"code": code, "message": _encodable(message)}
    if field:
        error["field"] = _encodable(field)
    error.update(extra)
    return {"error": error}


def _encodable(text: str) -> str:
    """`text` with what UTF-8 cannot encode written as escapes: a field name is the client's
    own key, and a JSON "\\ud800" in it (a lone surrogate) failed the API's UTF-8 response
    (a 500) when the refusal named that field."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return text.encode("utf-8", "backslashreplace").decode("utf-8")
    return text


def unavailable_error() -> tuple[int, dict[str, Any]]:
    return 503, error_body(
        "unavailable", _("The server could not save this just now. Please try again.")
    )


def domain_error(exc: Exception) -> tuple[int, dict[str, Any]] | None:
    """(status, body) for a service or engine refusal, or for a database that failed under
    the request (503, retryable); None for anything else. Shared by the API, the pages'
    middleware and the websocket consumer so all speak the same error shape."""
    if isinstance(exc, UNAVAILABLE_ERRORS):
        return unavailable_error()
    if isinstance(exc, StaleSeq):
        body = error_body(exc.code, exc.message, exc.field, current_seq=exc.current_seq)
        return exc.status, body
    if isinstance(exc, ServiceError):
        return exc.status, error_body(exc.code, exc.message, exc.field)
    if isinstance(exc, EngineError):
        status = next((s for t, s in ENGINE_STATUS.items() if isinstance(exc, t)), 422)
        extra = {"rule": refused_rule} if (refused_rule := rule_of(exc)) else {}
        return status, error_body(exc.code, say(exc.text), getattr(exc, "field", None), **extra)
    return None


def rule_of(exc: Exception) -> dict[str, str] | None:
    """The rule an illegal move breaks, as data beside its message: {"id", "url"}, the url
    its anchor on the game's How to play page; None when the refusal names no rule."""
    if not isinstance(exc, IllegalMove) or not exc.rule or not exc.game:
        return None
    return {"id": exc.rule, "url": f"{reverse('rules', args=[exc.game])}#{exc.rule}"}
