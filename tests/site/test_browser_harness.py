"""The shared browser harness (tests/browser.py) really sees what it must fail on: a CSP
violation, a console error and an uncaught error, each named with its page."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser import CHROMIUM, PageWatch, WatchedBrowser

PAGE = """<!DOCTYPE html><html><head><script src="/ok.js"></script></head><body>
<p style="color: red">styled</p><script>document.title = "ran";</script></body></html>"""


def test_the_watch_reports_violations_console_errors_and_uncaught_errors() -> None:
    pytest.importorskip("playwright")
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian chromium is not installed")
    from playwright.sync_api import sync_playwright

    def serve(route: Any) -> None:
        if route.request.url.endswith("/ok.js"):
            script = 'console.error("boom from ok.js"); setTimeout(() => { null.x; });'
            route.fulfill(body=script, content_type="text/javascript")
        else:
            policy = "default-src 'self'; script-src 'self'; style-src 'self'"
            route.fulfill(
                body=PAGE, content_type="text/html", headers={"Content-Security-Policy": policy}
            )

    with sync_playwright() as pw:
        browser = WatchedBrowser(pw.chromium.launch(executable_path=CHROMIUM), PageWatch())
        context = browser.new_context()
        context.route("http://harness.test/**", serve)
        page = context.new_page()
        page.goto("http://harness.test/")
        page.wait_for_timeout(300)  # let the queued error and the reports arrive
        assert page.title() != "ran"  # the inline script was blocked
        browser.close()
    problems = "\n".join(browser.watch.problems)
    assert "CSP violation of script-src-elem: blocked inline" in problems
    assert "CSP violation of style-src-attr: blocked inline" in problems
    assert "console error: boom from ok.js" in problems
    assert "uncaught" in problems
    assert all(p.startswith("http://harness.test/") for p in browser.watch.problems)
