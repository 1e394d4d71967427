"""avalon_site.postgresql: timestamps come back from psycopg's C loader with the very
values and tzinfo Django's own (Python) loader gives, through raw SQL, the ORM and a
server-side cursor; another database time zone still takes Django's loader."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import connection, transaction
from django.db.backends.postgresql.psycopg_any import register_tzloader
from psycopg.pq import Format

from accounts.models import User
from avalon_site.postgresql import base
from avalon_site.postgresql.base import TIMESTAMPTZ_OID

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL only"),
]

VALUES = [
    "2026-11-28 22:01:02.123456+00",
    "2026-11-28 23:59:59+01",  # another offset, as text: the same instant in UTC
    "2026-03-29 01:30:00+00",
    "0001-01-01 00:00:00+00",
    "9999-12-31 23:59:59.999999+00",
    "2000-02-29 12:00:00.5+05:30",
    "1969-12-31 23:59:59.000001-08",
]


def _select(values: list[str], *, django_loader: bool) -> list[dt.datetime | None]:
    sql = "SELECT " + ", ".join(["%s::timestamptz"] * (len(values) + 1))
    with connection.cursor() as cursor:
        raw = cursor.cursor
        if django_loader:
            register_tzloader(dt.UTC, raw)  # Django's own Python loader, on this cursor
        raw.execute(sql, [*values, None])
        return list(raw.fetchone())


def test_the_c_loader_gives_djangos_values() -> None:
    connection.ensure_connection()
    loader = connection.connection.adapters.get_loader(TIMESTAMPTZ_OID, Format.TEXT)
    assert base._C_LOADER is not None
    assert loader is base._C_LOADER
    ours = _select(VALUES, django_loader=False)
    djangos = _select(VALUES, django_loader=True)
    assert ours == djangos
    assert ours[-1] is None
    for value, theirs in zip(ours[:-1], djangos[:-1], strict=True):
        assert value is not None
        assert theirs is not None
        assert value.tzinfo is dt.UTC
        assert theirs.tzinfo is dt.UTC
        assert value.utcoffset() == dt.timedelta(0)
        assert (value.year, value.microsecond) == (theirs.year, theirs.microsecond)


def test_orm_round_trip_and_server_side_cursor() -> None:
    at = dt.datetime(2026, 11, 28, 22, 1, 2, 345678, tzinfo=dt.UTC)
    user = User.objects.create_user(username="ts-loader", password="x" * 12)
    User.objects.filter(pk=user.pk).update(last_login=at)
    read = User.objects.get(pk=user.pk)
    assert read.last_login is not None
    assert read.last_login == at
    assert read.last_login.tzinfo is dt.UTC
    with transaction.atomic():  # a named (server-side) cursor: iterator() with chunks
        rows = list(User.objects.filter(pk=user.pk).values_list("last_login").iterator(10))
    assert rows == [(at,)]
    first = rows[0][0]
    assert first is not None
    assert first.tzinfo is dt.UTC


def test_another_database_time_zone_takes_djangos_loader() -> None:
    """A connection made for another zone (a database TIME_ZONE) is Django's as before."""
    connection.ensure_connection()
    wrapper = base.DatabaseWrapper(
        {**connection.settings_dict, "TIME_ZONE": "Europe/Paris"}, alias="other-zone"
    )
    assert wrapper.timezone is not dt.UTC
    params = wrapper.get_connection_params()
    template = params["context"]
    assert template.get_loader(TIMESTAMPTZ_OID, Format.TEXT) is not base._C_LOADER
