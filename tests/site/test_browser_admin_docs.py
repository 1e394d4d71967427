"""Browser test: the pages the site does not draw itself, the Django admin and the API docs
(Swagger UI from drf-spectacular-sidecar), work under the Content-Security-Policy. The
shared harness (tests/browser.py) fails the test on any violation or console error."""

from __future__ import annotations

import re
from typing import Any

import pytest

from accounts.models import User
from tests.browser import page_fixture, shot

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "pw-Excalibur-42"


page = page_fixture(1280, 900)


@pytest.fixture
def keeper() -> User:
    """Made before the page: the ORM cannot run beside Playwright's event loop."""
    return User.objects.create_superuser("keeper", "keeper@example.com", PASSWORD)


def test_admin_and_api_docs_work_under_the_policy(
    keeper: User, page: Any, live_server: Any
) -> None:
    base = live_server.url
    page.goto(base + "/admin/")
    page.get_by_label("Username").fill("keeper")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(base + "/admin/")
    page.goto(base + "/admin/accounts/user/")
    # The changelist's own scripts ran (actions.js counts the selection).
    page.locator("input.action-select").first.check()
    page.get_by_text(re.compile(r"1 of 1 selected")).wait_for()
    page.locator("select[name=action]").select_option(index=1)
    page.goto(f"{base}/admin/accounts/user/{keeper.pk}/change/")
    page.get_by_role("button", name="Save", exact=True).wait_for()
    shot(page, "csp-admin-user")

    page.goto(base + "/api/docs/")
    # Swagger UI drew the operations it read from the schema.
    page.locator(".opblock").first.wait_for()
    assert page.locator(".opblock").count() > 5
    page.locator(".opblock-summary").first.click()
    page.locator(".opblock-body").first.wait_for()
    shot(page, "csp-api-docs", full_page=False)
