"""A model query compiled once per thread and run again with other values.

Building and compiling a queryset costs more CPU than PostgreSQL takes to answer it for the
few large reads every move makes (the token with its user, the locked game, the seats with
their presence and vacation): about 1-2 ms each, a third of a move's CPU (issue 14). A
`Prepared` query is built once with placeholder values, compiled once per thread (a
compiler belongs to its thread's connection), and each run executes the same SQL with the
real values in the placeholders' places; rows become model instances as Django's own
iterable makes them (select_related, annotations).

Only values a query passes through unchanged may be placeholders (ints, strings, aware
datetimes): each must appear among the compiled parameters, or preparing fails loudly.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any, Generic, TypeVar

from django.db import connections
from django.db.models import Model, QuerySet
from django.db.models.query import ModelIterable

M = TypeVar("M", bound=Model)


class _Compiled:
    """One thread's compiled query, shaped as ModelIterable reads a queryset: `db`,
    `query.get_compiler()`, `_known_related_objects`."""

    def __init__(self, queryset: QuerySet[Any], placeholders: tuple[object, ...]) -> None:
        self.db = queryset.db
        self.model = queryset.model
        self.query = self
        self._known_related_objects: dict[Any, Any] = {}
        self.connection = connections[self.db]
        compiler = queryset.query.get_compiler(using=self.db)
        self.sql, params = compiler.as_sql()
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
        self.compiler = compiler
        self.bound: tuple[Any, ...] = self.params
        # The compiler answers with the SQL compiled here and this run's values.
        compiler.as_sql = lambda *args, **kwargs: (self.sql, self.bound)

    def get_compiler(self, *args: Any, **kwargs: Any) -> Any:
        return self.compiler

    def run(self, values: tuple[object, ...]) -> list[Any]:
        bound = list(self.params)
        for i, index in self.slots:
            bound[i] = values[index]
        self.bound = tuple(bound)
        return list(ModelIterable(self))  # type: ignore[arg-type]


class Prepared(Generic[M]):
    """`build(*placeholders)` is the queryset; `list(*values)` runs it with `values` in the
    placeholders' places."""

    def __init__(self, build: Callable[..., QuerySet[M]], *placeholders: object) -> None:
        self._build = build
        self._placeholders = placeholders
        self._local = threading.local()

    def list(self, *values: object) -> list[M]:
        if len(values) != len(self._placeholders):
            raise TypeError(f"{len(self._placeholders)} values expected, {len(values)} given")
        compiled: _Compiled | None = getattr(self._local, "compiled", None)
        if compiled is None or compiled.connection is not connections[compiled.db]:
            compiled = _Compiled(self._build(*self._placeholders), self._placeholders)
            self._local.compiled = compiled
        return compiled.run(values)
