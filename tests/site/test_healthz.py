"""/healthz: database, channel layer round trip, Celery broker; 200 or 503."""

from __future__ import annotations

import asyncio
import socket
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings as django_settings
from django.test import Client

from avalon_site import views

pytestmark = pytest.mark.django_db


def redis_url() -> str:
    return django_settings.REDIS_URL or "redis://127.0.0.1:6379/0"


def healthz(client: Client, status_code: int) -> Any:
    """GET /healthz, never cached, answering `status_code`: its JSON body."""
    response = client.get("/healthz")
    assert response.status_code == status_code
    assert "no-cache" in response["Cache-Control"]
    return response.json()


def test_healthz_all_ok(client: Client) -> None:
    broker = "eager" if django_settings.CELERY_TASK_ALWAYS_EAGER else "ok"
    assert healthz(client, 200) == {
        "status": "ok",
        "mode": "embedded" if django_settings.EMBEDDED else "production",
        "checks": {"database": "ok", "channel_layer": "ok", "celery_broker": broker},
    }


def test_healthz_reports_a_database_failure(client: Client, monkeypatch: Any) -> None:
    def broken() -> str:
        raise ConnectionError("database is down")

    monkeypatch.setattr(views, "_check_database", broken)
    body = healthz(client, 503)
    assert body["status"] == "error"
    assert body["checks"]["database"] == "error: ConnectionError"
    assert body["checks"]["channel_layer"] == "ok"


def test_healthz_reports_a_channel_layer_failure(client: Client, monkeypatch: Any) -> None:
    async def broken() -> str:
        raise RuntimeError("layer gone")

    monkeypatch.setattr(views, "_check_channel_layer", broken)
    assert healthz(client, 503)["checks"]["channel_layer"] == "error: RuntimeError"


def test_channel_layer_check_round_trips_a_message(settings: Any) -> None:
    assert async_to_sync(views._check_channel_layer)() == "ok"


def redis_reachable() -> bool:
    try:
        with socket.create_connection(("127.0.0.1", 6379), timeout=1):
            return True
    except OSError:
        return False


@pytest.mark.skipif(not redis_reachable(), reason="needs Redis on 127.0.0.1:6379")
def test_channel_layer_check_passes_beside_a_quiet_socket(settings: Any) -> None:
    """One reader of a process pops its sockets' key (avalon_site/channel_layer.py) while a
    quiet socket's receive keeps waiting: the probe must still come through (with a channel
    prefix of its own it waited on a key nobody read, so /healthz said 503 while any page was
    open)."""
    settings.CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "avalon_site.channel_layer.ChannelLayer",
            "CONFIG": {"hosts": [redis_url()]},
        }
    }

    async def probe_beside_a_socket() -> tuple[str, dict[str, Any]]:
        layer: Any = get_channel_layer()
        socket_channel = await layer.new_channel()
        socket = asyncio.ensure_future(layer.receive(socket_channel))
        while not layer._readers:
            await asyncio.sleep(0.01)  # until the process's reader waits on Redis
        try:
            result = await views._check_channel_layer()
            await layer.send(socket_channel, {"type": "game.update"})
            return result, await socket
        finally:
            socket.cancel()
            await layer.close_pools()

    assert async_to_sync(probe_beside_a_socket)() == ("ok", {"type": "game.update"})


@pytest.mark.skipif(not redis_reachable(), reason="needs Redis on 127.0.0.1:6379")
def test_broker_check_in_production_mode(client: Client, settings: Any) -> None:
    settings.CELERY_TASK_ALWAYS_EAGER = False
    settings.CELERY_BROKER_URL = redis_url()
    assert healthz(client, 200)["checks"]["celery_broker"] == "ok"


def test_unreachable_broker_gives_503(client: Client, settings: Any) -> None:
    settings.CELERY_TASK_ALWAYS_EAGER = False
    settings.CELERY_BROKER_URL = "redis://127.0.0.1:1/0"  # nothing listens on port 1
    assert healthz(client, 503)["checks"]["celery_broker"].startswith("error: ")
