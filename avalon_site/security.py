"""Response headers that Django 5.2 and django-csp do not send themselves.

Content-Security-Policy comes from django-csp (settings.CONTENT_SECURITY_POLICY);
Referrer-Policy and Cross-Origin-Opener-Policy from Django's SecurityMiddleware. What is
left is Permissions-Policy: the site uses no camera, microphone, location, payment or the
like, so it switches them off for itself and for anything it might ever embed.

`CSPMiddleware` is django-csp's, with the header text built once per process: django-csp
rebuilt both policies (a dict of every directive, then the string) for every response,
about 1 % of an API move's CPU (issue 14, B1). A response or request that customises its
policy (a nonce asked for, a view's csp_update/replace/config) is built as django-csp
builds it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from csp.constants import HEADER as CSP_HEADER
from csp.constants import HEADER_REPORT_ONLY
from csp.middleware import CheckableLazyObject
from csp.middleware import CSPMiddleware as _DjangoCSPMiddleware
from csp.utils import build_policy
from django.conf import settings
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse
from django.http.response import HttpResponseBase

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


# The policy text of a response that customises nothing, keyed by report_only; emptied
# when a test changes the CSP settings.
_PLAIN_POLICY: dict[bool, tuple[str, tuple[str, ...]]] = {}
_CUSTOMISING = (
    "_csp_config",
    "_csp_update",
    "_csp_replace",
    "_csp_config_ro",
    "_csp_update_ro",
    "_csp_replace_ro",
)


@receiver(setting_changed)
def _csp_settings_changed(setting: str, **kwargs: Any) -> None:
    if setting.startswith("CONTENT_SECURITY_POLICY"):
        _PLAIN_POLICY.clear()


class CSPMiddleware(_DjangoCSPMiddleware):
    """django-csp's middleware (same headers, same exemptions, same nonce guard), the plain
    policy's text kept between responses."""

    def process_response(
        self, request: HttpRequest, response: HttpResponseBase
    ) -> HttpResponseBase:
        if getattr(request, "_csp_nonce", None) is not None or any(
            getattr(response, name, None) is not None for name in _CUSTOMISING
        ):
            return super().process_response(request, response)
        if response.status_code in (500, 404) and settings.DEBUG:
            return response  # django-csp leaves Django's debug pages alone
        for report_only, header, exempt in _POLICIES:
            policy, prefixes = _plain_policy(report_only)
            if (
                policy
                and header not in response
                and getattr(response, exempt, False) is False
                and not request.path_info.startswith(prefixes)
            ):
                response[header] = policy
        # As django-csp: a nonce asked for after the header is written is an error.
        request.csp_nonce = CheckableLazyObject(self._csp_nonce_post_response)  # type: ignore[attr-defined]
        return response


_POLICIES = ((False, CSP_HEADER, "_csp_exempt"), (True, HEADER_REPORT_ONLY, "_csp_exempt_ro"))


def _plain_policy(report_only: bool) -> tuple[str, tuple[str, ...]]:
    """The policy text of a response that customises nothing, and its excluded prefixes."""
    found = _PLAIN_POLICY.get(report_only)
    if found is None:
        name = "CONTENT_SECURITY_POLICY_REPORT_ONLY" if report_only else "CONTENT_SECURITY_POLICY"
        prefixes = (getattr(settings, name, None) or {}).get("EXCLUDE_URL_PREFIXES") or ()
        found = _PLAIN_POLICY[report_only] = (
            build_policy(report_only=report_only),
            tuple(prefixes),
        )
    return found
