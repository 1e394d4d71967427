"""Render every page in the signed-in user's own time zone (accounts.User.time_zone):
chat times, deadlines and dates on pages follow the viewer, not UTC. Anonymous visitors
see UTC (settings.TIME_ZONE)."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils import timezone

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
