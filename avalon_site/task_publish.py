"""Queueing a Celery task from a move: Celery's own message, published with less machinery.

`Task.delay` goes through `apply_async`, `send_task`, the router, `send_task_message`,
kombu's `Producer.publish` with its retry wrapper and `maybe_declare`, a producer taken
from Celery's pool and bound again to a channel at each publish, an AsyncResult nobody
reads, and about ten reads of Celery's configuration (a key the settings leave unset costs
~10 us a read): about 2 M instructions a task, 11 % of an unwatched move's (issue 14, B1,
thirteenth pass; a move queues about 0.6 task). `task_delay` sends the same message: the
headers and body from Celery's `as_task_v2`, the route Celery's router gives the task
(learnt once per task name and process, with the configuration it needs), the envelope
and the LPUSH from a kombu channel's own `prepare_message` and `basic_publish`, on a
channel this process keeps for publishing (one per thread publishing at once).

What it leaves out is what a plain task of this site never uses: signals around the
publish (with a receiver connected, the full path), sent events, ETA, expiry, time limits,
a parent task's ids (a publish from inside a worker task takes the full path), and the
retry on a lost connection: any error in the lean path drops that channel and sends the
task again by `delay`, whose retry revives the connection. A task's first publish in a
process also takes the full path (which declares the queue, as every full publish does),
unless `publishing_ready` learnt its route once the queue was declared. Eager mode (tests,
the embedded site) always takes the full path, which runs the task.
"""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass
from typing import Any

from celery import signals
from celery.app.routes import MapRoute
from celery.utils.saferepr import saferepr
from kombu.serialization import dumps
from kombu.utils.uuid import uuid

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class _Route:
    """Where Celery's router and `send_task_message` send a task: a queue of a direct
    exchange, published on the anonymous exchange with the queue's name as routing key;
    and the configuration a publish reads, read once."""

    queue: str
    delivery_mode: int
    priority: int | None
    repr_maxlevels: int


# Per task name: its route, or None when the lean path does not apply to the task.
_ROUTES: dict[str, _Route | None] = {}
_PLAIN_OPTIONS = {"queue", "priority", "serializer", "ignore_result"}
# This process's idle publishing channels, each with its kombu connection: a publish takes
# one (list.pop and append are atomic), so a channel serves one thread at a time.
_CHANNELS: list[tuple[Any, Any]] = []
_CHANNELS_PID = [os.getpid()]


def task_delay(task: Any, *args: Any) -> None:
    """`task.delay(*args)`, the result not returned (the site's tasks ignore theirs)."""
    app = task._get_app()
    if task.name in _ROUTES and _lean_now(app):
        route = _ROUTES[task.name]
        if route is not None:
            if task.typing:
                task.__header__(*args)  # a wrong arity fails here, as in apply_async
            try:
                _publish(app, task, route, args)
                return
            except Exception:
                logger.warning("task_delay: lean publish of %s failed", task.name, exc_info=True)
    else:
        _ROUTES.setdefault(task.name, _route(app, task))
    task.delay(*args)


def _lean_now(app: Any) -> bool:
    return not (
        app.conf.task_always_eager
        or signals.before_task_publish.receivers
        or signals.after_task_publish.receivers
        or signals.task_sent.receivers
        or app.current_worker_task is not None
    )


def _route(app: Any, task: Any) -> _Route | None:
    amqp, conf = app.amqp, app.conf
    # Only routes that depend on the task's name alone can be learnt once.
    if not all(isinstance(route, MapRoute) for route in amqp.routes):
        return None
    options = {k: v for k, v in task._get_exec_options().items() if v is not None}
    options.setdefault("ignore_result", task.ignore_result)
    options = amqp.router.route(options, task.name, (), {}, task)
    queue = options.get("queue")
    if isinstance(queue, str):
        queue = amqp.queues[queue]
    queue = queue or amqp.default_queue
    priority = options.get("priority")
    plain = (
        set(options) <= _PLAIN_OPTIONS
        and options.get("serializer", conf.task_serializer) == "json"
        and conf.task_serializer == "json"
        and not conf.task_compression
        and not conf.task_send_sent_event
        and conf.task_protocol == 2
        and queue.exchange.type == "direct"
        and (priority is None or isinstance(priority, int))
        and task.ignore_result
        and not (task.time_limit or task.soft_time_limit or task.expires)
    )
    if not plain:
        return None
    mode = queue.exchange.delivery_mode or conf.task_default_delivery_mode
    # kombu's maybe_delivery_mode: "persistent" / "transient" or the number.
    mode = {"transient": 1, "persistent": 2}.get(mode, mode) if isinstance(mode, str) else mode
    return _Route(queue.name, mode, priority, conf.task_repr_maxlevels)


def _publish(app: Any, task: Any, route: _Route, args: tuple[Any, ...]) -> None:
    amqp = app.amqp
    headers, properties, body, _ = amqp.as_task_v2(
        uuid(),
        task.name,
        args,
        {},
        reply_to=app.thread_oid,
        ignore_result=True,
        # What as_task_v2 would make of them, without reading the configuration again.
        argsrepr=saferepr(args, amqp.argsrepr_maxsize, maxlevels=route.repr_maxlevels),
        kwargsrepr="{}",
    )
    properties["delivery_mode"] = route.delivery_mode
    content_type, content_encoding, data = dumps(body, serializer="json")  # type: ignore[no-untyped-call]
    connection, channel = _channel(app)
    try:
        message = channel.prepare_message(
            data, route.priority, content_type, content_encoding, headers, properties
        )
        channel.basic_publish(message, exchange="", routing_key=route.queue)
    except BaseException:
        try:
            connection.close()
        except Exception:
            logger.debug("task_delay: closing a failed channel failed", exc_info=True)
        raise
    _CHANNELS.append((connection, channel))


def _channel(app: Any) -> tuple[Any, Any]:
    pid = os.getpid()
    if _CHANNELS_PID[0] != pid:
        # Forked: the parent's connections are the parent's (never written from here).
        _CHANNELS_PID[0] = pid
        _CHANNELS.clear()
    try:
        return _CHANNELS.pop()
    except IndexError:
        connection = app.connection_for_write()
        return connection, connection.default_channel


def publishing_ready(app: Any, *tasks: Any) -> None:
    """Learn the routes of `tasks` and open one publishing channel, in a server process once
    forked (avalon_site.serving.connect_early): its first move then publishes lean."""
    for task in tasks:
        _ROUTES.setdefault(task.name, _route(app, task))
    _CHANNELS.append(_channel(app))
