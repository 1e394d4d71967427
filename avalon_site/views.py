"""Site-level views: the home page and /healthz.

/healthz reports the database, the channel layer (a real send/receive round trip) and the
Celery broker ("eager" in embedded mode, where tasks run inside the site's process).
It answers 200 when every check passes and 503 otherwise, so load balancers can use it.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Awaitable, Callable
from typing import Any

from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer
from django.conf import settings
from django.db import connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.views.decorators.cache import never_cache
from kombu.connection import Connection

from games.presentation.game_cards import game_cards

logger = logging.getLogger(__name__)

CHECK_TIMEOUT_SECONDS = 3.0


def home(request: HttpRequest) -> HttpResponse:
    # The site's games: those with a How to play page (the tests' toy game has none).
    games = [card for card in game_cards() if card.rules_url]
    return render(request, "home.html", {"games": games})


def _check_database() -> str:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        row = cursor.fetchone()
    if row is None or row[0] != 1:
        raise RuntimeError("unexpected answer to SELECT 1")
    return "ok"


async def _check_channel_layer() -> str:
    layer = get_channel_layer()
    if layer is None:
        raise RuntimeError("no channel layer configured")
    # A channel of the same kind as every socket's (new_channel's default prefix), so the probe
    # travels the road the sockets' messages do. channels-redis keeps one Redis key per prefix
    # for a process's channels ("<prefix><process id>!"), and one reader pops it for every
    # channel of that kind (avalon_site/channel_layer.py; channels-redis's own receive let
    # one receive at a time pop, under a lock). With a prefix of its own ("healthz." once),
    # the probe sat on a key nobody popped while any socket of the process was waiting: 503
    # at every try while a page was open and quiet (the flaky R2 test). On the shared key, a
    # stalled reader fails the probe, as it should.
    channel = await layer.new_channel()
    nonce = secrets.token_hex(8)
    await layer.send(channel, {"type": "healthz.ping", "nonce": nonce})
    message = await asyncio.wait_for(layer.receive(channel), CHECK_TIMEOUT_SECONDS)
    if message.get("nonce") != nonce:
        raise RuntimeError("channel layer returned a different message")
    return "ok"


def _check_broker() -> str:
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return "eager"
    # kombu is only partly typed; Any keeps strict mode quiet about its untyped methods.
    conn: Any = Connection(settings.CELERY_BROKER_URL, connect_timeout=CHECK_TIMEOUT_SECONDS)  # type: ignore[no-untyped-call]
    try:
        conn.ensure_connection(max_retries=1, timeout=CHECK_TIMEOUT_SECONDS)
    finally:
        conn.release()
    return "ok"


async def _db_check_async() -> str:
    return await sync_to_async(_check_database)()


async def _broker_check_async() -> str:
    return await sync_to_async(_check_broker)()


async def _run(name: str, result: dict[str, str], check: Callable[[], Awaitable[str]]) -> bool:
    try:
        result[name] = await asyncio.wait_for(check(), CHECK_TIMEOUT_SECONDS + 1)
    except Exception as exc:  # any failure is reported, never raised: this is a probe
        logger.warning("healthz: %s check failed: %r", name, exc)
        result[name] = f"error: {type(exc).__name__}"
        return False
    return True


@never_cache
async def healthz(request: HttpRequest) -> JsonResponse:
    checks: dict[str, str] = {}
    ok = True
    ok &= await _run("database", checks, _db_check_async)
    ok &= await _run("channel_layer", checks, _check_channel_layer)
    ok &= await _run("celery_broker", checks, _broker_check_async)
    body = {
        "status": "ok" if ok else "error",
        "mode": "embedded" if settings.EMBEDDED else "production",
        "checks": checks,
    }
    return JsonResponse(body, status=200 if ok else 503)
