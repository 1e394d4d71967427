"""A model query compiled once per process and run again with other values.

Building and compiling a queryset costs more CPU than PostgreSQL takes to answer it for the
few large reads every move makes (the token with its user, the locked game, the seats with
their presence and vacation): about 1-2 ms each, a third of a move's CPU (issue 14). A
`Prepared` query is built once with placeholder values and compiled once per process; each
run executes the same SQL with the real values in the placeholders' places, on the calling
thread's connection (under ASGI each request runs in a thread of its own), and rows become
model instances as Django's own iterable makes them (select_related, annotations).

Only values a query passes through unchanged may be placeholders (ints, strings, aware
datetimes): each must appear among the compiled parameters, or preparing fails loudly.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any, Generic, TypeVar

from django.db import connections
from django.db.models import Field, Model, QuerySet
from django.db.models.query import ModelIterable

M = TypeVar("M", bound=Model)


class _Run:
    """One run, shaped as ModelIterable reads a queryset (`db`, `query.get_compiler()`,
    `_known_related_objects`), with a copy of the compiled compiler that answers with the
    compiled SQL and this run's values, on this thread's connection."""

    def __init__(self, db: str, model: type[Model], compiler: Any) -> None:
        self.db = db
        self.model = model
        self.query = self
        self._known_related_objects: dict[Any, Any] = {}
        self._compiler = compiler

    def get_compiler(self, *args: Any, **kwargs: Any) -> Any:
        return self._compiler


class _Compiled:
    def __init__(self, queryset: QuerySet[Any], placeholders: tuple[object, ...]) -> None:
        self.db = queryset.db
        self.model = queryset.model
        self.compiler = queryset.query.get_compiler(using=self.db)
        self.sql, params = self.compiler.as_sql()  # also sets select, klass_info, ...
        self.params = tuple(params)
        self.slots: list[tuple[int, int]] = []
        for index, placeholder in enumerate(placeholders):
            found = [
                i
                for i, p in enumerate(self.params)
                if type(p) is type(placeholder) and p == placeholder
            ]
            if not found:
                raise ValueError(f"placeholder {placeholder!r} is not among the query's values")
            self.slots += [(i, index) for i in found]

    def run(self, values: tuple[object, ...]) -> list[Any]:
        bound = list(self.params)
        for i, index in self.slots:
            bound[i] = values[index]
        compiler = copy.copy(self.compiler)  # shallow: the compiled parts are only read
        compiler.connection = connections[self.db]
        sql, params = self.sql, tuple(bound)
        compiler.as_sql = lambda *args, **kwargs: (sql, params)
        return list(ModelIterable(_Run(self.db, self.model, compiler)))  # type: ignore[arg-type]


class Prepared(Generic[M]):
    """`build(*placeholders)` is the queryset; `list(*values)` runs it with `values` in the
    placeholders' places."""

    def __init__(self, build: Callable[..., QuerySet[M]], *placeholders: object) -> None:
        self._build = build
        self._placeholders = placeholders
        self._compiled: _Compiled | None = None

    def list(self, *values: object) -> list[M]:
        if len(values) != len(self._placeholders):
            raise TypeError(f"{len(self._placeholders)} values expected, {len(values)} given")
        compiled = self._compiled
        if compiled is None:  # two threads may both compile at first: the same result
            compiled = self._compiled = _Compiled(
                self._build(*self._placeholders), self._placeholders
            )
        return compiled.run(values)


# The writes every move makes (its events' rows, the game's caches) as SQL written once per
# process: the ORM builds and compiles an INSERT or UPDATE afresh on each call, which cost
# a move more CPU than the statements themselves (issue 14). Values are prepared for the
# database by each field as the ORM does (get_db_prep_save: JSON, datetimes).
_SQL: dict[tuple[str, type[Model], tuple[str, ...]], str] = {}


def column(model: type[Model], name: str, db: str = "default") -> str:
    """The quoted column of the field `name` of `model`, for SQL written by hand."""
    field = model._meta.get_field(name)
    assert isinstance(field, Field), name
    assert field.column, name
    return connections[db].ops.quote_name(field.column)


def _sql(kind: str, model: type[Model], names: tuple[str, ...], db: str) -> str:
    key = (kind, model, names)
    sql = _SQL.get(key)
    if sql is None:
        connection = connections[db]
        qn = connection.ops.quote_name
        meta = model._meta
        columns = [column(model, name, db) for name in names]
        pk = column(model, meta.pk.name, db)
        if kind == "insert":
            returning = (
                f" RETURNING {pk}" if connection.features.can_return_columns_from_insert else ""
            )
            sql = f"INSERT INTO {qn(meta.db_table)} ({', '.join(columns)}) VALUES %s{returning}"
        else:
            sets = ", ".join(f"{column} = %s" for column in columns)
            sql = f"UPDATE {qn(meta.db_table)} SET {sets} WHERE {pk} = %s"
        sql = _SQL[key] = sql
    return sql


def _values(instance: Model, names: tuple[str, ...], db: str) -> list[Any]:
    meta, connection = instance._meta, connections[db]
    out = []
    for name in names:
        field = meta.get_field(name)
        out.append(field.get_db_prep_save(getattr(instance, field.attname), connection))  # type: ignore[union-attr]
    return out


def insert_rows(rows: list[M], db: str = "default") -> list[M]:
    """INSERT `rows` (new instances of one model) in one statement, every field but the
    generated primary key, as bulk_create does: each row gets its key and is marked saved."""
    if not rows:
        return rows
    model = type(rows[0])
    names = tuple(f.name for f in model._meta.concrete_fields if not f.primary_key)
    sql = _sql("insert", model, names, db)
    one = "(" + ", ".join(["%s"] * len(names)) + ")"
    params = [value for row in rows for value in _values(row, names, db)]
    with connections[db].cursor() as cursor:
        cursor.execute(sql.replace("%s", ", ".join([one] * len(rows)), 1), params)
        ids = [r[0] for r in cursor.fetchall()] if cursor.description else []
    for row, pk in zip(rows, ids, strict=False):
        row.pk = pk
    for row in rows:
        row._state.adding, row._state.db = False, db
    return rows


def update_row(instance: Model, names: tuple[str, ...], db: str = "default") -> None:
    """UPDATE the fields `names` of a saved instance, as save(update_fields=names) does
    (no signals: the models this writes have none)."""
    sql = _sql("update", type(instance), names, db)
    with connections[db].cursor() as cursor:
        cursor.execute(sql, [*_values(instance, names, db), instance.pk])


def update_pks(
    model: type[Model], pks: list[Any], values: dict[str, Any], db: str = "default"
) -> int:
    """UPDATE the rows of `model` whose keys are `pks` to `values` (field name: value), as
    filter(pk__in=pks).update(**values) does for plain values; returns the rows changed."""
    if not pks:
        return 0
    connection = connections[db]
    meta = model._meta
    sets, params = [], []
    for name, value in values.items():
        field = meta.get_field(name)
        assert isinstance(field, Field), name
        sets.append(f"{column(model, name, db)} = %s")
        params.append(field.get_db_prep_save(value, connection))
    where = ", ".join(["%s"] * len(pks))
    table = connection.ops.quote_name(meta.db_table)
    sql = (
        f"UPDATE {table} SET {', '.join(sets)} WHERE {column(model, meta.pk.name, db)} IN ({where})"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [*params, *pks])
        return int(cursor.rowcount)
