"""Fixtures of the reliability tests (R1, R2, R13, R14 of the research note): they need
PostgreSQL (the processes they start share this run's test database, so the tests use
transaction=True) and start their own Redis and site processes; nothing here touches the
shared Redis."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from rest_framework.authtoken.models import Token

from accounts.models import User
from tests.clock.procs import database_url, tasks_run_here

from .procs import RedisServer, SiteServer


@pytest.fixture(autouse=True)
def _local_side_effects(settings: Any) -> Iterator[None]:
    """What this test process itself sets off stays in it: on-commit tasks run in-process and
    its broadcasts go to an in-memory layer, never to the shared Redis."""
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    with tasks_run_here():
        yield


@pytest.fixture
def redis_server() -> Iterator[RedisServer]:
    server = RedisServer()
    server.start()
    yield server
    server.stop()


@pytest.fixture
def site_factory(transactional_db: None) -> Iterator[Callable[..., SiteServer]]:
    """Start the site on this run's test database; every server is stopped before the
    database is flushed."""
    started: list[SiteServer] = []

    def make(redis_url: str, **env: str) -> SiteServer:
        server = SiteServer(database_url(connection.settings_dict), redis_url, **env)
        started.append(server)
        server.start()
        return server

    yield make
    for server in started:
        server.stop()


def api_token(user: User) -> str:
    return str(Token.objects.get_or_create(user=user)[0].key)


def session_cookie(user: User) -> str:
    """A logged-in session (database-backed) the websocket clients present as a cookie."""
    client = Client()
    client.force_login(user)
    return str(client.cookies["sessionid"].value)
