"""The README's first command, for real: `scripts/run-site` in a fresh var directory starts
the embedded-mode ASGI server; we fetch the home page and /healthz over HTTP and check that
websocket upgrades reach Channels."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from tests.clock.procs import free_port, wait_for

ROOT = Path(__file__).resolve().parents[2]
STARTUP_LIMIT_SECONDS = 180


class Server:
    def __init__(self, proc: subprocess.Popen[str], port: int, env: dict[str, str]) -> None:
        self.proc = proc
        self.port = port
        self.env = env  # the site's environment, for scripts run against its database
        self.var = Path(env["AVALON_VAR_DIR"])
        self.lines: list[str] = []
        self.ready = threading.Event()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.append(line)
            if "Uvicorn running on" in line:
                self.ready.set()
        self.ready.set()  # process ended: stop waiting

    @property
    def output(self) -> str:
        return "".join(self.lines)

    def get(self, path: str) -> tuple[int, str]:
        url = f"http://127.0.0.1:{self.port}{path}"
        try:
            with urllib.request.urlopen(url, timeout=30) as response:
                return response.status, response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode()

    def api(self, path: str, token: str, body: object = None) -> tuple[int, Any]:
        request = urllib.request.Request(
            f"http://127.0.0.1:{self.port}{path}",
            data=None if body is None else json.dumps(body).encode(),
            headers={"Authorization": f"Token {token}", "Content-Type": "application/json"},
        )
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read())

    def python(self, *args: str) -> str:
        """What `python ARGS` prints, run from the project root against the site's database."""
        return subprocess.run(
            [sys.executable, *args],
            cwd=ROOT,
            env=self.env,
            check=True,
            capture_output=True,
            text=True,
        ).stdout


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    port = free_port()
    env = {
        k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL", "SITE_URL")
    }
    env.update(AVALON_VAR_DIR=str(tmp_path / "var"), HOST="127.0.0.1", PORT=str(port))
    env.pop("DJANGO_SETTINGS_MODULE", None)
    proc = subprocess.Popen(
        [str(ROOT / "scripts" / "run-site")],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,  # its own process group, so we can stop all of it
    )
    srv = Server(proc, port, env)
    try:
        srv.ready.wait(STARTUP_LIMIT_SECONDS)
        assert proc.poll() is None, f"run-site exited early:\n{srv.output}"
        assert "Uvicorn running on" in srv.output, srv.output
        yield srv
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(30)


def websocket_handshake_status(port: int, path: str) -> int:
    request = (
        f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
        "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
        f"Sec-WebSocket-Version: 13\r\nOrigin: http://127.0.0.1:{port}\r\n\r\n"
    )
    with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
        sock.sendall(request.encode())
        status_line = sock.recv(1024).decode(errors="replace").split("\r\n", 1)[0]
    return int(status_line.split()[1])


def close_code(sock: Any) -> int | None:
    """The code the server closed `sock` with, reading until it does."""
    try:
        while True:
            sock.recv(timeout=30)
    except ConnectionClosed as closed:
        return closed.rcvd.code if closed.rcvd is not None else None


def test_run_site_serves_home_healthz_and_websockets(server: Server, tmp_path: Path) -> None:
    assert f"http://127.0.0.1:{server.port}/" in server.output
    assert "embedded beat:" in server.output  # the in-process beat started with the server

    status, body = server.get("/healthz")
    assert status == 200, body
    health = json.loads(body)
    assert health["mode"] == "embedded"
    assert health["checks"] == {"database": "ok", "channel_layer": "ok", "celery_broker": "eager"}

    status, html = server.get("/")
    assert status == 200
    assert "Avalon Tables" in html
    assert "Tournament at Camelot" in html

    status, css = server.get("/static/css/site.css")
    assert status == 200
    assert "--gold-500" in css

    # The upgrade is handled by Channels (accepted, or refused by the consumer), not by
    # Django's HTTP 404: websockets work in the embedded server.
    assert websocket_handshake_status(server.port, "/ws/games/1/") in (101, 403)

    assert (tmp_path / "var" / "db.sqlite3").exists()


def test_run_site_plays_a_move_over_http(server: Server) -> None:
    """The embedded site plays, not only serves pages: a game on its SQLite database takes a
    player's move over the API (the move path's SQL and prepared reads run on SQLite here;
    they once failed there while every PostgreSQL test passed), and refuses a malformed one
    with a 400 that changes nothing."""
    seeded = json.loads(
        server.python("-m", "tests.games.seed_site", "emb", "5", "0", "resistance-avalon")
        .strip()
        .splitlines()[-1]
    )
    game = seeded["games"][0]
    token = (
        server.python(
            "manage.py",
            "shell",
            "-c",
            "from django.contrib.auth import get_user_model\n"
            "from rest_framework.authtoken.models import Token\n"
            f"user = get_user_model().objects.get(username={game['to_move']!r})\n"
            "print(Token.objects.get_or_create(user=user)[0].key)",
        )
        .strip()
        .splitlines()[-1]
    )
    path = f"/api/games/{game['id']}/"

    status, view = server.api(path, token)
    assert status == 200, view
    assert view["legal_moves"], view
    status, refused = server.api(
        f"{path}moves/", token, {"move": {"type": "nonsense"}, "expected_seq": view["seq"]}
    )
    assert status == 400, refused
    assert server.api(path, token)[1]["seq"] == view["seq"]  # the refusal changed nothing

    move = view["legal_moves"][0]
    status, played = server.api(f"{path}moves/", token, {"move": move, "expected_seq": view["seq"]})
    assert status == 200, played
    status, after = server.api(path, token)
    assert after["seq"] > view["seq"]
    assert after["status"] == "playing"

    # The game's socket, as a program opens it: frames of a client's size are answered;
    # one past the server's limit (avalon_site.websocket.WS_MAX_SIZE, far below uvicorn's
    # 16 MiB) closes the socket (1009) before the application reads or parses a byte of it.
    url = f"ws://127.0.0.1:{server.port}/ws/games/{game['id']}/?format=json"
    with connect(url, additional_headers={"Authorization": f"Token {token}"}) as sock:
        assert json.loads(sock.recv(timeout=30))["type"] == "update"
        sock.send(json.dumps({"type": "hello", "seq": after["seq"]}))
        assert json.loads(sock.recv(timeout=30))["type"] == "update"
        sock.send(json.dumps({"type": "hello", "pad": "x" * 100_000}))
        assert close_code(sock) == 1009

    # The move's "your move" emails, written by the server's in-process tasks, link to this
    # server's own port (SITE_URL from HOST and PORT), not to the default 8000.
    link = f"http://127.0.0.1:{server.port}/games/{game['id']}/"
    assert wait_for(
        lambda: any(link in f.read_text() for f in (server.var / "mail").iterdir()), timeout=30
    )
