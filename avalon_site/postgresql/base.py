"""Django's PostgreSQL backend, loading `timestamptz` values with psycopg's C loader.

Django registers a Python subclass of psycopg's TimestamptzLoader (to set the tzinfo it
wants), and psycopg runs a Python subclass in Python: a regular expression, int() of each
part and a keyword call per value, several thousand instructions each. A move loads some
45 of them (the token's user, the game, five seats with their users and grace rows)
(issue 14, B1). Where Django's loader would only relabel UTC as UTC, psycopg's own loader
(C, in psycopg-binary) returns the same value: with the session's TimeZone UTC (Django
sets it on every connection, pooled ones by the pool's `configure`) psycopg's tzinfo is
`datetime.timezone.utc` itself, the object Django sets. Any other case (another
TIME_ZONE, USE_TZ off, no C module) takes Django's own path.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import psycopg
from django.conf import settings
from django.db.backends.postgresql import base as django_base
from psycopg import adapt
from psycopg.pq import Format
from psycopg.types.datetime import TimestamptzLoader

base: Any = django_base  # its module-level names are not all in the stubs
TIMESTAMPTZ_OID: int = base.TIMESTAMPTZ_OID

# psycopg's C loader (psycopg-binary or psycopg-c), or None with the pure-Python package.
_C_LOADER: Any = psycopg.adapters.get_loader(TIMESTAMPTZ_OID, Format.TEXT)
if _C_LOADER is None or _C_LOADER is TimestamptzLoader:
    _C_LOADER = None

_TEMPLATES: dict[int, tuple[adapt.AdaptersMap, adapt.AdaptersMap]] = {}


def _with_c_loader(template: adapt.AdaptersMap) -> adapt.AdaptersMap:
    """Django's adapters `template` with psycopg's own timestamptz loader, made once per
    template (each connection copies its map from it)."""
    found = _TEMPLATES.get(id(template))
    if found is None or found[0] is not template:
        ours = adapt.AdaptersMap(template)
        ours.register_loader("timestamptz", TimestamptzLoader)  # psycopg maps it to C
        found = _TEMPLATES[id(template)] = (template, ours)
    return found[1]


class DatabaseWrapper(django_base.DatabaseWrapper):
    def get_connection_params(self) -> dict[str, Any]:
        params: dict[str, Any] = super().get_connection_params()
        template = params.get("context")
        if (
            _C_LOADER is not None
            and template is not None
            and settings.USE_TZ
            and self.timezone is dt.UTC
        ):
            params["context"] = _with_c_loader(template)
        return params

    def create_cursor(self, name: str | None = None) -> Any:
        # Django's compares its loader's `timezone` with the connection's and registers
        # its own loader on the cursor when they differ; psycopg's C loader has no such
        # attribute, and answers in UTC (the module's text).
        connection = self.connection
        if (
            connection is None
            or _C_LOADER is None
            or connection.adapters.get_loader(TIMESTAMPTZ_OID, Format.TEXT) is not _C_LOADER
        ):
            return super().create_cursor(name)
        if name:
            if self.settings_dict["OPTIONS"].get("server_side_binding") is not True:
                cursor = base.ServerSideCursor(
                    connection, name=name, scrollable=False, withhold=connection.autocommit
                )
            else:
                cursor = connection.cursor(name, scrollable=False, withhold=connection.autocommit)
        else:
            cursor = connection.cursor()
        if self.timezone is not dt.UTC:  # the settings changed since this connection began
            base.register_tzloader(self.timezone, cursor)
        return cursor
