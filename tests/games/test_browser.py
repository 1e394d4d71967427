"""Browser test: five players in five headless Chromium contexts (one of them phone-sized)
sign up through the pages (reading the verification email), log in, open and join a table
of The Resistance: Avalon and play a whole game to the end through the pages only (plain
forms, live websocket updates), then chat and step through the replay. Screenshots go to
test-artifacts/ (git-ignored).

The site runs as a real ASGI server (uvicorn) in a subprocess with its own database: a
fresh SQLite file in embedded mode, or a scratch PostgreSQL database (with channels-redis)
when DATABASE_URL/REDIS_URL are set. So the test talks to the site only over HTTP and
websockets, as players do.
"""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import pytest

from tests.browser import CHROMIUM, chromium
from tests.clock.procs import free_port

pytestmark = [pytest.mark.browser]

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
PASSWORD = "Grail-quest-1191!"
NAMES = ["Arthur", "Gawain", "Lancelot", "Tristan", "Gareth"]


def site_database(url: str) -> str:
    """The site's own PostgreSQL database beside this run's (one per xdist worker)."""
    parts = urlsplit(url)
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    name = parts.path.lstrip("/") + "_browser_games" + (f"_{worker}" if worker else "")
    return urlunsplit(parts._replace(path=f"/{name}"))


def scratch_postgres(url: str) -> str:
    import psycopg

    site_url = site_database(url)
    name = urlsplit(site_url).path.lstrip("/")
    admin = urlunsplit(urlsplit(url)._replace(path="/postgres", scheme="postgresql"))
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')
    return site_url


def site_env(var_dir: Path) -> dict[str, str]:
    """The environment of the `site` fixture's server: DEBUG, files under `var_dir`, and
    with PostgreSQL its own database (see `scratch_postgres`) and this run's Redis."""
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
        scratch_postgres(os.environ["DATABASE_URL"])
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "-v", "0"], cwd=ROOT, env=env, check=True
    )
    port = free_port()
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "uvicorn",
            "avalon_site.asgi:application",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--log-level",
            "warning",
            # Open pages keep their websockets: do not wait for them to close.
            "--timeout-graceful-shutdown",
            "2",
        ],
        cwd=ROOT,
        env=env,
    )
    try:
        for _ in range(300):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.1)
        yield f"http://127.0.0.1:{port}", tmp_path / "mail"
    finally:
        server.terminate()
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


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


def sign_up(page: Any, base: str, mail_dir: Path, name: str) -> None:
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
    page.goto(f"{base}/accounts/login/")
    page.get_by_label("Username or email").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign In").click()
    page.wait_for_url(f"{base}/")
    page.goto(f"{base}/accounts/profile/")
    page.get_by_label("Display name").fill(name)
    page.get_by_role("button", name="Save profile").click()
    page.get_by_text("Your profile is saved.").wait_for()


def seq_of(page: Any) -> int:
    return int(page.get_attribute("#phase", "data-seq") or -1)


def wait_all_at(pages: list[Any], seq: int) -> None:
    """Every page shows move `seq`: the websocket brought each its own update."""
    for page in pages:
        page.wait_for_selector(f"#phase[data-seq='{seq}']", timeout=20000)


def act(page: Any, state: dict[str, int]) -> None:
    """Play whatever this page offers: a team of the asked size, approve, Success (Evil
    fails the first two quests it can), or the first target offered."""
    form = page.locator("#actions .action").first
    title = form.locator(".action__title").inner_text()
    if form.locator("form.composed").count():
        size = int(re.search(r"Choose (\d+)", title).group(1))  # type: ignore[union-attr]
        chips = form.locator("label.chip")
        for n in range(size):
            chips.nth(n).click()
        form.locator("form.composed button[type=submit]").click()
        return
    buttons = form.locator("button.move-btn")
    labels = [buttons.nth(n).inner_text().strip() for n in range(buttons.count())]
    choice = 0
    if "Fail" in labels and state["fails"] < 2:
        choice = labels.index("Fail")
        state["fails"] += 1
    elif "Approve" in labels:
        choice = labels.index("Approve")
    buttons.nth(choice).click()


def test_five_players_play_a_whole_game_through_the_pages(site: tuple[str, Path]) -> None:
    pytest.importorskip("playwright")
    if not os.path.exists(CHROMIUM):
        pytest.skip("Debian chromium is not installed")
    base, mail_dir = site
    with chromium() as browser:
        pages: list[Any] = []
        for i, name in enumerate(NAMES):
            phone = i == 4
            context = browser.new_context(
                viewport={"width": 390, "height": 844} if phone else {"width": 1280, "height": 900},
                device_scale_factor=2 if phone else 1,
                is_mobile=phone,
                has_touch=phone,
            )
            context.set_default_timeout(20000)
            page = context.new_page()
            sign_up(page, base, mail_dir, name)
            pages.append(page)

        host = pages[0]
        host.goto(f"{base}/tables/new/?game=resistance-avalon")
        host.fill("input[name=seat_count]", "5")
        host.check("input[name=opt_percival]")
        host.check("input[name=opt_morgana]")
        host.fill("input[name=title]", "Camelot Friday")
        shot(host, "01-create-table")
        host.click("form.create-form button[type=submit]")
        host.wait_for_url(re.compile(r"/tables/\d+/$"))
        table_url = host.url
        shot(host, "02-table-host")
        for i, page in enumerate(pages[1:], start=1):
            page.goto(f"{base}/lobby/")
            if i == 1:
                shot(page, "03-lobby")
            page.click(f"a[href='{urlsplit(table_url).path}']")
            page.click("text=Take a seat")
            page.wait_for_selector(".seat-row:has-text('(you)')")
        shot(pages[4], "04-table-phone")
        host.wait_for_selector(".seat-row >> nth=4")  # the host's page refreshed its seats
        host.click("text=Start the game")
        host.wait_for_url(re.compile(r"/games/\d+/$"))
        game_path = urlsplit(host.url).path
        for page in pages[1:]:
            # The table page's websocket sends everyone on to the game.
            page.wait_for_url(re.compile(re.escape(game_path) + "$"))

        state = {"fails": 0}
        seen: set[str] = set()
        for _ in range(200):
            if host.locator("text=Watch the replay").count():
                break
            seq = max(seq_of(p) for p in pages)
            wait_all_at(pages, seq)
            actor = next(
                (i for i, p in enumerate(pages) if p.locator("#actions .action").count()), None
            )
            assert actor is not None, "somebody must be able to act"
            page = pages[actor]
            title = page.locator(".action__title").first.inner_text().split()[0].lower()
            if title not in seen:
                seen.add(title)
                shot(page, f"1{len(seen)}-{title}-{'phone' if actor == 4 else 'desk'}")
            act(page, state)
            page.wait_for_selector(f"#phase:not([data-seq='{seq}'])")
        for page in pages:
            page.wait_for_selector("text=Watch the replay")
        shot(pages[0], "20-finished-desk")
        shot(pages[4], "21-finished-phone")

        chat = pages[2]
        chat.fill("#chat-body", "Well played, <b>all</b>!")
        chat.press("#chat-body", "Enter")
        pages[0].get_by_text("Well played, <b>all</b>!").wait_for()
        # static/js/site.js empties the chat form once the message was accepted.
        chat.wait_for_function("document.querySelector('#chat-body').value === ''")
        shot(pages[0], "22-chat")

        viewer = pages[1]
        viewer.click("text=Watch the replay")
        viewer.wait_for_url(re.compile(r"/replay/"))
        viewer.click("text=As Arthur")
        viewer.wait_for_url(re.compile(r"as=\d"))
        viewer.get_by_label("First event").click()
        viewer.click("text=Next ▶")
        viewer.click("text=Next ▶")
        assert "Event 3 of" in viewer.inner_text(".stepper")
        shot(viewer, "23-replay-as-player")
        pages[4].goto(f"{base}{game_path}replay/?as=all&step=12")
        shot(pages[4], "24-replay-all-phone")
        assert pages[4].evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        browser.close()
