"""The live site of the game pages' browser tests and what players do on it before a game:
the `site` fixture (a freshly migrated site under uvicorn with its own database, emails as
files), signing up through the pages with the verification email (a page per player), and
logging in.

The site has a fresh SQLite file in embedded mode, or a scratch PostgreSQL database (with
channels-redis) when DATABASE_URL/REDIS_URL are set. So the tests talk to it only over HTTP
and websockets, as players do.
"""

from __future__ import annotations

import os
import re
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import pytest

from tests.browser import WatchedBrowser, player_page
from tests.served import migrate, scratch_database, uvicorn

PASSWORD = "Grail-quest-1191!"


def site_database(url: str) -> str:
    """The site's own PostgreSQL database beside this run's (one per xdist worker)."""
    parts = urlsplit(url)
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    name = parts.path.lstrip("/") + "_browser_games" + (f"_{worker}" if worker else "")
    return urlunsplit(parts._replace(path=f"/{name}"))


def site_env(var_dir: Path) -> dict[str, str]:
    """The environment of the `site` fixture's server: DEBUG, files under `var_dir`, and
    with PostgreSQL its own database (see `site_database`) and this run's Redis."""
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")}
    env.update({"AVALON_VAR_DIR": str(var_dir), "DEBUG": "1", "LOG_LEVEL": "WARNING"})
    database = os.environ.get("DATABASE_URL", "")
    if database.startswith("postgres"):
        env["DATABASE_URL"] = site_database(database)
        if os.environ.get("REDIS_URL"):
            env["REDIS_URL"] = os.environ["REDIS_URL"]
    return env


@pytest.fixture
def site(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """(base URL, mail directory) of a freshly migrated site served by uvicorn."""
    env = site_env(tmp_path)
    if env.get("DATABASE_URL"):
        scratch_database(env["DATABASE_URL"])
    migrate(env)
    # Open pages keep their websockets: do not wait for them to close.
    with uvicorn(env, "--timeout-graceful-shutdown", "2") as port:
        yield f"http://127.0.0.1:{port}", tmp_path / "mail"


def verification_link(mail_dir: Path, address: str) -> str:
    """The confirmation link of the newest email to `address` (file email backend)."""
    for _ in range(100):
        for path in sorted(mail_dir.glob("*.log"), key=lambda p: p.stat().st_mtime, reverse=True):
            text = path.read_text(errors="replace")
            if address in text:
                link = re.search(r"https?://\S+/accounts/confirm-email/\S+", text)
                if link:
                    return link.group(0)
        time.sleep(0.1)
    raise AssertionError(f"no verification email to {address}")


def log_in(page: Any, base: str, username: str) -> None:
    page.goto(f"{base}/accounts/login/")
    page.get_by_label("Username or email").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign In").click()
    page.wait_for_url(f"{base}/")


def sign_up(page: Any, base: str, mail_dir: Path, name: str) -> None:
    """Sign up as `name`, confirm the address from the email, log in, set the display name."""
    # A fresh address per attempt: allauth rate-limits confirmation emails per address in the
    # shared Redis cache, so a rerun within minutes would otherwise get no email.
    username, email = name.lower(), f"{name.lower()}.{uuid.uuid4().hex[:8]}@camelot.test"
    page.goto(f"{base}/accounts/signup/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Email").fill(email)
    page.get_by_label("Password:", exact=True).fill(PASSWORD)
    page.get_by_label("Password (again)").fill(PASSWORD)
    page.get_by_role("button", name="Sign Up").click()
    page.wait_for_url(re.compile(r"/accounts/confirm-email/$"))
    page.goto(verification_link(mail_dir, email))
    page.get_by_role("button", name="Confirm my address").click()
    log_in(page, base, username)
    page.goto(f"{base}/accounts/profile/")
    page.get_by_label("Display name").fill(name)
    page.get_by_role("button", name="Save profile").click()
    page.get_by_text("Your profile is saved.").wait_for()


def signed_up_pages(
    browser: WatchedBrowser, site: tuple[str, Path], names: list[str], phone: int
) -> list[Any]:
    """A page for each of `names`, signed up on `site` through the pages; the one at index
    `phone` is phone-sized."""
    base, mail_dir = site
    pages = [player_page(browser, phone=i == phone) for i in range(len(names))]
    for page, name in zip(pages, names, strict=True):
        sign_up(page, base, mail_dir, name)
    return pages
