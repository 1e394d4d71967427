"""One error shape for the whole API: {"error": {"code", "message", "field"?, "current_seq"?}}.

Engine refusals and service refusals map to statuses here, once: malformed input 400 (with
the field at fault), not seated / forbidden 403, not your turn / game over / stale seq 409
(stale carries the current seq), an illegal move 422 with the engine's message, a body over
DATA_UPLOAD_MAX_MEMORY_SIZE 413.
A database that is unreachable or dropped the connection mid-transaction is 503
"unavailable" with Retry-After: the transaction rolled back, so the request may be repeated
(with the same idempotency key, a move is applied once; R13).
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ObjectDoesNotExist, RequestDataTooBig, SuspiciousOperation
from django.db import InterfaceError, OperationalError
from django.http import Http404
from django.utils.translation import gettext as _
from rest_framework import exceptions as drf
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_handler

from games.engine.core import (
    EngineError,
    GameOver,
    IllegalMove,
    InvalidConfig,
    MalformedMove,
    NotYourTurn,
)
from games.services.errors import ServiceError, StaleSeq

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


def error_body(code: str, message: str, field: str | None = None, **extra: Any) -> dict[str, Any]:
    error: dict[str, Any] = {"code": code, "message": message}
    if field:
        error["field"] = field
    error.update(extra)
    return {"error": error}


def _first_validation_error(detail: Any, prefix: str = "") -> tuple[str | None, str]:
    if isinstance(detail, dict):
        for key, value in detail.items():
            name = key if key != "non_field_errors" else ""
            field, message = _first_validation_error(value, f"{prefix}.{name}" if prefix else name)
            return field, message
    if isinstance(detail, list) and detail:
        return _first_validation_error(detail[0], prefix)
    return (prefix or None), str(detail)


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
        return status, error_body(exc.code, exc.message, getattr(exc, "field", None))
    return None


def api_exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    mapped = domain_error(exc)
    if mapped is not None:
        headers = {"Retry-After": str(RETRY_AFTER_SECONDS)} if mapped[0] == 503 else None
        return Response(mapped[1], status=mapped[0], headers=headers)
    if isinstance(exc, (Http404, ObjectDoesNotExist)):
        return Response(error_body("not_found", "Not found."), status=404)
    if isinstance(exc, drf.ValidationError):
        field, message = _first_validation_error(exc.detail)
        return Response(error_body("invalid", message, field), status=400)
    if isinstance(exc, drf.ParseError):
        return Response(error_body("malformed_json", str(exc.detail), "body"), status=400)
    if isinstance(exc, RequestDataTooBig):
        # Raised while DRF reads the body; left to Django it was an HTML 400 page.
        message = _("The request body is too large.")
        return Response(error_body("too_large", message, "body"), status=413)
    if isinstance(exc, SuspiciousOperation):  # e.g. too many form fields
        return Response(error_body("bad_request", _("The request was refused.")), status=400)
    response = drf_handler(exc, context)
    if response is not None and isinstance(exc, drf.APIException):
        code = exc.get_codes() if isinstance(exc.get_codes(), str) else "error"
        response.data = error_body(str(code), str(exc.detail))
    return response
