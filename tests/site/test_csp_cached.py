"""avalon_site.security.CSPMiddleware keeps the plain policy's text between responses: the
headers are django-csp's own, a changed setting is heard, and a response that customises
its policy (a view's csp_update, a nonce asked for) is still built for itself."""

from __future__ import annotations

import pytest
from csp.constants import NONCE, SELF
from csp.middleware import CSPMiddleware as DjangoCSPMiddleware
from django.http import HttpRequest, HttpResponse
from django.test import RequestFactory, override_settings

from avalon_site.security import CSPMiddleware


def _respond(
    middleware_class: type[DjangoCSPMiddleware], request: HttpRequest, response: HttpResponse
) -> HttpResponse:
    middleware = middleware_class(lambda r: response)
    middleware.process_request(request)
    done = middleware.process_response(request, response)
    assert isinstance(done, HttpResponse)
    return done


def _both(prepare: object = None) -> tuple[HttpResponse, HttpResponse]:
    made = []
    for cls in (DjangoCSPMiddleware, CSPMiddleware):
        response = HttpResponse("ok")
        if callable(prepare):
            prepare(response)
        made.append(_respond(cls, RequestFactory().get("/api/games/"), response))
    return made[0], made[1]


def test_same_headers_as_django_csp_twice() -> None:
    for _ in range(2):  # the second response uses the kept text
        theirs, ours = _both()
        assert ours["Content-Security-Policy"] == theirs["Content-Security-Policy"]
        assert "frame-ancestors 'none'" in ours["Content-Security-Policy"]
        assert "Content-Security-Policy-Report-Only" not in ours


def test_a_changed_setting_is_heard() -> None:
    _both()
    policy = {"DIRECTIVES": {"default-src": [SELF], "img-src": ["https://example.org"]}}
    with override_settings(
        CONTENT_SECURITY_POLICY=policy, CONTENT_SECURITY_POLICY_REPORT_ONLY=policy
    ):
        theirs, ours = _both()
        # django-csp orders the directives by a set's order (per process): compare as sets.
        assert set(ours["Content-Security-Policy"].split("; ")) == {
            "default-src 'self'",
            "img-src https://example.org",
        }
        assert ours["Content-Security-Policy-Report-Only"] == ours["Content-Security-Policy"]
        assert theirs["Content-Security-Policy"] == ours["Content-Security-Policy"]
    theirs, ours = _both()
    assert "frame-ancestors 'none'" in ours["Content-Security-Policy"]


def test_a_customised_response_is_built_for_itself() -> None:
    def update(response: HttpResponse) -> None:
        response._csp_update = {"img-src": ["https://example.org"]}  # type: ignore[attr-defined]

    theirs, ours = _both(update)
    assert "https://example.org" in ours["Content-Security-Policy"]
    assert ours["Content-Security-Policy"] == theirs["Content-Security-Policy"]
    _, plain = _both()
    assert "https://example.org" not in plain["Content-Security-Policy"]


def test_a_nonce_asked_for_is_built_as_django_csp_builds_it_and_refused_after() -> None:
    policy = {"DIRECTIVES": {"default-src": [SELF], "script-src": [SELF, NONCE]}}
    with override_settings(CONTENT_SECURITY_POLICY=policy):
        request = RequestFactory().get("/")
        middleware = CSPMiddleware(lambda r: HttpResponse("ok"))
        middleware.process_request(request)
        nonce = str(request.csp_nonce)  # type: ignore[attr-defined]
        response = middleware.process_response(request, HttpResponse("ok"))
        assert f"'nonce-{nonce}'" in response["Content-Security-Policy"]
        plain = RequestFactory().get("/")
        middleware.process_request(plain)
        middleware.process_response(plain, HttpResponse("ok"))
        assert (
            "nonce"
            not in middleware.process_response(plain, HttpResponse("ok"))["Content-Security-Policy"]
        )
        with pytest.raises(Exception, match="not available after the CSP header"):
            str(plain.csp_nonce)  # type: ignore[attr-defined]


def test_an_exempt_response_has_no_header() -> None:
    def exempt(response: HttpResponse) -> None:
        response._csp_exempt = True  # type: ignore[attr-defined]

    theirs, ours = _both(exempt)
    assert "Content-Security-Policy" not in ours
    assert "Content-Security-Policy" not in theirs
