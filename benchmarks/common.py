"""What the benchmarks share beside tests/served.py (the site under uvicorn on a scratch
database): their command line, the PostgreSQL and Redis they need, the site's environment
and release step on a scratch database, and reading percentiles off measured times."""

from __future__ import annotations

import argparse
import cProfile
import itertools
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from tests.served import scratch_database

ROOT = Path(__file__).resolve().parents[1]

# An option's default, or its default and its help text.
Option = int | float | str | bool | None


def command_line(doc: str | None, **options: Option | tuple[Option, str]) -> argparse.Namespace:
    """The benchmark's parsed command line: described by the first line of `doc` (its
    docstring), one --option per keyword (underscores as dashes) with its default: a number
    or a text takes the default's type, None is a text with no default, False a switch."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0] if doc else None)
    for name, option in options.items():
        default, help_text = option if isinstance(option, tuple) else (option, None)
        flag = "--" + name.replace("_", "-")
        if isinstance(default, bool):
            parser.add_argument(flag, action="store_true", help=help_text)
        else:
            kind = str if default is None else type(default)
            parser.add_argument(flag, type=kind, default=default, help=help_text)
    return parser.parse_args()


def postgres_and_redis() -> tuple[str, str]:
    """DATABASE_URL (PostgreSQL) and REDIS_URL from the environment; exits without them."""
    database, redis = os.environ.get("DATABASE_URL", ""), os.environ.get("REDIS_URL", "")
    if not database.startswith("postgres") or not redis:
        sys.exit("Set DATABASE_URL (PostgreSQL) and REDIS_URL.")
    return database, redis


def cpu_per_move(label: str, seconds: list[float]) -> str:
    """`label` mean and median of per-move `seconds`, in ms, as the profiling scripts print."""
    return (
        f"{label} mean {1000 * statistics.mean(seconds):.2f} ms, "
        f"median {1000 * statistics.median(seconds):.2f} ms"
    )


def percentile(values: list[float], share: float) -> float:
    """The value at `share` (0 to 1) of the sorted `values`, nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * (len(ordered) - 1))))]


def in_turns(rounds: int, *runs: str) -> Iterator[tuple[int, str]]:
    """(round, run) for `rounds` rounds of `runs`, their order reversed every other round:
    a machine whose speed drifts then slows each run alike."""
    for n in range(rounds):
        for run in runs[::-1] if n % 2 else runs:
            yield n, run


def site_env(database: str, redis: str, **extra: str) -> dict[str, str]:
    """The environment of the site a benchmark serves, set in this process too: production
    settings (DEBUG off) on `database` and `redis`, quiet logs, no per-user API rate limit
    (load, not abuse: it would cap what is measured), plus `extra`."""
    env = {
        **os.environ,
        "DATABASE_URL": database,
        "REDIS_URL": redis,
        "DEBUG": "0",
        "SECRET_KEY": "bench-only-secret-key-" + "x" * 40,
        "SECURE_SSL_REDIRECT": "0",
        "LOG_LEVEL": "WARNING",
        "API_RATE_API": "",
        # Every web process's pool stays well inside a shared server's connection limit.
        "DB_POOL_MAX": "4",
        # Where collectstatic writes (prepare_site): DEBUG off serves hashed file names.
        "AVALON_VAR_DIR": str(ROOT / "var" / "bench"),
        **extra,
    }
    os.environ.update(env)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "avalon_site.settings")
    return env


def prepare_site(env: Mapping[str, str]) -> None:
    """The release step for the environment `env` (DEBUG=0 serves hashed static files, so
    the pages need their manifest): migrate, collectstatic."""
    for command in (["migrate", "-v", "0"], ["collectstatic", "--noinput", "-v", "0"]):
        subprocess.run([sys.executable, "manage.py", *command], cwd=ROOT, env=dict(env), check=True)


def scratch_site(suffix: str, **extra: str) -> dict[str, str]:
    """The environment of a site on a fresh scratch database (DATABASE_URL's name plus
    `suffix`) and REDIS_URL, with `extra` (site_env), released (prepare_site); Django is
    set up in this process on the same settings, to fill the database."""
    database, redis = postgres_and_redis()
    env = site_env(scratch_database(database, suffix), redis, **extra)
    prepare_site(env)
    import django

    django.setup()
    return env


def site_here(*, migrate: bool, collectstatic: bool = False, **extra: str) -> None:
    """The profiling scripts' site, set up in this process on DATABASE_URL and REDIS_URL as
    they are given, with `extra` (site_env): migrated when `migrate`, its static files
    collected too with `collectstatic`, and setup_games' user names fresh on a database a
    previous run filled."""
    database, redis = postgres_and_redis()
    site_env(database, redis, **extra)
    import django

    django.setup()
    from django.core.management import call_command

    if migrate:
        call_command("migrate", verbosity=0)
        if collectstatic:
            call_command("collectstatic", "--noinput", verbosity=0)
    from accounts.models import User
    from benchmarks import setup_games

    setup_games._serial = itertools.count(User.objects.count())


def segments_module(path: str | None) -> Any:
    """The profiling scripts' `--segments` module (install() and report(moves)), or None."""
    if not path:
        return None
    import importlib.util

    spec = importlib.util.spec_from_file_location("segments", path)
    assert spec
    assert spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class Profiled:
    """What the profiling scripts measure of the moves they count: each one's CPU
    (time.process_time) in `cpu`, a cProfile of them written to `path` (--profile), and the
    `--segments` module's timings of their parts."""

    def __init__(self, path: str | None, segments: str | None) -> None:
        self.cpu: list[float] = []
        self.path = path
        self.profiler = cProfile.Profile(time.process_time) if path else None
        self.segments = segments_module(segments)
        self._counting = False

    def counting(self) -> None:
        """The moves from here on are counted: the segments start timing (once)."""
        if self.segments and not self._counting:
            self.segments.install()
        self._counting = True

    @contextmanager
    def move(self, counted: bool) -> Iterator[None]:
        """One move, measured when `counted`; the connection goes back to the pool before
        and after, as a server's handler does around each request."""
        from django.db import close_old_connections

        start = time.process_time()
        if self.profiler and counted:
            self.profiler.enable()
        close_old_connections()
        yield
        close_old_connections()
        if self.profiler and counted:
            self.profiler.disable()
        if counted:
            self.cpu.append(time.process_time() - start)

    def end(self) -> None:
        """The last words: the segments' report, the cProfile written."""
        profile_end(self.segments, self.profiler, self.path, len(self.cpu))


def profile_end(segments: Any, profiler: Any, path: str | None, moves: int) -> None:
    """The profiling scripts' last words: the segments' report, the cProfile written."""
    if segments:
        segments.report(moves)
    if profiler and path:
        profiler.dump_stats(path)
