"""The site's own answers for a page not found (404) and one not open to the reader (403):
in the site's frame and the reader's language, with the way on to the lobby; under /api/
the API's error body instead, as every other API refusal. Django renders 400, a failed CSRF
check and 500 from templates/ without a request (templates/errors/standalone.html); a failed
CSRF check from htmx reloads the page (`csrf_failure`)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.urls import is_valid_path
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django.views.csrf import csrf_failure as django_csrf_failure
from django_htmx.http import HttpResponseClientRefresh

from games.services.errors import error_body

# What each status says: its API code, the page's title and its sentence.
_SAYS = {
    404: (
        "not_found",
        _("Page not found"),
        _(
            "There is no such page, or it is not open to you: a private table opens only "
            "with its invite link, and a table its host removed is gone."
        ),
    ),
    403: (
        "forbidden",
        _("Not open to you"),
        _(
            "This page is not open to your account. If you think it should be, sign in "
            "with the account that can see it."
        ),
    ),
}


def _refusal(request: HttpRequest, status: int) -> HttpResponse:
    code, title, text = _SAYS[status]
    if request.path.startswith("/api/"):
        message = str(text)
        if status == 404 and not request.path.endswith("/") and is_valid_path(f"{request.path}/"):
            # A POST without the slash (ApiAwareCommonMiddleware does not redirect it).
            message = gettext("API paths end with a slash: %(path)s") % {"path": f"{request.path}/"}
        return JsonResponse(error_body(code, message), status=status)
    return render(request, "errors/in_site.html", {"title": title, "text": text}, status=status)


def not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    return _refusal(request, 404)


def forbidden(request: HttpRequest, exception: Exception) -> HttpResponse:
    return _refusal(request, 403)


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """A form sent with an out-of-date token (the player logged in again in another tab):
    an htmx request reloads the page, which brings a fresh token and the game as it is now
    (a 403 it would otherwise drop in silence); a plain form gets templates/403_csrf.html."""
    if getattr(request, "htmx", None):
        refresh = HttpResponseClientRefresh()
        refresh.status_code = 403  # refused all the same; htmx reads the header first
        return refresh
    return django_csrf_failure(request, reason)
