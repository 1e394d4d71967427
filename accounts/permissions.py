"""Who may play: the verified-email gate shared by page views, the API and consumers.

A player must have verified an email address before joining or playing a game (issue 2).
- `accounts.verification.user_is_verified(user)` is the single predicate (services and
  Channels consumers use it directly).
- `verified_required` decorates a function view: anonymous users go to the log-in page,
  unverified users get a 403 page that tells them how to verify.
- `IsVerified` is the DRF permission class with the same meaning.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import TYPE_CHECKING, Any, TypeVar, cast

from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django_htmx.http import HttpResponseClientRedirect
from rest_framework.permissions import BasePermission

from .verification import user_is_verified

if TYPE_CHECKING:
    from rest_framework.request import Request
    from rest_framework.views import APIView

ViewFunc = TypeVar("ViewFunc", bound=Callable[..., HttpResponse])

NOT_VERIFIED_MESSAGE = "Verify your email address before playing: follow the link we sent you."


def _to_login(request: HttpRequest) -> HttpResponse:
    """The log-in page, then back. An htmx request (a move button after the session ended)
    would follow a redirect inside its XMLHttpRequest and swap the log-in page into a panel,
    or drop it: the whole browser goes there instead, and back to the page it was on."""
    htmx = getattr(request, "htmx", None)
    if htmx:
        back = htmx.current_url_abs_path or request.get_full_path()
        return HttpResponseClientRedirect(redirect_to_login(back).url)
    return redirect_to_login(request.get_full_path())


def verified_required(view: ViewFunc) -> ViewFunc:
    """Function-view decorator: logged in and email verified, else log in / verify page."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not request.user.is_authenticated:
            return _to_login(request)
        if not user_is_verified(request.user):
            return render(
                request,
                "accounts/verify_first.html",
                {"title": _("Verify your email first")},
                status=403,
            )
        return view(request, *args, **kwargs)

    return cast(ViewFunc, wrapper)


class IsVerified(BasePermission):
    """DRF: the requester is authenticated and has a verified email address."""

    message = NOT_VERIFIED_MESSAGE

    def has_permission(self, request: Request, view: APIView) -> bool:
        return user_is_verified(request.user)
