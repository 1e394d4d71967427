"""The site served by uvicorn in a subprocess, as players reach it over HTTP and websockets:
a fresh PostgreSQL database beside a given one, `manage.py migrate` on it, and the server
on a free port for the length of a `with` block; with Redis, a Celery worker beside it
(the Procfile's `worker`) for the tasks the site queues. Shared by the browser tests' live
site (tests/games/live_site.py) and the HTTP benchmarks (benchmarks/bench_*.py)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from avalon_site.websocket import WS_MAX_SIZE
from tests.clock.procs import CELERY, ROOT, free_port


def scratch_database(url: str, suffix: str = "") -> str:
    """Drop and create, empty, the database named as `url`'s plus `suffix` on the same
    server (closing whatever is still connected to it); returns its URL."""
    import psycopg

    parts = urlsplit(url)
    name = parts.path.lstrip("/") + suffix
    admin = urlunsplit(parts._replace(path="/postgres", scheme="postgresql"))
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')
    return urlunsplit(parts._replace(path=f"/{name}"))


def migrate(env: Mapping[str, str]) -> None:
    """`manage.py migrate` against the database of `env` (the release step)."""
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "-v", "0"], cwd=ROOT, env=env, check=True
    )


@contextmanager
def uvicorn(env: Mapping[str, str], *options: str) -> Iterator[int]:
    """The site's ASGI application under uvicorn with `env` and extra command-line
    `options`; yields its port once it accepts connections, and stops it afterwards."""
    port = free_port()
    server = subprocess.Popen(
        [
            *(sys.executable, "-m", "uvicorn", "avalon_site.asgi:application"),
            *("--host", "127.0.0.1", "--port", str(port), "--log-level", "warning"),
            *("--ws", "avalon_site.websocket:WebSocketProtocol"),  # the Procfile's
            *("--ws-max-size", str(WS_MAX_SIZE)),  # and its limit (avalon_site.websocket)
            *options,
        ],
        cwd=ROOT,
        env=env,
    )
    try:
        wait_listening(port)
        yield port
    finally:
        server.terminate()
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


@contextmanager
def celery_worker(env: Mapping[str, str], log: Path) -> Iterator[None]:
    """The Procfile's `worker` (one pool process) with `env`, its output in the file `log`,
    for the length of a `with` block: the tasks a served site queues on its Redis broker
    (bots' turns, emails) run as in production. Tasks queued before it is ready wait in
    the broker. Its own process group, so stopping it reaches its pool process too."""
    with log.open("ab") as out:
        worker = subprocess.Popen(
            [
                *(CELERY, "-A", "avalon_site", "worker", "--loglevel=WARNING"),
                *("--concurrency=1", "--without-gossip", "--without-mingle"),
            ],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        yield
    finally:
        stop_group(worker)


def wait_listening(port: int, tries: int = 300) -> None:
    """Return once a server accepts connections on `port` (about `tries` tenths of a second
    at the most, then RuntimeError)."""
    for _ in range(tries):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"no server on port {port}")


def stop_group(process: subprocess.Popen[Any]) -> None:
    """Stop a process started with `start_new_session` and everything it started (a
    gunicorn master or a Celery worker killed alone leaves its children running): SIGTERM
    to its group, SIGKILL after 20 s."""
    os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
