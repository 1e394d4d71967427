"""The Celery app. Embedded mode runs tasks eagerly in-process (see settings)."""

from __future__ import annotations

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "avalon_site.settings")

app = Celery("avalon_site")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
