"""The verified-email gate shared by the games app: decorator, DRF permission, predicate."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import AnonymousUser
from django.http import HttpRequest, HttpResponse
from django.test import RequestFactory
from rest_framework.test import APIRequestFactory, force_authenticate
from rest_framework.views import APIView

from accounts.models import User
from accounts.permissions import IsVerified, verified_required
from accounts.verification import user_is_verified

from .helpers import make_user

pytestmark = pytest.mark.django_db


@verified_required
def play(request: HttpRequest) -> HttpResponse:
    return HttpResponse("playing")


class PlayApi(APIView):
    permission_classes = [IsVerified]

    def get(self, request: Any) -> Any:
        from rest_framework.response import Response

        return Response({"ok": True})


def request_as(user: Any) -> HttpRequest:
    request = RequestFactory().get("/tables/1/")
    request.user = user
    return request


def test_predicate() -> None:
    assert not user_is_verified(AnonymousUser())
    assert not user_is_verified(None)
    assert user_is_verified(make_user())
    assert not user_is_verified(make_user("mordred", "mordred@camelot.test", verified=False))
    no_address = User.objects.create_user("kay", password="x")
    assert not user_is_verified(no_address)
    boss = User.objects.create_superuser("merlin", "merlin@camelot.test", "x")
    assert user_is_verified(boss)


def test_inactive_user_is_not_verified() -> None:
    user = make_user()
    user.is_active = False
    assert not user_is_verified(user)


def test_decorator_sends_anonymous_users_to_login() -> None:
    response = play(request_as(AnonymousUser()))
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/?next=/tables/1/")


def test_decorator_refuses_unverified_users_with_guidance() -> None:
    user = make_user(verified=False)
    response = play(request_as(user))
    assert response.status_code == 403
    assert b"Verify your email first" in response.content


def test_decorator_lets_verified_users_play() -> None:
    response = play(request_as(make_user()))
    assert response.status_code == 200
    assert response.content == b"playing"


@pytest.mark.parametrize(("verified", "status"), [(True, 200), (False, 403)])
def test_drf_permission(verified: bool, status: int) -> None:
    user = make_user(verified=verified)
    request = APIRequestFactory().get("/api/x/")
    force_authenticate(request, user=user)
    response = PlayApi.as_view()(request)
    assert response.status_code == status
    if not verified:
        assert "Verify your email" in response.data["detail"]


def test_drf_permission_anonymous() -> None:
    response = PlayApi.as_view()(APIRequestFactory().get("/api/x/"))
    assert response.status_code in (401, 403)
