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

It also gives the site's hand-written hot statements (games.prepared: a move's reads and
its one combined write) a cursor that binds values on the server (`bound_cursor`), so that
PostgreSQL keeps a statement the connection runs again prepared, with its plan, instead of
parsing and planning its text each time (issue 14, B1: a third of a move's PostgreSQL CPU
was planning). The ORM's own cursors keep Django's client-side binding.
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


class DatabaseOperations(base.DatabaseOperations):  # type: ignore[misc]
    def last_executed_query(self, cursor: Any, sql: str, params: Any) -> str | None:
        # A bound cursor's query holds $1, $2... where Django's client-side one holds the
        # values: compose them in, as Django does where every cursor binds on the server
        # (the debug cursor logs it; tests read it).
        if not isinstance(cursor, psycopg.ClientCursor):
            try:
                return str(self.compose_sql(sql, params))
            except psycopg.errors.DataError:
                return None
        return super().last_executed_query(cursor, sql, params)  # type: ignore[no-any-return]


class DatabaseWrapper(django_base.DatabaseWrapper):
    ops_class = DatabaseOperations
    # Set by `bound_cursor` for the one cursor it makes (a wrapper serves one thread).
    _bind_on_server = False

    def bound_cursor(self) -> Any:
        """A cursor (Django's wrapper: execute wrappers and query logging see it) binding
        values on the server: psycopg prepares a statement from its `prepare_threshold`-th
        run on the connection (settings: DB_PREPARED), and PostgreSQL then skips parsing
        and planning it. Only for statements whose every parameter PostgreSQL can type from
        its place (Django's #34255: a parameter in SELECT and GROUP BY is not)."""
        self._bind_on_server = True
        try:
            return self.cursor()
        finally:
            self._bind_on_server = False

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
        if self._bind_on_server and not name and connection is not None:
            return self._server_binding_cursor(connection)
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

    def _server_binding_cursor(self, connection: Any) -> Any:
        cursor = base.ServerBindingCursor(connection)
        loader = connection.adapters.get_loader(TIMESTAMPTZ_OID, Format.TEXT)
        # As create_cursor: the C loader answers in UTC, Django's in its own `timezone`.
        answers_in = dt.UTC if loader is _C_LOADER else getattr(loader, "timezone", None)
        if self.timezone != answers_in:
            base.register_tzloader(self.timezone, cursor)
        return cursor
