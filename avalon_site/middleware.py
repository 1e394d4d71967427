"""Site-wide middleware: a view whose database failed under it (connection dropped, server
restarting, deadlock) answers 503 with Retry-After instead of 500 (R13). The transaction it
ran rolled back, so repeating the request is safe: a move repeated with its idempotency key
is applied once. API clients get the project's error shape, pages a short notice.

And Django's CommonMiddleware, except that an API POST without its trailing slash is not
redirected (avalon_site.errors answers it 404, naming the path with the slash)."""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.db import DataError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.middleware.common import CommonMiddleware
from django.template.loader import render_to_string
from django.utils.translation import gettext as _

from games.services.errors import (
    RETRY_AFTER_SECONDS,
    UNAVAILABLE_ERRORS,
    error_body,
    unavailable_error,
)

logger = logging.getLogger(__name__)


class ApiAwareCommonMiddleware(CommonMiddleware):
    """APPEND_SLASH for pages and reads only: a POST redirected loses its body (the client
    repeats it as a GET and meets a 405), and with DEBUG on Django raised instead (a 500)."""

    def should_redirect_with_slash(self, request: HttpRequest) -> bool:
        if request.path_info.startswith("/api/") and request.method not in ("GET", "HEAD"):
            return False
        return bool(super().should_redirect_with_slash(request))


class DatabaseUnavailableMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exc: Exception) -> HttpResponse | None:
        if isinstance(exc, DataError):
            return _refused_value(request, exc)
        if not isinstance(exc, UNAVAILABLE_ERRORS):
            return None
        logger.warning("database unavailable during %s %s: %r", request.method, request.path, exc)
        status, body = unavailable_error()
        response: HttpResponse
        if request.path.startswith("/api/") or "json" in request.headers.get("Accept", ""):
            response = JsonResponse(body, status=status)
        else:
            # No base template: its context would query the database that just failed.
            html = render_to_string("503.html", {"message": body["error"]["message"]})
            response = HttpResponse(html, status=status)
        response["Retry-After"] = str(RETRY_AFTER_SECONDS)
        return response


def _refused_value(request: HttpRequest, exc: DataError) -> HttpResponse:
    """The database refused a value the request carried (a NUL, which PostgreSQL text
    cannot hold, in a query the admin's own filters pass on: `?username=%00`): the
    client's, a 400 in words rather than a 500. Nothing was written: the statement failed."""
    logger.info("a value the database refused in %s %s: %r", request.method, request.path, exc)
    if request.path.startswith("/api/") or "json" in request.headers.get("Accept", ""):
        message = _("The request holds a value the site cannot read (a NUL character?).")
        return JsonResponse(error_body("bad_request", message), status=400)
    return HttpResponse(render_to_string("400.html"), status=400)
