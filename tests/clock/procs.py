"""Real Celery worker and beat processes for the integration tests and the benchmark,
pointed at a given database and a Redis database of their own, with a real SMTP server
(aiosmtpd) collecting what they send."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

from aiosmtpd.controller import Controller

ROOT = Path(__file__).resolve().parents[2]
CELERY = str(Path(sys.executable).with_name("celery"))


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


def database_url(settings_dict: dict[str, Any]) -> str:
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


class CeleryProcs:
    """Start, kill and restart a worker and a beat with an environment of their own."""

    def __init__(self, database: str, redis_url: str, smtp_port: int, **env: str) -> None:
        self.workdir = Path(tempfile.mkdtemp(prefix="avalon-celery-"))
        self.env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "avalon_site.settings",
            "DATABASE_URL": database,
            "REDIS_URL": redis_url,
            "EMAIL_HOST": "127.0.0.1",
            "EMAIL_PORT": str(smtp_port),
            "EMAIL_BACKEND": "django.core.mail.backends.smtp.EmailBackend",
            "AVALON_VAR_DIR": str(self.workdir),
            "LOG_LEVEL": "WARNING",
            "PYTHONPATH": str(ROOT),
            **env,
        }
        self.worker: subprocess.Popen[bytes] | None = None
        self.beat: subprocess.Popen[bytes] | None = None

    def _spawn(self, *args: str, log: str) -> subprocess.Popen[bytes]:
        out = (self.workdir / log).open("ab")
        return subprocess.Popen(
            [CELERY, "-A", "avalon_site", *args],
            cwd=ROOT,
            env=self.env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # its own process group: a kill reaches its children
        )

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
        self.beat = self._spawn(
            "beat",
            "--loglevel=WARNING",
            f"--schedule={self.workdir / 'beat-schedule'}",
            log="beat.log",
        )

    @staticmethod
    def _kill(proc: subprocess.Popen[bytes] | None, sig: int) -> None:
        if proc is None or proc.poll() is not None:
            return
        os.killpg(proc.pid, sig)
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
        self._kill(self.worker, signal.SIGTERM)
        self._kill(self.beat, signal.SIGTERM)
        self.worker = self.beat = None

    def logs(self) -> str:
        return "\n".join(
            f"--- {p.name}\n{p.read_text(errors='replace')[-4000:]}"
            for p in sorted(self.workdir.glob("*.log"))
        )


def wait_for(predicate: Callable[[], Any], timeout: float, every: float = 0.2) -> Any:
    """Poll until `predicate()` is truthy (returned) or `timeout` passes (returns it falsy)."""
    end = time.monotonic() + timeout
    while True:
        value = predicate()
        if value or time.monotonic() > end:
            return value
        time.sleep(every)
