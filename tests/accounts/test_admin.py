"""The user admin: search by name and email, filter by active / staff / verified."""

from __future__ import annotations

import pytest
from django.test import Client

from accounts.models import User

from .helpers import make_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin_client_(client: Client) -> Client:
    boss = User.objects.create_superuser("merlin", "merlin@camelot.test", "x")
    client.force_login(boss)
    make_user("gawain", "gawain@camelot.test", verified=True)
    gareth = make_user("gareth", "gareth@orkney.test", verified=False)
    gareth.display_name = "Beaumains"
    gareth.save()
    return client


def names(response: object) -> set[str]:
    cl = response.context["cl"]  # type: ignore[attr-defined]
    return {u.username for u in cl.result_list}


def test_search_by_display_name_and_email(admin_client_: Client) -> None:
    assert names(admin_client_.get("/admin/accounts/user/?q=beaumains")) == {"gareth"}
    assert names(admin_client_.get("/admin/accounts/user/?q=orkney.test")) == {"gareth"}


def test_filter_by_verified(admin_client_: Client) -> None:
    assert names(admin_client_.get("/admin/accounts/user/?verified=yes")) == {"gawain"}
    assert names(admin_client_.get("/admin/accounts/user/?verified=no")) == {"gareth", "merlin"}


def test_filter_by_active_and_staff(admin_client_: Client) -> None:
    User.objects.filter(username="gawain").update(is_active=False)
    assert names(admin_client_.get("/admin/accounts/user/?is_active__exact=0")) == {"gawain"}
    assert names(admin_client_.get("/admin/accounts/user/?is_staff__exact=1")) == {"merlin"}


def test_change_page_shows_profile_fields(admin_client_: Client) -> None:
    pk = User.objects.get(username="gareth").pk
    response = admin_client_.get(f"/admin/accounts/user/{pk}/change/")
    assert response.status_code == 200
    assert b'name="quiet_hours_start"' in response.content
    assert b'name="time_zone"' in response.content
