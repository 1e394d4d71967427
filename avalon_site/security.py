"""Response headers that Django 5.2 and django-csp do not send themselves.

Content-Security-Policy comes from django-csp (settings.CONTENT_SECURITY_POLICY);
Referrer-Policy and Cross-Origin-Opener-Policy from Django's SecurityMiddleware. What is
left is Permissions-Policy: the site uses no camera, microphone, location, payment or the
like, so it switches them off for itself and for anything it might ever embed.
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse

HEADER = "Permissions-Policy"


def permissions_policy_header(features: dict[str, list[str]]) -> str:
    """`{"camera": []}` -> `camera=()`; `{"fullscreen": ["self"]}` -> `fullscreen=(self)`."""
    return ", ".join(f"{name}=({' '.join(allow)})" for name, allow in features.items())


class PermissionsPolicyMiddleware:
    """Adds settings.PERMISSIONS_POLICY as the Permissions-Policy header unless the view
    set one itself."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self.value = permissions_policy_header(getattr(settings, "PERMISSIONS_POLICY", {}))

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if self.value and HEADER not in response:
            response[HEADER] = self.value
        return response
