"""The production processes of the Procfile (release, uvicorn web, Celery worker and beat)
as real OS processes, for the multi-process tests and the benchmarks: pointed at a given
database and a Redis database of their own, with an SMTP server (aiosmtpd) collecting what
they send when a test wants to read their emails. Also small HTTP and polling helpers."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from aiosmtpd.controller import Controller

ROOT = Path(__file__).resolve().parents[2]
PYTHON = sys.executable
CELERY = str(Path(sys.executable).with_name("celery"))

# What the spawned processes share with the test: its PostgreSQL database (SQLite is one
# process's) and, for a Celery worker or channels-redis, a Redis server.
_POSTGRES = os.environ.get("DATABASE_URL", "").startswith("postgres")
needs_postgres = pytest.mark.skipif(
    not _POSTGRES, reason="needs PostgreSQL (DATABASE_URL), as in CI"
)
needs_postgres_and_redis = pytest.mark.skipif(
    not (_POSTGRES and os.environ.get("REDIS_URL")),
    reason="needs PostgreSQL and Redis (DATABASE_URL, REDIS_URL), as in CI",
)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Inbox:
    """An aiosmtpd handler keeping every message it receives (as text)."""

    def __init__(self) -> None:
        self.messages: list[str] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        content = envelope.content
        self.messages.append(content.decode() if isinstance(content, bytes) else content)
        return "250 Message accepted"


def smtp_server() -> tuple[Controller, Inbox]:
    inbox = Inbox()
    controller = Controller(inbox, hostname="127.0.0.1", port=free_port())
    controller.start()
    return controller, inbox


def database_url(settings_dict: Mapping[str, Any]) -> str:
    user = settings_dict.get("USER") or "postgres"
    password = f":{settings_dict['PASSWORD']}" if settings_dict.get("PASSWORD") else ""
    host = settings_dict.get("HOST") or "127.0.0.1"
    port = settings_dict.get("PORT") or 5432
    return f"postgres://{user}{password}@{host}:{port}/{settings_dict['NAME']}"


def private_redis_url(redis_url: str, db: int) -> str:
    """The same Redis server, another database number: no stray task of another run (or
    of other tests' on-commit hooks) reaches these processes, and theirs reach no one else."""
    base = redis_url.rsplit("/", 1)[0] if redis_url.count("/") > 2 else redis_url
    return f"{base}/{db}"


@contextmanager
def tasks_run_here() -> Iterator[None]:
    """The test process runs its own on-commit tasks in-process, so it queues nothing; only
    the spawned processes' tasks travel through their Redis database."""
    from avalon_site.celery import app

    before = app.conf.task_always_eager
    app.conf.task_always_eager = True
    try:
        yield
    finally:
        app.conf.task_always_eager = before


class ProductionStack:
    """Start, kill and restart the Procfile's processes with an environment of their own.

    Emails go to the SMTP server on `smtp_port` when given, else to files under the stack's
    work directory (`<workdir>/mail`). Extra keyword arguments are environment variables
    (e.g. DEBUG="0", SECRET_KEY=...), applied last.
    """

    def __init__(
        self, database: str, redis_url: str, smtp_port: int | None = None, **env: str
    ) -> None:
        self.workdir = Path(tempfile.mkdtemp(prefix="avalon-stack-"))
        mail = (
            {
                "EMAIL_HOST": "127.0.0.1",
                "EMAIL_PORT": str(smtp_port),
                "EMAIL_BACKEND": "django.core.mail.backends.smtp.EmailBackend",
            }
            if smtp_port is not None
            else {"EMAIL_BACKEND": "django.core.mail.backends.filebased.EmailBackend"}
        )
        self.env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "avalon_site.settings",
            "DATABASE_URL": database,
            "REDIS_URL": redis_url,
            **mail,
            "AVALON_VAR_DIR": str(self.workdir),
            "LOG_LEVEL": "WARNING",
            "PYTHONPATH": str(ROOT),
            **env,
        }
        self.worker: subprocess.Popen[bytes] | None = None
        self.beat: subprocess.Popen[bytes] | None = None
        self.webs: list[subprocess.Popen[bytes]] = []

    def _popen(self, argv: list[str], log: str) -> subprocess.Popen[bytes]:
        out = (self.workdir / log).open("ab")
        return subprocess.Popen(
            argv,
            cwd=ROOT,
            env=self.env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # its own process group: a kill reaches its children
        )

    def _spawn(self, *args: str, log: str) -> subprocess.Popen[bytes]:
        """A `celery -A avalon_site ...` process."""
        return self._popen([CELERY, "-A", "avalon_site", *args], log=log)

    def release(self) -> None:
        """The Procfile's release step: migrate, then collect the static files."""
        with (self.workdir / "release.log").open("ab") as out:
            for command in (["migrate", "--noinput"], ["collectstatic", "--noinput"]):
                subprocess.run(
                    [PYTHON, "manage.py", *command],
                    cwd=ROOT,
                    env=self.env,
                    stdout=out,
                    stderr=subprocess.STDOUT,
                    check=True,
                )

    def start_web(self) -> str:
        """One uvicorn process (the Procfile's `web`, one worker) on a free port; returns
        its base URL. It trusts X-Forwarded-* from 127.0.0.1, as behind a local proxy."""
        port = free_port()
        argv = [PYTHON, "-m", "uvicorn", "avalon_site.asgi:application"]
        argv += ["--host", "127.0.0.1", "--port", str(port), "--log-level", "warning"]
        argv += [
            *("--ws", "avalon_site.websocket:WebSocketProtocol"),
            "--proxy-headers",
            "--forwarded-allow-ips=127.0.0.1",
            "--timeout-graceful-shutdown",
            "10",
        ]
        self.webs.append(self._popen(argv, log=f"web-{port}.log"))
        return f"http://127.0.0.1:{port}"

    def start_worker(self, concurrency: int = 2) -> None:
        self.worker = self._spawn(
            "worker",
            "--loglevel=WARNING",
            f"--concurrency={concurrency}",
            f"--hostname=clocktest-{uuid.uuid4().hex[:8]}@%h",
            "--without-gossip",
            "--without-mingle",
            # The tests' toy game registers itself on import (tests/games/toygame.py).
            "--include=tests.games.toygame",
            log="worker.log",
        )

    def start_beat(self) -> None:
        """Beat with the settings' scheduler (django-celery-beat's DatabaseScheduler, as in
        the Procfile); `--schedule` only keeps a stray file out of the source tree."""
        self.beat = self._spawn(
            "beat",
            "--loglevel=WARNING",
            f"--schedule={self.workdir / 'beat-schedule'}",
            log="beat.log",
        )

    @classmethod
    def _kill(cls, proc: subprocess.Popen[bytes] | None, sig: int) -> None:
        if proc is None or proc.poll() is not None:
            return
        os.killpg(proc.pid, sig)
        cls._wait(proc)

    @staticmethod
    def _wait(proc: subprocess.Popen[bytes]) -> None:
        """Wait for a signalled process; SIGKILL its group if it hangs."""
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=20)

    def kill_worker(self) -> None:
        """SIGKILL the worker and its pool processes at once (no graceful shutdown)."""
        self._kill(self.worker, signal.SIGKILL)
        self.worker = None

    def stop(self) -> None:
        """SIGTERM every process at once (each shuts down gracefully), then wait for each."""
        running = [p for p in [*self.webs, self.worker, self.beat] if p and p.poll() is None]
        for proc in running:
            os.killpg(proc.pid, signal.SIGTERM)
        for proc in running:
            self._wait(proc)
        self.webs = []
        self.worker = self.beat = None

    def logs(self) -> str:
        return "\n".join(
            f"--- {p.name}\n{p.read_text(errors='replace')[-4000:]}"
            for p in sorted(self.workdir.glob("*.log"))
        )


# The class's first name: branches written before the web processes joined still use it.
CeleryProcs = ProductionStack


def http_json(
    url: str,
    *,
    body: Any = None,
    headers: Mapping[str, str] | None = None,
    timeout: float = 30,
) -> tuple[int, Any]:
    """GET (or POST when `body` is given, as JSON) and decode the JSON answer; an HTTP error
    status is returned, not raised. Redirects are not followed: a test must see them."""

    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args: Any, **kwargs: Any) -> None:
            return None

    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, headers=dict(headers or {}))
    if data is not None:
        request.add_header("Content-Type", "application/json")
    opener = urllib.request.build_opener(NoRedirect)
    try:
        with opener.open(request, timeout=timeout) as response:
            status, raw = response.status, response.read()
    except urllib.error.HTTPError as error:
        status, raw = error.code, error.read()
    try:
        return status, json.loads(raw) if raw else None
    except ValueError:
        return status, raw.decode(errors="replace")


def wait_for(predicate: Callable[[], Any], timeout: float, every: float = 0.2) -> Any:
    """Poll until `predicate()` is truthy (returned) or `timeout` passes (returns it falsy)."""
    end = time.monotonic() + timeout
    while True:
        value = predicate()
        if value or time.monotonic() > end:
            return value
        time.sleep(every)
