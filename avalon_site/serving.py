"""What the servers' entry points (avalon_site.asgi, avalon_site.wsgi) share: Django's ASGI
handler with its middleware chain run synchronously, and the imports done at start.

The handler: the middleware chain runs synchronously, in one hop to the request's thread
(issue 14, B1).

Django's own ASGIHandler builds the chain in async mode: the site's first sync-only
middleware (PermissionsPolicyMiddleware, WhiteNoise, the accounts and moderation ones) turns
the outer part synchronous and the async-capable ones inside it (messages, clickjacking,
allauth, htmx) asynchronous again, so every request crossed between the event loop and its
thread three times (loop -> thread for the outer chain, thread -> loop for the inner one,
loop -> thread for the view), each crossing a hand-off between threads with its futures and
context copies. Every view the site serves over HTTP but the health check is synchronous,
as are the middlewares that matter: here the chain is built as WSGI builds it and called
once, in the request's thread (thread-sensitive, in a ThreadSensitiveContext per request as
Django opens one, its thread one of those the handler keeps: SyncChainASGIHandler.__call__).
An async view (the health check) runs as under WSGI, through async_to_sync.

Everything else is Django's ASGIHandler: reading the body, request_started, the listener
for a disconnect, sending the response, request_finished when it is closed.
"""

from __future__ import annotations

import contextvars
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from asgiref.sync import ThreadSensitiveContext, sync_to_async
from django.core.handlers.asgi import ASGIHandler
from django.core.handlers.base import BaseHandler
from django.core.handlers.wsgi import WSGIHandler
from django.http import HttpRequest, HttpResponseBase

from .collector import collector_set_for_serving


def request_cycles_break(request: HttpRequest, response: HttpResponseBase) -> None:
    """Break the reference cycles a request is built into, once its response is complete,
    so that its objects are freed as it ends, not left to the collector (issue 14, B3).

    Django and the middlewares point back at the request from what they hang on it: the
    user's lazy object and `auser` (their closures), the messages storage, htmx's details.
    DRF's request holds itself in its parser context, its view and response each other,
    and the rendered response itself in its renderer context. So every request's objects,
    a hundred to three hundred with the session, the parsers and authenticators, the rows
    read and the request's headers, waited for a collection. A server under load promoted
    those of the requests in flight at its young collections to the oldest generation,
    freed only by full collections, whose pauses (100-300 ms, with every socket's state
    walked too) were the busy table's p99.

    A streaming response is left as it is: its content is read after this, maybe from the
    request. The request's own dict is emptied after Django has logged the response and
    handed `request.close` to it (a no-op then: the site takes no uploads)."""
    if getattr(response, "streaming", True) or not getattr(response, "is_rendered", True):
        return
    drf_context = getattr(response, "renderer_context", None)
    if drf_context:
        response.renderer_context = None  # type: ignore[attr-defined]  # DRF's, rendered
        for each in (drf_context.get("view"), drf_context.get("request")):
            if each is not None:
                vars(each).clear()
    vars(request).clear()


class RequestsFreedAsTheyEnd(BaseHandler):
    """A handler whose requests' objects go when their response is complete
    (request_cycles_break)."""

    def get_response(self, request: HttpRequest) -> HttpResponseBase:
        response = super().get_response(request)
        request_cycles_break(request, response)
        return response


def _request_thread() -> ThreadPoolExecutor:
    return ThreadPoolExecutor(max_workers=1, thread_name_prefix="request")


class RequestsFreedWSGIHandler(RequestsFreedAsTheyEnd, WSGIHandler):
    """Django's WSGI handler (avalon_site.wsgi), its requests freed as they end."""


# Request threads kept for the next requests when idle; more at once are started as needed
# and let go after.
KEPT_THREADS = 32


class SyncChainASGIHandler(RequestsFreedAsTheyEnd, ASGIHandler):
    def __init__(self) -> None:
        super().__init__()
        self._idle_threads: list[ThreadPoolExecutor] = []

    def load_middleware(self, is_async: bool = False) -> None:
        super().load_middleware(is_async=False)

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        """Django's, with each request's thread taken from those kept (issue 14, B1).

        Django gives each request a thread of its own (asgiref's ThreadSensitiveContext),
        started for it and stopped after: ~0.3 ms of CPU a request, and a new database
        wrapper built in each thread (its operations, features and client, a reference
        cycle left to the collector). A request still has one thread for all its
        synchronous parts, as before, and a thread serves one request at a time, as a WSGI
        server's threads do: what Django keeps per thread, the database wrapper, is kept
        across its requests (its pool connection is handed back at each request's end, as
        before)."""
        if scope["type"] != "http":  # as Django's
            raise ValueError(f"Django can only handle ASGI/HTTP connections, not {scope['type']}.")
        thread = self._idle_threads.pop() if self._idle_threads else _request_thread()
        try:
            async with ThreadSensitiveContext(executor=thread):
                await self.handle(scope, receive, send)
        finally:
            if len(self._idle_threads) < KEPT_THREADS:
                self._idle_threads.append(thread)  # a call still running goes first
            else:
                thread.shutdown(wait=False)

    async def get_response_async(self, request: HttpRequest) -> HttpResponseBase:
        response: Any = await sync_to_async(self.get_response, thread_sensitive=True)(request)
        return response  # type: ignore[no-any-return]

    async def listen_for_disconnect(self, receive: Any) -> None:
        """Django's, returning when the client is gone instead of raising RequestAborted,
        which `handle` ignores either way. The server reports the end of every response as
        a disconnect, so every request raised it. The exception stayed in its task, with a
        traceback holding the frame of `handle`, and that frame held the task: a cycle.
        Each request's objects (the request, DRF's request and response, the session, the
        context with its asgiref storages) were left to the collector, about 70 objects a
        request. Its full collections walked them, pausing the server 100-160 ms
        (issue 14, B3)."""
        message = await receive()
        if message["type"] != "http.disconnect":  # as Django's: should never happen
            raise AssertionError(f"Invalid ASGI message after request body: {message['type']}")


def sync_chain_asgi_application() -> SyncChainASGIHandler:
    """As django.core.asgi.get_asgi_application, with the handler above."""
    import django

    django.setup(set_prefix=False)
    return SyncChainASGIHandler()


def _warm_up() -> None:
    """Import now, at the server process's start, what its first requests would otherwise
    import while they are served (issue 14, B1): the notification tasks, queued after a
    move, with the web push stack under them (pywebpush, aiohttp), and the games'
    presentation packages, loaded by the first move that words an outcome. About 0.2-0.3 s
    of CPU that each fresh worker's first moves paid (a fifth to a third of a measured
    worker's CPU in bench_moves.py), and no two request threads importing the same module
    at once (see _load_clients in avalon_site.asgi)."""
    import notifications.tasks  # noqa: F401
    from games.presentation.registry import registered_presenters

    registered_presenters()
    # The URLconf and every view, serializer and schema module under it, with the patterns
    # compiled (Django does it on the first request and the first reverse()); the Redis
    # client of the cache, Celery's broker transport and the channel layer's backend. Nothing
    # here connects: a process that imports this before forking (gunicorn --preload) shares
    # no socket with its workers.
    import kombu.transport.redis  # noqa: F401
    import psycopg_pool  # noqa: F401
    from django.conf import settings
    from django.core.cache import caches
    from django.urls import get_resolver, reverse
    from django.utils import translation
    from django.utils.module_loading import autodiscover_modules, import_string

    from avalon_site.celery import app

    get_resolver().resolve("/")
    for code, _name in settings.LANGUAGES:  # reverse() indexes the patterns per language
        with translation.override(code):
            reverse("home")
    getattr(caches["default"], "client", None)  # django-redis's client (not the local cache)
    # The channel layer's module only: a layer built here, outside any event loop, made a
    # WSGI worker's later requests dearer round after round (measured: 6.9 -> 8.3 ms per move
    # over three rounds), the first move's thread builds it as before.
    import_string(str(settings.CHANNEL_LAYERS["default"]["BACKEND"]))
    autodiscover_modules("tasks")  # as Celery's autodiscover_tasks does, on first use
    app.tasks  # noqa: B018  (finalized: the task classes built)
    app.amqp  # noqa: B018
    # The result backend (none: results are ignored), which each publish's AsyncResult asks
    # for: finding its class scans every installed package's entry points, about 4 ms of
    # CPU that each worker's first move paid (issue 14, B1). Nothing connects.
    app.backend  # noqa: B018
    app.events  # noqa: B018
    import celery.events.dispatcher  # imported by the first publish
    import celery.result  # noqa: F401

    import_string(settings.MESSAGE_STORAGE)
    import_string(settings.SESSION_SERIALIZER)


def warm_up() -> None:
    """_warm_up, in a context of its own, then everything loaded frozen.

    The context is thrown away after: resolving the URLconf sets an asgiref `Local` on
    each of its ~47 resolvers (Django's `URLResolver._local.populating`), and, set in the
    server's main context, those 47 storages rode in every context the server copied from
    it: every `sync_to_async` and `async_to_sync` re-homed each of them to the thread it
    crossed to (asgiref 3.13's `_restore_context`), about 200 new objects per crossing, and
    the full collections walked them in every socket's task (issue 14, B3)."""
    contextvars.copy_context().run(_warm_up)
    # Everything loaded so far lives as long as the process: out of the collector's sight, a
    # full collection no longer walks it (about 180,000 objects here, 77 ms of CPU in one
    # request whenever the oldest generation's turn came; issue 14, B1); and the young
    # objects collected in larger steps (avalon_site.collector).
    collector_set_for_serving()


def connect_early() -> None:
    """Open, in a server process once it is forked, the connections its first move would
    otherwise open while served (issue 14, B1: each worker's first move cost 3-4 times the
    CPU of the next ones, the moves' p99 in a short run): Celery's connection to the broker,
    with the task queue declared, in the producer pool every publish draws from, and one
    channel for the lean publish of a move's tasks (avalon_site.task_publish), one
    database connection into the process's pool, and the prepared queries compiled. Called
    by gunicorn's post_worker_init (gunicorn.conf.py) in a thread of its own: a worker
    serves at once, whatever the broker and the database do; a failure is logged and the
    first move connects as before."""
    import threading

    threading.Thread(target=_connect, name="connect-early", daemon=True).start()


def _connect() -> None:
    import logging

    from django.db import connection

    from avalon_site.celery import app
    from avalon_site.task_publish import publishing_ready
    from clock.tasks import vacation_accrue_task
    from games.prepared import prepared_compile

    try:
        with app.producer_or_acquire() as producer:
            producer.maybe_declare(app.amqp.queues[app.conf.task_default_queue])
        if not app.conf.task_always_eager:
            publishing_ready(app, vacation_accrue_task)
        connection.ensure_connection()
        prepared_compile()
    except Exception:
        logging.getLogger(__name__).warning("connect_early: not connected", exc_info=True)
    finally:
        connection.close()  # back into the pool (the thread's own connection handle)
