"""Render every page in the signed-in user's own time zone (accounts.User.time_zone) and
language (accounts.User.language): chat times, deadlines and dates on pages follow the
viewer, not UTC. Anonymous visitors see UTC (settings.TIME_ZONE) and the language
LocaleMiddleware chose. Websockets get the same choice of language (SocketLanguageMiddleware)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import timezone, translation
from django.utils.translation.trans_real import parse_accept_lang_header

from .models import User


class UserTimeZoneMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        user = getattr(request, "user", None)
        if isinstance(user, User):
            timezone.activate(user.zone)
        else:
            timezone.deactivate()
        try:
            return self.get_response(request)
        finally:
            timezone.deactivate()


class UserLanguageMiddleware:
    """Speak the signed-in player's profile language (accounts.User.language).

    Runs after LocaleMiddleware (which chose from the switch's cookie, else Accept-Language,
    else English) and after authentication; a profile without a language keeps that choice.
    Anonymous visitors keep LocaleMiddleware's choice.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        user = getattr(request, "user", None)
        if isinstance(user, User) and user.language:
            translation.activate(user.language)
            request.LANGUAGE_CODE = translation.get_language()
        return self.get_response(request)


def socket_language(scope: Mapping[str, Any]) -> str:
    """A websocket's language, chosen as a page's is: the signed-in player's profile, else
    the switch's cookie, else the browser's Accept-Language, else English."""
    user = scope.get("user")
    if isinstance(user, User) and user.language:
        return user.language
    known = dict(settings.LANGUAGES)
    cookie = (scope.get("cookies") or {}).get(settings.LANGUAGE_COOKIE_NAME, "")
    if cookie in known:
        return str(cookie)
    headers = dict(scope.get("headers") or [])
    accept = headers.get(b"accept-language", b"").decode("latin-1")
    for code, _quality in parse_accept_lang_header(accept):
        if code == "*":
            break
        try:
            return translation.get_supported_language_variant(code)
        except LookupError:
            continue
    return str(settings.LANGUAGE_CODE)


class SocketLanguageMiddleware:
    """Speak each websocket's language (socket_language) in everything its consumer renders:
    catch-ups, panels, chat lines. Inside Channels' AuthMiddlewareStack (it needs the user
    and the cookies)."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> Any:
        with translation.override(socket_language(scope)):
            return await self.inner(scope, receive, send)
