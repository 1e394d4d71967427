"""The Celery app. Embedded mode runs tasks eagerly in-process (see settings)."""

from __future__ import annotations

import os
from typing import Any

from celery import Celery
from celery.signals import worker_process_init

from .collector import collector_set_for_serving

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "avalon_site.settings")

app = Celery("avalon_site")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@worker_process_init.connect  # type: ignore[untyped-decorator]
def freeze_start_up(**_: Any) -> None:
    """Each pool process, once forked with Django set up and the tasks imported, puts what
    it was born with out of the collector's sight, as the web processes do
    (`avalon_site.serving.warm_up`): every full collection would otherwise walk the
    start-up's objects again, during bot turns and the sweep's bursts (issue 14); and
    collects young objects in the web processes' steps (avalon_site.collector)."""
    app.tasks  # noqa: B018  (finalized: the task modules imported, the engine with them)
    collector_set_for_serving()
