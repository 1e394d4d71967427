"""The shared harness of the browser tests: headless Debian Chromium through Playwright,
with every page watched for what a person would not see but must not happen.

`chromium()` launches the browser (`one_page()`, a single page of it); each context made
from it reports, for each of its pages, console errors, uncaught script errors and
Content-Security-Policy violations (the `securitypolicyviolation` DOM event, reported
through a binding so a page cannot silence it). When the `with` block ends without another
failure, the test fails if any page reported one, naming the page and the message.

Below, what the tests do with pages: players' desk- and phone-sized pages, screenshots to
test-artifacts/ (git-ignored), and waiting until every game page shows the newest move.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

ARTIFACTS_DIR = Path(__file__).resolve().parents[1] / "test-artifacts"  # git-ignored
CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

needs_chromium = pytest.mark.skipif(
    importlib.util.find_spec("playwright") is None or not Path(CHROMIUM).exists(),
    reason="needs Playwright and Debian chromium",
)

# Runs in every page before its own scripts: forwards each CSP violation to the test.
VIOLATION_HOOK = """
document.addEventListener("securitypolicyviolation", (e) => {
  window.__cspViolation({
    directive: e.effectiveDirective || e.violatedDirective,
    blocked: e.blockedURI || "inline",
    source: e.sourceFile ? `${e.sourceFile}:${e.lineNumber}` : "",
    sample: e.sample || "",
  });
});
"""


# Runs in every page before its own scripts: what a test waits for on a game page, kept on
# <html>. data-answered counts the answers to the page's htmx requests, listened for on each
# requesting form itself (htmx tells the answer of a form a push has since replaced to that
# form alone); data-pushed is the newest move (#phase's data-seq) its websocket delivered.
GAME_PAGE_HOOK = """
(() => {
  let answered = 0;
  let pushed = -1;
  document.addEventListener("htmx:beforeRequest", (event) => {
    event.target.addEventListener("htmx:afterRequest", () => {
      answered += 1;
      document.documentElement.dataset.answered = String(answered);
    }, { once: true });
  });
  document.addEventListener("htmx:wsBeforeMessage", (event) => {
    const found = /id="phase"[^>]*data-seq="(\\d+)"/.exec(String(event.detail.message || ""));
    if (found && Number(found[1]) > pushed) {
      pushed = Number(found[1]);
      document.documentElement.dataset.pushed = String(pushed);
    }
  });
})();
"""


@dataclass
class PageWatch:
    """What the pages of one browser reported, in order."""

    problems: list[str] = field(default_factory=list)
    # Console errors a test provokes on purpose (a refusal's 4xx: Chromium and htmx log
    # each one), by what their text contains; every other one is a problem.
    expected: list[str] = field(default_factory=list)

    def attach(self, context: Any) -> None:
        context.expose_binding("__cspViolation", self._violation)
        context.add_init_script(script=VIOLATION_HOOK)
        context.add_init_script(script=GAME_PAGE_HOOK)
        for page in context.pages:
            self._watch(page)
        context.on("page", self._watch)

    def _watch(self, page: Any) -> None:
        page.on("console", lambda message: self._console(page, message))
        page.on("pageerror", lambda error: self.problems.append(f"{page.url}: uncaught {error}"))

    def _console(self, page: Any, message: Any) -> None:
        if message.type == "error" and not any(e in message.text for e in self.expected):
            self.problems.append(f"{page.url}: console error: {message.text}")

    def _violation(self, source: dict[str, Any], report: dict[str, str]) -> None:
        page = source.get("page")
        where = page.url if page is not None else "?"
        self.problems.append(
            f"{where}: CSP violation of {report['directive']}: blocked {report['blocked']} "
            f"{report['source']} {report['sample']!r}".rstrip()
        )


class WatchedBrowser:
    """A Playwright browser whose every new context is watched."""

    def __init__(self, browser: Any, watch: PageWatch) -> None:
        self._browser = browser
        self.watch = watch

    def new_context(self, **kwargs: Any) -> Any:
        context = self._browser.new_context(**kwargs)
        self.watch.attach(context)
        return context

    def close(self) -> None:
        if self._browser.is_connected():
            self._browser.close()


@contextmanager
def chromium(args: list[str] | None = None) -> Iterator[WatchedBrowser]:
    """Headless Chromium; fails the test at the end of the block if any page logged a
    console error, threw, or broke the Content-Security-Policy."""
    from playwright.sync_api import sync_playwright

    watch = PageWatch()
    with sync_playwright() as pw:
        browser = WatchedBrowser(
            pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=args or ARGS), watch
        )
        try:
            yield browser
        except BaseException:
            # The test already failed: show what the pages said too, it may be the cause.
            if watch.problems:
                pass
            raise
        finally:
            browser.close()
    assert watch.problems == [], "pages reported problems:\n" + "\n".join(watch.problems)


# --- Pages of players ------------------------------------------------------------------------
DESK = {"viewport": {"width": 1280, "height": 900}}
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
}


def player_page(browser: WatchedBrowser, phone: bool = False, locale: str | None = None) -> Any:
    """A page in a context of its own (a player's cookies), desk- or phone-sized; with
    `locale` its Accept-Language asks for that language."""
    options: dict[str, Any] = {**(PHONE if phone else DESK)}
    if locale:
        options["locale"] = locale
    context = browser.new_context(**options)
    context.set_default_timeout(20000)
    return context.new_page()


@contextmanager
def one_page(width: int, height: int) -> Iterator[Any]:
    """A single watched page of the given viewport, for a test of one visitor."""
    with chromium() as browser:
        context = browser.new_context(viewport={"width": width, "height": height})
        context.set_default_timeout(30_000)
        try:
            yield context.new_page()
        finally:
            context.close()


def page_fixture(width: int, height: int) -> Any:
    """A `page` fixture for a module whose tests are one visitor at this viewport:
    `page = page_fixture(360, 740)`."""

    @pytest.fixture
    def page() -> Iterator[Any]:
        with one_page(width, height) as watched:
            yield watched

    return page


def shot(page: Any, name: str, full_page: bool = True) -> None:
    """A screenshot to test-artifacts/<name>.png: the whole page, or what the screen shows
    at once (the full-page shot of a phone is very tall)."""
    ARTIFACTS_DIR.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS_DIR / f"{name}.png"), full_page=full_page)


def part(page: Any, selector: str, name: str) -> None:
    """A screenshot of one part of the page (a phone page is too long to read whole)."""
    ARTIFACTS_DIR.mkdir(exist_ok=True)
    target = page.locator(selector).first
    if target.count() and target.evaluate("(el) => getComputedStyle(el).display") == "contents":
        # A box-less wrapper (on a phone #actions' panels are laid out one by one among the
        # page's parts): its first part.
        target = target.locator(":scope > *").first
    if target.is_visible():  # e.g. no actions are left once the game is over
        target.screenshot(path=str(ARTIFACTS_DIR / f"{name}.png"))


def no_sideways_scroll(page: Any) -> bool:
    return bool(page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"))


def seq_of(page: Any) -> int:
    """The move a game page shows (#phase's data-seq), -1 before it has one."""
    return int(page.get_attribute("#phase", "data-seq") or -1)


def settle(pages: list[Any]) -> int:
    """Wait until every game page shows the newest move (each gets it over its websocket);
    returns that move's seq."""
    seq = max(seq_of(p) for p in pages)
    for page in pages:
        page.wait_for_selector(f"#phase[data-seq='{seq}']", timeout=20000)
    return seq


def answered(page: Any) -> int:
    """How many of the page's htmx requests have had their answer (GAME_PAGE_HOOK)."""
    return int(page.get_attribute("html", "data-answered") or 0)


def pushed_seq(page: Any) -> int:
    """The newest move the page's websocket has delivered, -1 before any (GAME_PAGE_HOOK)."""
    return int(page.get_attribute("html", "data-pushed") or -1)


def connected(page: Any) -> None:
    """Wait until a freshly opened game page's websocket has sent the page state it sends on
    every connect: until then, that swap can still replace what a test reads or shoots."""
    from playwright.sync_api import expect

    seq = seq_of(page)
    expect(page.locator("html")).to_have_attribute("data-pushed", str(seq), timeout=20_000)


def move_and_wait(page: Any, submit: Callable[[], Any]) -> int:
    """Make a move on a game page (`submit` clicks what sends it) and wait until nothing
    more is coming for it: the move's own answer has been handled, and the socket has
    delivered the move the page then shows (or a later one). Until both, a swap can still
    replace the forms a test goes on to fill in. Returns the seq the page shows."""
    from playwright.sync_api import expect

    before = answered(page)
    submit()
    expect(page.locator("html")).to_have_attribute("data-answered", str(before + 1), timeout=20_000)
    seq = seq_of(page)
    for _ in range(400):
        if pushed_seq(page) >= seq:
            return seq_of(page)
        page.wait_for_timeout(50)
    raise AssertionError(f"the page shows move {seq}, its socket delivered {pushed_seq(page)}")
