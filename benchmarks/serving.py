"""The serving layouts the benchmarks compare, each started as a subprocess on a free port:

- `uvicorn`: the ASGI application (HTTP and websockets) under uvicorn's own workers;
- `gunicorn-uvicorn`: the same ASGI application under gunicorn with uvicorn workers;
- `gunicorn-sync`: HTTP through the WSGI application under gunicorn's sync workers, with
  websockets served beside it by uvicorn on a port of their own (what one proxy routing
  /ws/ to the ASGI server and the rest to WSGI does; no proxy runs on the benchmark
  machine, so clients talk to each server directly and the proxy's own hop is not counted).

`serve(layout, env, workers)` yields (HTTP port, websocket port) and the server processes'
ids (to read their CPU time), and stops them afterwards.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator, Mapping
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path

from tests.clock.procs import free_port
from tests.served import stop_group, wait_listening

ROOT = Path(__file__).resolve().parents[1]
LAYOUTS = ("uvicorn", "gunicorn-uvicorn", "gunicorn-sync")


@dataclass(frozen=True)
class Served:
    http_port: int
    ws_port: int
    pids: tuple[int, ...]  # the server processes (their workers are their children)


@contextmanager
def _process(command: list[str], env: Mapping[str, str], port: int) -> Iterator[int]:
    """The server in a process group of its own: stopping it stops its workers too (a
    gunicorn master killed alone leaves its workers running)."""
    server = subprocess.Popen(command, cwd=ROOT, env=dict(env), start_new_session=True)
    try:
        wait_listening(port, tries=600)
        yield server.pid
    finally:
        stop_group(server)


def _uvicorn(port: int, workers: int, ws_deflate: bool = True) -> list[str]:
    return [
        *(sys.executable, "-m", "uvicorn", "avalon_site.asgi:application"),
        *("--host", "127.0.0.1", "--port", str(port), "--workers", str(workers)),
        *("--log-level", "warning", "--no-access-log"),
        *("--ws", "avalon_site.websocket:WebSocketProtocol"),
        *(() if ws_deflate else ("--ws-per-message-deflate", "false")),
    ]


def _gunicorn(app: str, port: int, workers: int, *options: str) -> list[str]:
    return [
        *(sys.executable, "-m", "gunicorn", app, "--bind", f"127.0.0.1:{port}"),
        *("--workers", str(workers), "--log-level", "warning", "--graceful-timeout", "5"),
        *options,
    ]


@contextmanager
def serve(
    layout: str,
    env: Mapping[str, str],
    workers: int = 2,
    ws_workers: int = 1,
    ws_deflate: bool = True,
) -> Iterator[Served]:
    """Run `layout` with `workers` processes for HTTP (`ws_workers` for the websocket
    server of the split layout); `ws_deflate` False serves uvicorn's websockets without
    permessage-deflate."""
    port = free_port()
    with ExitStack() as stack:
        if layout == "uvicorn":
            pid = stack.enter_context(_process(_uvicorn(port, workers, ws_deflate), env, port))
            yield Served(port, port, (pid,))
        elif layout == "gunicorn-uvicorn":
            command = _gunicorn(
                "avalon_site.asgi:application",
                port,
                workers,
                *("--worker-class", "avalon_site.websocket.Worker"),
            )
            pid = stack.enter_context(_process(command, env, port))
            yield Served(port, port, (pid,))
        elif layout == "gunicorn-sync":
            ws_port = free_port()
            http = stack.enter_context(
                _process(_gunicorn("avalon_site.wsgi:application", port, workers), env, port)
            )
            ws = stack.enter_context(
                _process(_uvicorn(ws_port, ws_workers, ws_deflate), env, ws_port)
            )
            yield Served(port, ws_port, (http, ws))
        else:
            raise ValueError(f"unknown layout {layout!r}; one of {', '.join(LAYOUTS)}")


def cpu_seconds(pids: tuple[int, ...]) -> float:
    """User + system CPU time of the processes and their live children, in seconds."""
    tick = os.sysconf("SC_CLK_TCK")
    seen: set[int] = set()
    total = 0.0
    stack = list(pids)
    while stack:
        pid = stack.pop()
        if pid in seen:
            continue
        seen.add(pid)
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / tick  # utime, stime
        stack.extend(int(c) for c in children)
    return total


def settle(pids: tuple[int, ...], timeout: float = 60.0) -> None:
    """Wait until the server processes are idle (under 20 ms of CPU in half a second): a
    server listens as soon as its first worker is up, and workers still starting (importing
    Django and the site, about a second of CPU each) would count in what is measured next."""
    deadline = time.monotonic() + timeout
    used = cpu_seconds(pids)
    while time.monotonic() < deadline:
        time.sleep(0.5)
        now = cpu_seconds(pids)
        if now - used < 0.02:
            return
        used = now


def rss_bytes(pid: int) -> int:
    """Resident set size of one process."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return 0


def load_average() -> str:
    return "load average " + " ".join(f"{x:.2f}" for x in os.getloadavg())
