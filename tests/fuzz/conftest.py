"""Settings of the fuzz suite (R5): counted, reproducible, nothing written to the repo.

Every hypothesis test runs `fuzzed(n)` examples: derandomized (the same payloads on every
CI run), no deadline, no example database, no shrinking unless asked (AVALON_FUZZ_SHRINK=1).
AVALON_FUZZ_SCALE multiplies the counts (e.g. 10 for a nightly run). Each test adds what it
sent to checks.PAYLOADS; the total is printed at the end of the run.
"""

from __future__ import annotations

import os
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings as django_settings
from hypothesis import HealthCheck, Phase, settings
from hypothesis.configuration import set_hypothesis_home_dir

from .checks import PAYLOADS

# Hypothesis keeps caches (constants, unicode tables) in ./.hypothesis even without an
# example database: outside the repository, please.
set_hypothesis_home_dir(str(Path(tempfile.gettempdir()) / "avalon-hypothesis"))

SCALE = float(os.environ.get("AVALON_FUZZ_SCALE", "1"))
# Shrinking replays a failure hundreds of times (minutes with deep payloads); CI reports the
# payload as found. AVALON_FUZZ_SHRINK=1 shrinks it when hunting a defect locally.
PHASES = [Phase.explicit, Phase.generate] + (
    [Phase.shrink, Phase.explain] if os.environ.get("AVALON_FUZZ_SHRINK") == "1" else []
)
_STARTED: dict[str, float] = {}
_TIMES: dict[str, float] = {}


def fuzzed(examples: int) -> Callable[[Any], Any]:
    return settings(
        max_examples=max(1, int(examples * SCALE)),
        deadline=None,
        derandomize=True,
        database=None,
        print_blob=False,
        phases=PHASES,
        suppress_health_check=list(HealthCheck),
    )


@pytest.fixture
def count(request: pytest.FixtureRequest) -> Iterator[Callable[[int], None]]:
    """count(n): n more payloads sent by this test."""
    name = request.node.nodeid.split("::", 1)[-1]
    _STARTED[name] = time.monotonic()

    def add(n: int = 1) -> None:
        PAYLOADS[name] += n

    yield add
    _TIMES[name] = time.monotonic() - _STARTED[name]


@pytest.fixture(autouse=True)
def _fast_passwords(settings: Any) -> None:
    """Fixture users by the dozen: the default PBKDF2 costs a second of CPU each."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _no_rate_limits(settings: Any) -> None:
    """Thousands of payloads a minute from one user: with the API's per-user limits most
    would get a (correct) 429 and never reach the code under test. The limits have their
    own tests (tests/games/test_hardening.py, tests/games/test_chat_flood.py)."""
    settings.API_RATE_LIMITS = {}
    settings.CHAT_RATE = None


@pytest.fixture
def debug(settings: Any) -> Callable[[bool], None]:
    """debug(flag): DEBUG for the next payload, as in production (off) or embedded mode (on).

    One override for the test, then the flag flips inside it: an override per example
    stacks hundreds of settings layers (each lookup walks them, and Django's debug pages
    recurse through them)."""
    settings.DEBUG = False

    def flip(flag: bool) -> None:
        django_settings.DEBUG = flag

    return flip


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if not PAYLOADS:
        return
    write = terminalreporter.write_line
    terminalreporter.section("fuzz payloads (R5)")
    for name, sent in sorted(PAYLOADS.items()):
        write(f"{sent:>7}  {_TIMES.get(name, 0):6.1f}s  {name}")
    total = sum(PAYLOADS.values())
    write(f"{total:>7}  {sum(_TIMES.values()):6.1f}s  total (R5 asks for 10,000 a run)")
