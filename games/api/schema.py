"""The published contract's error half: every operation of the OpenAPI schema lists the
error statuses it can answer, each with the one error shape (`Error`), so a client written
from /api/schema/ alone knows them (the success bodies come from each view's extend_schema).

Which statuses: every call may be refused unauthenticated (401), forbidden (403: no verified
email, a sanction, a missing CSRF token with a session), rate limited (429, Retry-After)
or unavailable (503, Retry-After); a path with an id may be 404; a body may be malformed
(400), too large (413) or not JSON (415); a view adds its own (`error_statuses`), e.g. the
move's 409 and 422.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.openapi import AutoSchema
from drf_spectacular.utils import OpenApiResponse

from . import serializers as io

MEANINGS = {
    400: "Malformed input: a value of the wrong type or out of range, a missing field, an "
    "unknown filter value, a body that is not valid JSON; `field` names the value at fault.",
    401: "No credentials, or an unknown token (`WWW-Authenticate: Token`).",
    403: "Authenticated but not allowed: no verified email, a sanction in force, not seated, "
    "not the host, or a session request without its CSRF token.",
    404: "No such object, or one the caller may not see (a private table or its game).",
    409: "The state does not allow it now: a stale `expected_seq` (`current_seq` says the "
    "truth), not your turn, the game is over, the table is full or has started.",
    413: "The request body is too large.",
    415: "The body is not JSON (nor a form).",
    422: "A well-formed move the rules refuse (`rule` names the rule when the engine does), "
    "or an idempotency key already used for another move.",
    429: "Too many requests: wait the `Retry-After` seconds.",
    503: "The server could not save this just now (nothing was saved): retry after "
    "`Retry-After` seconds; a move repeated with the same idempotency key applies once.",
}

EVERY_CALL = (401, 403, 429, 503)
WITH_BODY = (400, 413, 415)


class ApiSchema(AutoSchema):
    """drf-spectacular's schema with each operation's error statuses (see the module)."""

    def _get_response_bodies(self, direction: Any = "response") -> dict[str, Any]:
        responses: dict[str, Any] = super()._get_response_bodies(direction)
        if not self.path.startswith("/api/") or self.path.startswith("/api/schema/"):
            return responses
        statuses = set(EVERY_CALL) | set(getattr(self.view, "error_statuses", ()))
        if "{" in self.path:
            statuses.add(404)
        if self.method in ("POST", "PUT", "PATCH"):
            statuses.update(WITH_BODY)
        for status in sorted(statuses):
            response = OpenApiResponse(io.ErrorOut, description=MEANINGS[status])
            found = self._get_response_for_code(response, status)  # type: ignore[no-untyped-call]
            responses.setdefault(str(status), found)
        return responses
