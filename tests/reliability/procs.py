"""Servers the reliability tests start, break and restart themselves: a private
`redis-server` (own port, own directory, no persistence) and the site under uvicorn on the
test database. Loopback only. The Celery worker harness is tests/clock/procs.py's."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import redis

from tests.clock.procs import ROOT, free_port, wait_for

STARTUP_SECONDS = 60


class RedisServer:
    """A redis-server of the test's own: `shutdown()` and `start()` again on the same port
    stand for a Redis restart (nothing saved, so every key and group membership is gone)."""

    def __init__(self) -> None:
        self.port = free_port()
        self.dir = Path(tempfile.mkdtemp(prefix="avalon-redis-"))
        self.proc: subprocess.Popen[bytes] | None = None

    def url(self, db: int = 0) -> str:
        return f"redis://127.0.0.1:{self.port}/{db}"

    def ping(self) -> bool:
        try:
            return bool(redis.Redis(port=self.port, socket_timeout=1).ping())
        except redis.RedisError:
            return False

    def start(self) -> None:
        log = (self.dir / "redis.log").open("ab")
        self.proc = subprocess.Popen(
            [
                *("redis-server", "--port", str(self.port), "--bind", "127.0.0.1"),
                *("--save", "", "--appendonly", "no", "--dir", str(self.dir)),
            ],
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        assert wait_for(self.ping, STARTUP_SECONDS, every=0.05), "redis-server did not start"

    def shutdown(self) -> None:
        """`redis-cli shutdown nosave`, as an operator would; wait until it is gone."""
        subprocess.run(
            ["redis-cli", "-p", str(self.port), "shutdown", "nosave"],
            capture_output=True,
            timeout=30,
        )
        if self.proc is not None:
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=30)
        self.proc = None

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.shutdown()


class SiteServer:
    """The site (tests/reliability/site_asgi.py: the real app plus the toy game) under uvicorn
    in its own process group, on the test database. `kill()` is kill -9, `start()` again
    serves on the same port."""

    def __init__(self, database_url: str, redis_url: str, **env: str) -> None:
        self.port = free_port()
        self.workdir = Path(tempfile.mkdtemp(prefix="avalon-site-"))
        self.env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "avalon_site.settings",
            "DATABASE_URL": database_url,
            "REDIS_URL": redis_url,
            "AVALON_VAR_DIR": str(self.workdir),
            "LOG_LEVEL": "WARNING",
            "PYTHONPATH": str(ROOT),
            **env,
        }
        self.proc: subprocess.Popen[bytes] | None = None
        self.starts = 0

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        self.starts += 1
        log = (self.workdir / "site.log").open("ab")
        log.write(f"--- start {self.starts}\n".encode())
        log.flush()
        self.proc = subprocess.Popen(
            [
                *(sys.executable, "-m", "uvicorn", "tests.reliability.site_asgi:application"),
                *("--host", "127.0.0.1", "--port", str(self.port), "--lifespan", "off"),
                *("--ws", "avalon_site.websocket:WebSocketProtocol", "--no-access-log"),
                *("--log-level", "warning"),
            ],
            cwd=ROOT,
            env=self.env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # its own process group: kill -9 reaches all of it
        )

        def up() -> bool:
            assert self.proc is not None, self.logs()
            assert self.proc.poll() is None, self.logs()
            return http(self.base, "GET", "/healthz", timeout=10)[0] != 0

        assert wait_for(up, STARTUP_SECONDS, every=0.1), self.logs()

    def kill(self) -> None:
        """kill -9 of the server's whole process group: no shutdown code runs."""
        if self.proc is not None and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(timeout=30)
        self.proc = None

    def stop(self) -> None:
        if self.proc is None or self.proc.poll() is not None:
            return
        os.killpg(self.proc.pid, signal.SIGTERM)
        try:
            self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.kill()
        self.proc = None

    def logs(self) -> str:
        path = self.workdir / "site.log"
        return path.read_text(errors="replace")[-6000:] if path.exists() else ""


def http(
    base: str,
    method: str,
    path: str,
    body: dict[str, Any] | None = None,
    token: str | None = None,
    timeout: float = 30,
) -> tuple[int, Any]:
    """(status, decoded JSON or text) of one request; status 0 when the server did not
    answer at all (refused or reset connection, timeout)."""
    headers = {"Accept": "application/json"}
    data = None
    if body is not None:
        data = json.dumps(body).encode()
        headers["Content-Type"] = "application/json"
    if token:
        headers["Authorization"] = f"Token {token}"
    request = urllib.request.Request(base + path, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            status, raw = response.status, response.read()
    except urllib.error.HTTPError as error:
        status, raw = error.code, error.read()
    except (OSError, urllib.error.URLError):
        return 0, None
    try:
        return status, json.loads(raw)
    except ValueError:
        return status, raw.decode(errors="replace")


class Background:
    """A daemon thread whose exception is re-raised by `join()` (a test must see it)."""

    def __init__(self, target: Any) -> None:
        self.error: BaseException | None = None

        def run() -> None:
            try:
                target()
            except BaseException as exc:
                self.error = exc

        self.thread = threading.Thread(target=run, daemon=True)
        self.thread.start()

    def join(self, timeout: float) -> None:
        self.thread.join(timeout)
        if self.error is not None:
            raise self.error


def monotonic() -> float:
    return time.monotonic()
