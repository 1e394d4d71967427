"""Periodic moderation task: forget IP sightings older than the privacy note's retention."""

from __future__ import annotations

import datetime as dt

from django.utils import timezone

from avalon_site.celery import app

from .models import IpSighting

# The retention the privacy note (templates/moderation/privacy.html) promises.
IP_RETENTION_DAYS = 30


def ip_sightings_purge(now: dt.datetime | None = None) -> int:
    """Delete sightings last seen more than IP_RETENTION_DAYS ago; returns how many."""
    cutoff = (now or timezone.now()) - dt.timedelta(days=IP_RETENTION_DAYS)
    deleted, _ = IpSighting.objects.filter(last_seen__lt=cutoff).delete()
    return deleted


@app.task(name="moderation.ip_sightings_purge")  # type: ignore[untyped-decorator]
def ip_sightings_purge_task() -> int:
    return ip_sightings_purge()
