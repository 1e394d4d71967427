"""The live site of the game pages' browser tests and what players do on it before a game:
the `site` fixture (a freshly migrated site under uvicorn with its own database, emails as
files), signing up through the pages with the verification email (a page per player), and
logging in.

The site has a fresh SQLite file in embedded mode, or a scratch PostgreSQL database (with
channels-redis) when DATABASE_URL/REDIS_URL are set; `site_with_worker` adds a Celery worker
there (tasks run in the site's process in embedded mode). So the tests talk to it only over
HTTP and websockets, as players do.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import pytest

from tests.browser import WatchedBrowser, player_page
from tests.clock.procs import ROOT, private_redis_url
from tests.served import celery_worker, migrate, scratch_database, uvicorn

PASSWORD = "Grail-quest-1191!"
# The first Redis database number of `site_with_worker`'s sites, one per xdist worker
# after it (tests/conftest.py gives the xdist workers 1, 2...; the Celery integration
# tests take 11 and up).
WORKER_SITE_REDIS_DB = 7


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
    env["BOT_MOVE_DELAY_SECONDS"] = "0"  # bots at the table move at once
    # A flood is reached in a few lines (test_browser.py). The window is fixed
    # (django-ratelimit), so a long one: a test's lines seldom straddle its end.
    env["CHAT_RATE"] = "2/600s"
    database = os.environ.get("DATABASE_URL", "")
    if database.startswith("postgres"):
        env["DATABASE_URL"] = site_database(database)
        if os.environ.get("REDIS_URL"):
            env["REDIS_URL"] = os.environ["REDIS_URL"]
    return env


def site_python(mail_dir: Path, *args: str, **env: str) -> str:
    """What `python ARGS` prints, run from the project root against the `site` fixture's
    database (its environment, plus `env`): how a test arranges data behind the pages."""
    return subprocess.run(
        [sys.executable, *args],
        cwd=ROOT,
        env=site_env(mail_dir.parent) | env,
        check=True,
        capture_output=True,
        text=True,
    ).stdout


def site_shell(mail_dir: Path, code: str) -> str:
    """What `manage.py shell -c CODE` prints, run against the `site` fixture's database."""
    return site_python(mail_dir, "manage.py", "shell", "-c", code)


def last_json(printed: str) -> Any:
    """The JSON of the last line a `site_python` script printed (Django may log before)."""
    return json.loads(printed.strip().splitlines()[-1])


@contextmanager
def served_site(var_dir: Path, worker: bool = False) -> Iterator[tuple[str, Path]]:
    """(base URL, mail directory) of a freshly migrated site served by uvicorn; with
    `worker` and Redis, a Celery worker beside it runs the tasks it queues (embedded mode
    runs them in the site's process anyway)."""
    env = site_env(var_dir)
    if env.get("DATABASE_URL"):
        scratch_database(env["DATABASE_URL"])
    migrate(env)
    with ExitStack() as stack:
        if worker and env.get("REDIS_URL"):
            env["REDIS_URL"] = worker_redis(env["REDIS_URL"])
            stack.enter_context(celery_worker(env, var_dir / "worker.log"))
        # Open pages keep their websockets: do not wait for them to close.
        port = stack.enter_context(uvicorn(env, "--timeout-graceful-shutdown", "2"))
        yield f"http://127.0.0.1:{port}", var_dir / "mail"


def worker_redis(url: str) -> str:
    """A Redis database of the site and its worker alone (one per xdist worker), emptied
    first: the worker must take no task that another site or the tests queued before (a
    bot's turn in "game 3" of another database)."""
    import redis

    worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0")
    own = private_redis_url(url, WORKER_SITE_REDIS_DB + int(worker.removeprefix("gw") or 0))
    redis.Redis.from_url(own).flushdb()
    return own


@pytest.fixture
def site(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """(base URL, mail directory) of a freshly migrated site served by uvicorn."""
    with served_site(tmp_path) as served:
        yield served


@pytest.fixture
def site_with_worker(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """The `site`, with a Celery worker running what it queues when it runs on Redis, as
    in production: bots at the table play through that worker's tasks."""
    with served_site(tmp_path, worker=True) as served:
        yield served


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
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(f"{base}/")


def sign_up(page: Any, base: str, mail_dir: Path, name: str) -> None:
    """Sign up as `name`, confirm the address from the email (which logs in), set the display
    name. The fields and buttons are found by their names and forms, not their words, so a
    page in any language does."""
    # A fresh address per attempt: allauth rate-limits confirmation emails per address in the
    # shared Redis cache, so a rerun within minutes would otherwise get no email.
    username, email = name.lower(), f"{name.lower()}.{uuid.uuid4().hex[:8]}@camelot.test"
    page.goto(f"{base}/accounts/signup/")
    page.fill("input[name=username]", username)
    page.fill("input[name=email]", email)
    page.fill("input[name=password1]", PASSWORD)
    page.fill("input[name=password2]", PASSWORD)
    page.click("form:has(input[name=password2]) button[type=submit]")
    page.wait_for_url(re.compile(r"/accounts/confirm-email/$"))
    page.goto(verification_link(mail_dir, email))
    page.click("form[action*='/accounts/confirm-email/'] button[type=submit]")
    # Confirming the address signs you in (ACCOUNT_LOGIN_ON_EMAIL_CONFIRMATION).
    page.locator("form.site-nav__logout").wait_for(state="attached")
    page.goto(f"{base}/accounts/profile/")
    page.fill("input[name=display_name]", name)
    page.click("form[action$='/accounts/profile/'] button[type=submit]")
    page.locator(".message--success").wait_for()


def signed_up_pages(
    browser: WatchedBrowser,
    site: tuple[str, Path],
    names: list[str],
    phone: int,
    locale: str | None = None,
) -> list[Any]:
    """A page for each of `names`, signed up on `site` through the pages; the one at index
    `phone` is phone-sized; with `locale` ("fr-FR") the browsers ask for that language."""
    base, mail_dir = site
    pages = [player_page(browser, phone=i == phone, locale=locale) for i in range(len(names))]
    for page, name in zip(pages, names, strict=True):
        sign_up(page, base, mail_dir, name)
    return pages
