"""IP sightings (issue 5): a logged-in request notes the address (throttled), moderators
see other accounts from the same address, and the purge task forgets sightings older than
the retention the privacy note promises."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from moderation.middleware import sighting_note
from moderation.models import IpSighting
from moderation.selectors import accounts_same_ip
from moderation.tasks import IP_RETENTION_DAYS, ip_sightings_purge, ip_sightings_purge_task

from .conftest import make_user

pytestmark = pytest.mark.django_db


def test_requests_note_the_address_and_link_accounts() -> None:
    first, second, elsewhere = make_user("ywain"), make_user("yvain"), make_user("erec")
    for user, ip in ((first, "198.51.100.7"), (second, "198.51.100.7"), (elsewhere, "192.0.2.1")):
        client = Client(REMOTE_ADDR=ip)
        client.force_login(user)
        client.get("/lobby/")
        client.get("/lobby/")  # throttled: still one row
    assert IpSighting.objects.filter(user=first).count() == 1
    assert list(accounts_same_ip(first)) == [second]
    assert list(accounts_same_ip(elsewhere)) == []
    Client(REMOTE_ADDR="198.51.100.7").get("/lobby/")  # anonymous: nothing noted
    assert IpSighting.objects.count() == 3


def test_an_address_seen_again_after_the_hour_is_one_statement_and_keeps_its_first_sighting() -> (
    None
):
    user = make_user("gawain")
    client = Client(REMOTE_ADDR="198.51.100.9")
    client.force_login(user)
    client.get("/lobby/")
    first = IpSighting.objects.get(user=user)
    cache.clear()  # the hour's throttle is over
    later = Client(REMOTE_ADDR="198.51.100.9")  # a new process: it knows no key
    later.force_login(user)
    with CaptureQueriesContext(connection) as captured:
        later.get("/lobby/")
    written = [q["sql"] for q in captured.captured_queries if "moderation_ipsighting" in q["sql"]]
    assert len(written) == 1, written  # INSERT ... ON CONFLICT: no read before the write
    again = IpSighting.objects.get(user=user)
    assert again.first_seen == first.first_seen
    assert again.last_seen > first.last_seen


def test_purge_keeps_only_the_promised_retention() -> None:
    user = make_user()
    now = timezone.now()
    old = IpSighting.objects.create(
        user=user, ip="192.0.2.5", last_seen=now - dt.timedelta(days=IP_RETENTION_DAYS + 1)
    )
    recent = IpSighting.objects.create(
        user=user, ip="192.0.2.6", last_seen=now - dt.timedelta(days=IP_RETENTION_DAYS - 1)
    )
    assert ip_sightings_purge(now) == 1
    assert not IpSighting.objects.filter(pk=old.pk).exists()
    assert IpSighting.objects.filter(pk=recent.pk).exists()
    assert ip_sightings_purge_task.apply().get() == 0  # the beat task runs the same purge


def test_privacy_note_states_the_retention(client: Client) -> None:
    page = client.get("/moderation/privacy/").content.decode()
    assert f"{IP_RETENTION_DAYS} days after we last saw you" in page


def test_a_sighting_is_written_as_the_orm_would_write_it() -> None:
    """The hand-written upsert (moderation.middleware.sighting_note, issue 14) keeps the
    field's own preparation: an IPv6 address is stored in its short form, and a second
    sighting moves last_seen only."""
    user = make_user("tristram")
    at = timezone.now() - dt.timedelta(hours=2)
    sighting_note(user.pk, "2001:0db8:0000:0000:0000:0000:0000:0001", at)
    sighting_note(user.pk, "2001:db8::1", at + dt.timedelta(hours=1))
    (row,) = IpSighting.objects.filter(user=user)
    assert row.ip == "2001:db8::1"
    assert (row.first_seen, row.last_seen) == (at, at + dt.timedelta(hours=1))
