"""The servers' entry points (avalon_site.serving): the ASGI handler runs Django's middleware
chain synchronously in one hop, answering as the WSGI handler does (the async health check
included); a fresh server process has imported at start what the first moves imported."""

from __future__ import annotations

import asyncio
import gc
import inspect
import json
import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, cast
from urllib.parse import urlencode

import pytest
from django.test import Client
from rest_framework.authtoken.models import Token

from avalon_site import collector
from avalon_site.serving import SyncChainASGIHandler
from tests.games.conftest import make_user, started_game

ROOT = Path(__file__).resolve().parents[2]


def in_fresh_process(script: str) -> str:
    """What `script` prints, run by a new interpreter on the site's settings (a server
    process's start, not this test process's)."""
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "avalon_site.settings"}
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


# The request runs in a thread of its own with its own connection: rows must be committed.
pytestmark = pytest.mark.django_db(transaction=True)


def asgi_get(
    path: str, disconnect: bool = False, handler: SyncChainASGIHandler | None = None
) -> tuple[int, dict[str, str], bytes]:
    """GET `path` through a SyncChainASGIHandler (a new one, or `handler`) as an ASGI server
    calls it; `disconnect`: the server reports the response's end as the client's
    disconnect, as uvicorn does."""
    return asgi_call("GET", path, disconnect=disconnect, handler=handler)


def asgi_call(
    method: str,
    path: str,
    headers: Mapping[str, str] | None = None,
    body: bytes = b"",
    disconnect: bool = False,
    handler: SyncChainASGIHandler | None = None,
) -> tuple[int, dict[str, str], bytes]:
    """`method` `path` with `headers` and `body`, as asgi_get."""
    handler = handler or SyncChainASGIHandler()
    chain = getattr(handler, "_middleware_chain")  # noqa: B009  (not in the stubs)
    assert not inspect.iscoroutinefunction(chain)  # built as WSGI builds it
    more = [(k.lower().encode(), v.encode()) for k, v in (headers or {}).items()]
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": method,
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "root_path": "",
        "headers": [(b"host", b"127.0.0.1"), (b"content-length", b"%d" % len(body)), *more],
        "client": ("127.0.0.1", 50000),
        "server": ("127.0.0.1", 8000),
    }
    messages: list[Mapping[str, Any]] = []
    received = False
    sent = asyncio.Event()

    async def receive() -> dict[str, Any]:
        nonlocal received
        if not received:
            received = True
            return {"type": "http.request", "body": body, "more_body": False}
        if disconnect:
            await sent.wait()
            return {"type": "http.disconnect"}
        await asyncio.Future()  # connected until the handler is done
        raise AssertionError("unreachable")

    async def send(message: Mapping[str, Any]) -> None:
        messages.append(message)
        if message["type"] == "http.response.body" and not message.get("more_body"):
            sent.set()

    asyncio.run(handler(scope, receive, send))
    start = next(m for m in messages if m["type"] == "http.response.start")
    headers = {k.decode().lower(): v.decode() for k, v in start["headers"]}
    body = b"".join(m.get("body", b"") for m in messages if m["type"] == "http.response.body")
    return start["status"], headers, body


@pytest.mark.parametrize("path", ["/", "/healthz", "/no-such-page/"])
def test_asgi_answers_as_wsgi_does(path: str) -> None:
    """The same status and headers (every middleware's: security, CSP, permissions policy,
    frame options, language) as the WSGI test client; /healthz is an async view."""
    status, headers, body = asgi_get(path)
    response = Client(HTTP_HOST="127.0.0.1").get(path)
    assert status == response.status_code
    expected = {k.lower() for k in response.headers if k.lower() != "content-length"}
    assert expected <= set(headers)
    for name in ("content-security-policy", "permissions-policy", "x-frame-options"):
        assert headers.get(name) == response.headers.get(name), name
    if path == "/healthz":
        assert b'"status": "ok"' in body or b'"status":"ok"' in body


def left_in_cycles(call: Callable[[], object]) -> set[str]:
    """The type names of what `call()` leaves in reference cycles, for the collector (a
    first call, not looked at, takes imports and first-request caches out of the way)."""
    call()
    gc.collect()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        call()
        gc.collect()
        return {type(o).__name__ for o in gc.garbage}
    finally:
        gc.set_debug(0)
        gc.garbage.clear()


def other_handlers_gone() -> None:
    """Other tests' handlers collected, and their request threads ended: a thread's end
    frees its database wrapper, a cycle, which is none of the request looked at."""
    gc.collect()
    deadline = time.monotonic() + 10
    while any(t.name.startswith("request_") for t in threading.enumerate()):
        assert time.monotonic() < deadline, "another handler's request thread is still running"
        time.sleep(0.01)


def test_a_request_leaves_nothing_in_a_cycle_for_the_collector() -> None:
    """uvicorn reports the end of every response as the client's disconnect: Django's
    listener raised RequestAborted, kept by its task with a traceback holding the frame
    that held the task. The request's objects, its context and its asgiref storages were
    left in a cycle at every request, for the collector's full collections to walk and
    free (issue 14, B3: 100-160 ms pauses of the server). Now they go as the request ends."""
    handler = SyncChainASGIHandler()

    def home() -> None:
        assert asgi_get("/", True, handler)[0] == 200

    ours = left_in_cycles(home) & {"RequestAborted", "Task", "Context", "_Storage"}
    assert not ours, ours


# What a request builds around itself: Django's request and what the middlewares hang on it
# (the session, the messages storage, htmx's details, the user's lazy object), DRF's
# request, view and response with its parsers, authenticators and renderer.
REQUEST_OBJECTS = {
    *("ASGIRequest", "WSGIRequest", "SessionStore", "FallbackStorage", "HtmxDetails"),
    *("SimpleLazyObject", "partial", "Request", "Response", "GameDetailApi", "GameMoveApi"),
    *("JSONParser", "PlayerTokenAuthentication", "JSONRenderer", "HttpHeaders"),
    *("RequestContext", "ContextDict"),  # a page's render (avalon_site.templating)
    "DatabaseWrapper",  # a new one in each new thread (SyncChainASGIHandler.__call__)
    "Token",  # held by its user's cache (games.api.authentication)
}


def test_a_request_is_freed_as_it_ends_api_and_page_moves() -> None:
    """Issue 14, B3: Django, its middlewares and DRF build every request into reference
    cycles (the user's lazy object and the messages storage point back at the request,
    DRF's request holds itself, its view and response each other), so each request's
    objects waited for the collector; on a loaded server, those of the requests in flight
    were promoted to the oldest generation, freed by full collections of 100-300 ms. The
    handler breaks them once the response is complete (serving.request_cycles_break):
    nothing of a request is left for the collector, over the API and from the page, a
    read, a move and a refused move alike. A page's render, its context made with the
    request, leaves none either (avalon_site.templating)."""
    users = [make_user() for _ in range(5)]
    game = started_game(users, "resistance-avalon")
    keys = {
        s.position: Token.objects.create(user_id=s.user_id).key
        for s in game.table.seats.all()
        if s.user_id
    }
    browser = Client()
    browser.force_login(users[0])
    other_handlers_gone()
    handler = SyncChainASGIHandler()

    def api(method: str, path: str, seat: int, body: object = None) -> dict[str, Any]:
        headers = {"Authorization": f"Token {keys[seat]}", "Content-Type": "application/json"}
        data = json.dumps(body).encode() if body is not None else b""
        status, _, reply = asgi_call(method, path, headers, data, True, handler)
        assert status < 500, reply
        return {"status": status, **json.loads(reply)}

    def api_move() -> None:
        feed = api("GET", f"/api/games/{game.pk}/", 0)
        seat = feed["pending_seats"][0]
        own = api("GET", f"/api/games/{game.pk}/", seat)
        move = {"expected_seq": own["seq"], "move": own["legal_moves"][0]}
        assert api("POST", f"/api/games/{game.pk}/moves/", seat, move)["status"] == 200

    def api_refused() -> None:
        stale = {"expected_seq": 0, "move": {"type": "ra.vote", "approve": True}}
        assert api("POST", f"/api/games/{game.pk}/moves/", 0, stale)["status"] == 409

    csrf = "c" * 32  # a secret Django takes as the token too
    cookies = f"sessionid={browser.cookies['sessionid'].value}; csrftoken={csrf}"

    def page_read() -> None:
        for path in (f"/games/{game.pk}/", "/"):
            status, _, reply = asgi_call("GET", path, {"Cookie": cookies}, b"", True, handler)
            assert status == 200, reply[:500]

    def page_move() -> None:
        headers = {"Cookie": cookies, "X-CSRFToken": csrf, "HX-Request": "true"}
        headers["Content-Type"] = "application/x-www-form-urlencoded"
        form = urlencode({"expected_seq": 0, "move": "{}"}).encode()
        path = f"/games/{game.pk}/move/"
        status, _, reply = asgi_call("POST", path, headers, form, True, handler)
        assert status < 500, reply[:500]

    for call in (api_move, api_refused, page_read, page_move):
        left = left_in_cycles(call) & REQUEST_OBJECTS
        assert not left, (call.__name__, left)
    # One request at a time: one thread served them all, kept for the next.
    assert len(handler._idle_threads) == 1


def test_requests_at_once_each_have_a_thread_and_the_threads_are_kept() -> None:
    """Issue 14, B1: the handler keeps its request threads (Django started and stopped one
    per request). Requests served at once still each have a thread of their own, and
    each thread serves one request at a time."""
    handler = SyncChainASGIHandler()
    seen: list[int] = []
    both_in = threading.Barrier(2, timeout=10)
    view = handler.get_response

    def get_response(request: Any) -> Any:
        seen.append(threading.get_ident())
        both_in.wait()  # neither finishes before the other has started: two threads
        return view(request)

    handler.get_response = get_response  # type: ignore[method-assign]

    async def two_at_once() -> list[int]:
        async def one() -> int:
            return (await asyncio.to_thread(asgi_get, "/", True, handler))[0]

        return list(await asyncio.gather(one(), one()))

    assert asyncio.run(two_at_once()) == [200, 200]
    assert len(set(seen)) == 2
    del handler.get_response  # Django's again
    threads = {id(t) for t in handler._idle_threads}
    assert len(threads) == 2
    asgi_get("/", True, handler)
    assert {id(t) for t in handler._idle_threads} == threads  # a kept one served it


def test_the_wsgi_entry_frees_its_requests_as_they_end_too() -> None:
    """avalon_site.wsgi (gunicorn's sync workers in the benchmarks' layouts) serves with
    the same handler's get_response (request_cycles_break)."""
    from django.test.client import RequestFactory

    from avalon_site.serving import RequestsFreedWSGIHandler

    user = make_user()
    game = started_game([user, make_user()])
    token = Token.objects.create(user=user).key
    other_handlers_gone()
    handler = RequestsFreedWSGIHandler()

    def api_get() -> None:
        path = f"/api/games/{game.pk}/"
        environ = RequestFactory().get(path, HTTP_AUTHORIZATION=f"Token {token}").environ
        response = handler(environ, cast(Any, lambda status, headers: None))
        assert response.status_code == 200
        response.close()

    left = left_in_cycles(api_get) & REQUEST_OBJECTS
    assert not left, left
    assert "RequestsFreedWSGIHandler" in in_fresh_process(WSGI_SCRIPT)


WSGI_SCRIPT = """
import avalon_site.wsgi
print(type(avalon_site.wsgi.application).__name__)
"""


SCRIPT = """
import sys
import avalon_site.{entry}
print(" ".join(m for m in {modules} if m in sys.modules))
"""


@pytest.mark.parametrize("entry", ["wsgi", "asgi"])
def test_a_fresh_server_process_imports_at_start(entry: str) -> None:
    modules = [
        *("notifications.tasks", "pywebpush", "games.presentation.resistance"),
        # The URLconf's views, every app's tasks, the broker's transport.
        *("games.api.views", "clock.tasks", "kombu.transport.redis"),
    ]
    assert in_fresh_process(SCRIPT.format(entry=entry, modules=modules)).split() == modules


CONTEXT_SCRIPT = """
import contextvars
import avalon_site.{entry}
from asgiref.local import _Storage
from django.urls import get_resolver
context = contextvars.copy_context()
storages = [value.data for value in context.values() if isinstance(value, _Storage)]
print(sum("populating" in data for data in storages), len(storages))
print(" ".join(sorted(get_resolver()._reverse_dict)))
"""


@pytest.mark.parametrize("entry", ["wsgi", "asgi"])
def test_the_warm_up_leaves_the_servers_context_as_it_found_it(entry: str) -> None:
    """Issue 14, B3: resolving the URLconf sets an asgiref Local on each resolver; done in
    the server's own context, ~47 of them rode in every context copied from it, and every
    sync_to_async crossing re-made each one (about 200 objects a crossing, the full
    collections' pauses on a server with many sockets). The warm-up runs in a context of
    its own, and still leaves the URLconf indexed for every language."""
    counts, languages = in_fresh_process(CONTEXT_SCRIPT.format(entry=entry)).splitlines()
    resolvers, storages = map(int, counts.split())
    assert resolvers == 0
    assert storages <= 1  # the cache's client, built at start for every request to share
    assert languages.split() == ["en", "fr"]


@pytest.mark.parametrize("path", ["/ws/games/abc/", "/ws/nothing-here/", "/", "/ws/games/1/x/"])
def test_a_socket_to_no_route_is_refused_not_a_server_error(path: str) -> None:
    """Channels' router raises on a path it does not know, which uvicorn answers with a 500
    and a traceback in the log; the site refuses such a handshake instead."""
    from channels.testing import WebsocketCommunicator

    from avalon_site.asgi import application

    async def handshake() -> tuple[bool, int | str | None]:
        socket = WebsocketCommunicator(
            application, path, headers=[(b"origin", b"http://localhost")]
        )
        connected, code = await socket.connect(timeout=5)
        await socket.wait()
        return connected, code

    assert asyncio.run(handshake()) == (False, 4404)


def test_a_forked_worker_compiles_the_prepared_queries_before_its_first_request() -> None:
    """connect_early's work (gunicorn's post_worker_init): every query prepared by the
    modules loaded is compiled, its locking reads too (in a transaction), nothing run; the
    first move then only runs them."""
    from avalon_site import serving
    from games import prepared

    for each in prepared._EVERY:
        each._compiled = None
    serving._connect()  # in this thread (connect_early starts a thread to run it)
    assert prepared._EVERY
    assert all(each._compiled is not None for each in prepared._EVERY)


CELERY_CHILD = """
import gc
import django
django.setup()
from celery.signals import worker_process_init
from avalon_site.celery import app
app.loader.import_default_modules()  # as the worker's parent does before it forks
gc.collect()
before = len(gc.get_objects())
worker_process_init.send(sender=None)  # what each forked pool process hears
print(before, len(gc.get_objects()), gc.get_freeze_count(), gc.get_threshold()[0])
"""


def test_a_celery_pool_process_freezes_what_it_was_born_with() -> None:
    """The Celery worker's pool processes run the bots' turns and the sweep's bursts: what
    start-up loaded (Django, the tasks, the engine) is frozen as each is forked, so their
    full collections no longer walk it (issue 14), as in the web processes."""
    before, after, frozen, young = map(int, in_fresh_process(CELERY_CHILD).split())
    assert before > 50_000  # the start-up's objects, walked by each full collection before
    assert after < 1_000
    assert frozen >= before
    assert young == collector.YOUNG_OBJECTS


COLLECTOR_SCRIPT = """
import gc
default = gc.get_threshold()
import avalon_site.{entry}
print(gc.get_freeze_count(), *default, *gc.get_threshold())
"""


@pytest.mark.parametrize("entry", ["wsgi", "asgi"])
def test_a_server_process_collects_young_objects_in_larger_steps(entry: str) -> None:
    """Issue 14, B3: at CPython's 700, a server with hundreds of sockets promoted its
    requests' cycles into the old generations, and each full collection froze it for
    100-260 ms (avalon_site.collector). After the warm-up, what the process loaded is
    frozen and the young generation is collected every YOUNG_OBJECTS objects; the older
    generations keep their defaults."""
    out = in_fresh_process(COLLECTOR_SCRIPT.format(entry=entry))
    frozen, *default, young, middle, old = map(int, out.split())
    assert frozen > 50_000
    assert default[0] == 700  # CPython's, which the site changes
    assert young == collector.YOUNG_OBJECTS > default[0]
    assert (middle, old) == tuple(default[1:])
