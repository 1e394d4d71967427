"""Browser test of web push and the installable app (issue 16), on the live site.

A person signs up, opens the notification settings page and turns notifications on for this
device. Headless Chromium's PushManager needs the browser vendor's push service (Google's),
which this machine cannot reach, so the page gets a stub PushManager (an init script,
below) that returns a subscription whose endpoint is the tests' stub push service and whose
keys the test made. Everything else is the browser's own: the Notification permission (granted
to the context), the service worker registered from /sw.js at the root, the page's script
posting the subscription. Then, in the embedded mode (tasks run in the site's process; with
REDIS_URL they wait for a Celery worker this harness does not start), the person starts a
table against a bot without opening the game page, and the stub push service receives their
"Your move", which the test decrypts with the subscription's private key. Turning off
removes the device. The manifest is linked from the pages, served, valid, and its icons are
PNG files of the sizes it states.
"""

from __future__ import annotations

import json
import os
import re
import struct
import time
from pathlib import Path
from typing import Any

from tests.browser import chromium, player_page, shot
from tests.games.live_site import sign_up, site  # noqa: F401  (the live site fixture)

from .push_service import Browser, PushService, push_service

# Replaces the browser's PushManager with one that hands out the test's subscription. Its
# state lives in localStorage, since the settings page reloads after each change.
STUB_PUSH_MANAGER = """
(() => {
  const sub = %s;
  const store = window.localStorage;
  const log = (entry) => store.setItem("stub-push-log",
    JSON.stringify([...JSON.parse(store.getItem("stub-push-log") || "[]"), entry]));
  const b64url = (buffer) => btoa(String.fromCharCode(...new Uint8Array(buffer)))
    .replace(/\\+/g, "-").replace(/\\//g, "_").replace(/=+$/, "");
  const made = () => ({
    endpoint: sub.endpoint,
    expirationTime: null,
    options: { userVisibleOnly: true, applicationServerKey: null },
    toJSON: () => ({ endpoint: sub.endpoint, expirationTime: null, keys: sub.keys }),
    unsubscribe: () => {
      store.removeItem("stub-push-on");
      log("unsubscribe");
      return Promise.resolve(true);
    },
  });
  PushManager.prototype.subscribe = function (options) {
    log("subscribe " + b64url(options.applicationServerKey));
    store.setItem("stub-push-on", "1");
    return Promise.resolve(made());
  };
  PushManager.prototype.getSubscription = function () {
    return Promise.resolve(store.getItem("stub-push-on") ? made() : null);
  };
})();
"""


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def wait_for_push(stub: PushService, name: str, seconds: float = 60) -> None:
    """Until the stub push service has received a push for `name` (bots answer at once, but
    the machine may be slow)."""
    deadline = time.monotonic() + seconds
    while not stub.to(name):
        assert time.monotonic() < deadline, "no push reached the push service"
        time.sleep(0.1)


def check_manifest(page: Any, base: str) -> None:
    href = page.get_attribute("link[rel=manifest]", "href")
    response = page.request.get(base + href)
    assert response.ok
    assert response.headers["content-type"] == "application/manifest+json"
    manifest = json.loads(response.body())
    assert (manifest["name"], manifest["start_url"], manifest["display"]) == (
        "Avalon Tables",
        "/",
        "standalone",
    )
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["theme_color"])
    for icon in manifest["icons"]:
        image = page.request.get(base + icon["src"])
        assert image.ok
        assert image.headers["content-type"] == "image/png"
        width, height = png_size(image.body())
        assert icon["sizes"] == f"{width}x{height}"
    assert {i["purpose"] for i in manifest["icons"]} == {"any", "maskable"}


def test_a_device_subscribes_receives_a_push_and_unsubscribes(
    site: tuple[str, Path],  # noqa: F811
) -> None:
    base, mail_dir = site
    with push_service() as stub, chromium() as browser:
        device = Browser(stub.endpoint("gawain"))
        page = player_page(browser)
        page.context.grant_permissions(["notifications"], origin=base)
        page.context.add_init_script(script=STUB_PUSH_MANAGER % json.dumps(device.subscription()))
        sign_up(page, base, mail_dir, "Gawain")
        check_manifest(page, base)

        page.goto(f"{base}/accounts/profile/")
        page.get_by_role("link", name="Browser notifications on your phone or computer").click()
        status = page.locator("[data-push-status]")
        status.filter(has_text="This device does not receive notifications.").wait_for()
        assert not page.get_by_role("button", name="Turn off on this device").is_visible()
        page.get_by_role("button", name="Turn on notifications on this device").click()
        status.filter(has_text="This device receives notifications.").wait_for()
        assert not page.get_by_role("button", name="Turn on notifications").is_visible()
        devices = page.locator(".push-devices li")
        assert devices.count() == 1
        assert "Chrome on Linux" in devices.inner_text()
        server_key = page.get_attribute("[data-push]", "data-push-key")
        log = json.loads(page.evaluate("localStorage.getItem('stub-push-log')"))
        assert log == [f"subscribe {server_key}"]  # subscribed with the site's VAPID key
        scope = page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.scope)")
        assert scope == f"{base}/"
        shot(page, "push-settings-on")

        if not os.environ.get("REDIS_URL"):
            # Start a game against a bot without opening its page: the person is away.
            page.goto(f"{base}/tables/new/?game=colovini-avalon")
            page.fill("input[name=seat_count]", "2")
            page.fill("input[name=bots]", "1")
            page.click("form.create-form button[type=submit]")
            page.wait_for_url(re.compile(r"/tables/\d+/$"))
            start = page.locator("form[action$='/start/']")
            token = start.locator("input[name=csrfmiddlewaretoken]").input_value()
            action = start.get_attribute("action")
            started = page.request.post(
                base + action, form={"csrfmiddlewaretoken": token}, max_redirects=0
            )
            assert started.status == 302
            game_path = started.headers["location"]
            wait_for_push(stub, "gawain")
            message = device.read(stub.to("gawain")[0], server_key)
            assert message["title"] == "Your move"
            assert message["url"] == game_path
            assert message["body"].startswith("Avalon by Leo Colovini at table")

        page.goto(f"{base}/notifications/push/")
        page.get_by_role("button", name="Turn off on this device").click()
        page.get_by_text("No device receives your notifications yet.").wait_for()
        status.filter(has_text="This device does not receive notifications.").wait_for()
        log = json.loads(page.evaluate("localStorage.getItem('stub-push-log')"))
        assert log[-1] == "unsubscribe"
