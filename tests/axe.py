"""axe-core in the browser tests (issue 12): the accessibility rules engine, installed from
npm into tools/a11y/ by scripts/run-tests (`npm ci`; never from a CDN), evaluated in a
page through Playwright and run over the whole document.

`axe_report(page, name)` prints one line per rule that failed on the page (impact, rule,
how many elements, the first element) and returns the serious and critical ones; a test
asserts that list is empty. Evaluating the script through the DevTools protocol is not
an inline script of the page, so the site's Content-Security-Policy does not block it and
the watcher of tests/browser.py sees no violation.
"""

from __future__ import annotations

import importlib.util
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from tests.browser import ARTIFACTS_DIR, CHROMIUM

AXE_JS = Path(__file__).resolve().parents[1] / "tools/a11y/node_modules/axe-core/axe.min.js"
BLOCKING = ("serious", "critical")

needs_axe = pytest.mark.skipif(
    importlib.util.find_spec("playwright") is None
    or not Path(CHROMIUM).exists()
    or not AXE_JS.exists(),
    reason="needs Playwright, Debian chromium and axe-core (npm ci in tools/a11y)",
)

# The WCAG 2.x A and AA rules and axe's best practices, over the whole page.
RUN = """async () => {
  const results = await axe.run(document, {
    runOnly: {type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa",
                                    "best-practice"]},
    resultTypes: ["violations"],
  });
  return results.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map((n) => ({target: n.target.join(" "), summary: n.failureSummary})),
  }));
}"""


@cache
def _axe_source() -> str:
    return AXE_JS.read_text()


def axe_violations(page: Any) -> list[dict[str, Any]]:
    """Every rule axe finds broken on the page as it is now."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.evaluate(_axe_source())
    violations: list[dict[str, Any]] = page.evaluate(RUN)
    return violations


def axe_report(page: Any, name: str) -> list[str]:
    """Print the page's axe results to the test log (and append them to
    test-artifacts/axe-results.txt: under xdist a passing test's output is not shown);
    return the serious and critical violations, one line per element."""
    violations = axe_violations(page)
    lines = [f"axe {name}: {len(violations)} rule(s) broken"]
    blocking = []
    for v in violations:
        first = v["nodes"][0]["target"] if v["nodes"] else ""
        lines.append(f"  [{v['impact']}] {v['id']} x{len(v['nodes'])}: {v['help']} ({first})")
        if v["impact"] in BLOCKING:
            blocking += [
                f"{name}: [{v['impact']}] {v['id']} at {n['target']}: {n['summary']}"
                for n in v["nodes"]
            ]
    print("\n".join(lines))  # noqa: T201
    ARTIFACTS_DIR.mkdir(exist_ok=True)
    with (ARTIFACTS_DIR / "axe-results.txt").open("a") as out:
        out.write("\n".join(lines) + "\n")
    return blocking
