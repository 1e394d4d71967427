"""gunicorn's settings file, read from the working directory whatever the command line (the
Procfile's web process, benchmarks/serving.py's layouts): its hooks only; the command line
gives the rest."""

from __future__ import annotations

from typing import Any


def post_worker_init(worker: Any) -> None:
    """Each worker, once it has loaded the application, connects to the broker and the
    database before its first request needs them (avalon_site.serving.connect_early)."""
    from avalon_site.serving import connect_early

    connect_early()
