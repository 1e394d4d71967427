"""The API's exception handler: every error in the one error shape of the site,
{"error": {"code", "message", "field"?, "current_seq"?}}.

Engine and service refusals, and a database that failed under the request (503 with
Retry-After), are mapped once in games.services.errors.domain_error, shared with the pages'
middleware and the websocket; here DRF's own errors join them: validation and parse errors
400 (with the field at fault), a body over DATA_UPLOAD_MAX_MEMORY_SIZE 413, not found 404.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ObjectDoesNotExist, RequestDataTooBig, SuspiciousOperation
from django.http import Http404
from django.utils.translation import gettext as _
from rest_framework import exceptions as drf
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_handler

from games.services.errors import RETRY_AFTER_SECONDS, TooFast, domain_error, error_body


def _first_validation_error(detail: Any, prefix: str = "") -> tuple[str | None, str]:
    if isinstance(detail, dict):
        for key, value in detail.items():
            name = key if key != "non_field_errors" else ""
            field, message = _first_validation_error(value, f"{prefix}.{name}" if prefix else name)
            return field, message
    if isinstance(detail, list) and detail:
        return _first_validation_error(detail[0], prefix)
    return (prefix or None), str(detail)


def api_exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    mapped = domain_error(exc)
    if mapped is not None:
        headers = None
        if mapped[0] == 503:
            headers = {"Retry-After": str(RETRY_AFTER_SECONDS)}
        elif isinstance(exc, TooFast):  # flood control: as the throttle's 429 says it
            headers = {"Retry-After": str(exc.retry_after)}
        return Response(mapped[1], status=mapped[0], headers=headers)
    if isinstance(exc, (Http404, ObjectDoesNotExist)):
        return Response(error_body("not_found", _("Not found.")), status=404)
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
