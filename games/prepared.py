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

import datetime as dt
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from django.db import connections, transaction
from django.db.models import Field, Model, QuerySet
from django.db.models.base import ModelState
from django.db.models.fields.related_descriptors import ForeignKeyDeferredAttribute
from django.db.models.query import RelatedPopulator, get_related_populators
from django.db.models.signals import post_init, pre_init

M = TypeVar("M", bound=Model)


class _Compiled:
    def __init__(self, queryset: QuerySet[Any], placeholders: tuple[object, ...]) -> None:
        if getattr(queryset, "_known_related_objects", None):  # a related manager's: not supported
            raise ValueError("a prepared query is built from a model's manager")
        self.db = queryset.db
        compiler = queryset.query.get_compiler(using=self.db)
        self.sql, params = compiler.as_sql()  # also sets select, klass_info, ...
        self.params = tuple(params)
        # How rows become instances, found once: what Django's ModelIterable works out again
        # for every run (the model's columns, select_related's populators, annotations) and
        # the columns' converters (JSON, dates...), the fields' own functions, given the
        # connection when they are applied. Each run then makes its instances as
        # ModelIterable does, from rows fetched at once (issue 14: the ORM's per-run set-up
        # and chunked fetch cost a move more CPU than making its instances).
        select, klass_info = compiler.select, compiler.klass_info
        self.width = compiler.col_count if compiler.has_extra_select else None
        self.model = klass_info["model"]
        fields = klass_info["select_fields"]
        self.start, self.end = fields[0], fields[-1] + 1
        self.init_list = [f[0].target.attname for f in select[self.start : self.end]]
        # Django 5.2's signature (the stubs follow a later Django, which adds fetch_mode)
        self.make = _maker(self.model, self.init_list, self.db)
        self.populators = [
            _Related(p)
            for p in get_related_populators(klass_info, select, self.db)  # type: ignore[call-arg]
        ]
        self.annotations = list((compiler.annotation_col_map or {}).items())
        selected = [s[0] for s in select[0 : compiler.col_count]]
        self.converters = list(compiler.get_converters(selected).items())
        # Where each placeholder stands among the compiled values, and how a value is put
        # there: as it is, or as the backend adapted the placeholder while compiling (SQLite,
        # the embedded mode, compiles an aware datetime to a string in UTC; PostgreSQL passes
        # it as it is).
        ops = connections[self.db].ops
        self.slots: list[tuple[int, int, Callable[[Any], Any] | None]] = []
        for index, placeholder in enumerate(placeholders):
            adapt: Callable[[Any], Any] | None = None
            found = _positions(self.params, placeholder)
            if not found and isinstance(placeholder, dt.datetime):
                adapt = ops.adapt_datetimefield_value
                found = _positions(self.params, adapt(placeholder))
            if not found:
                raise ValueError(f"placeholder {placeholder!r} is not among the query's values")
            self.slots += [(i, index, adapt) for i in found]

    def run(self, values: tuple[object, ...]) -> list[Any]:
        bound = list(self.params)
        for i, index, adapt in self.slots:
            bound[i] = values[index] if adapt is None else adapt(values[index])
        connection = connections[self.db]
        with statement_cursor(self.db) as cursor:  # the connection's wrappers see it, as any query
            cursor.execute(self.sql, bound)
            rows = cursor.fetchall()
        make, start, end = self.make, self.start, self.end
        out = []
        for fetched in rows:
            row = list(fetched if self.width is None else fetched[: self.width])
            for pos, (converters, expression) in self.converters:
                value = row[pos]
                for convert in converters:
                    value = convert(value, expression, connection)
                row[pos] = value
            obj = make(row[start:end])
            for populator in self.populators:
                populator.populate(row, obj)
            for name, pos in self.annotations:
                setattr(obj, name, row[pos])
            out.append(obj)
        return out


def statement_cursor(db: str) -> Any:
    """A cursor for statements written by hand (here, and the IP sighting's), which run
    again and again with other values: on the site's PostgreSQL backend one binding them
    on the server, so that the connection keeps each prepared (avalon_site.postgresql:
    PostgreSQL's parsing and planning were a third of a move's database CPU, issue 14);
    elsewhere the usual one.
    Their parameters all stand where PostgreSQL can type them (columns, comparisons, an
    EXISTS's constant, explicit CASTs)."""
    connection = connections[db]
    bound = getattr(connection, "bound_cursor", None)
    return bound() if bound is not None else connection.cursor()


def _maker(model: type[Model], init_list: list[str], db: str) -> Callable[[Any], Any]:
    """How a row's values (in `init_list`'s order) become an instance of `model`: as
    `model.from_db` makes it, or, where that is all Model.__init__ would do, by filling the
    instance's attributes at once. __init__ sends pre_init and post_init and sets every
    field through setattr, which cost about 0.15 ms per move over the ~15 instances a move
    makes (issue 14, B1). The short way is taken only for every concrete field loaded in
    order, no field attribute with a setter that does more than store (`_has_setter`),
    neither __init__ nor from_db overridden, and, at each instance, no receiver of either
    signal connected anywhere (the site connects none; the tests connect one to Game)."""
    attnames = [f.attname for f in model._meta.concrete_fields]
    plain = (
        init_list == attnames
        and model.__init__ is Model.__init__
        and getattr(model.from_db, "__func__", None) is getattr(Model.from_db, "__func__", 0)
        and not any(_has_setter(model, name) for name in attnames)
    )
    if not plain:
        return lambda values: model.from_db(db, init_list, values)
    new = object.__new__

    def make(values: Any) -> Any:
        if pre_init.receivers or post_init.receivers:
            return model.from_db(db, init_list, values)
        obj = new(model)
        state = ModelState()
        state.adding = False
        state.db = db
        fields = obj.__dict__
        fields["_state"] = state
        fields.update(zip(attnames, values, strict=True))
        return obj

    return make


def _has_setter(model: type[Model], name: str) -> bool:
    """Whether setting the attribute `name` runs code of its own. A foreign key's id
    (ForeignKeyDeferredAttribute) does, but on a new instance only stores the value: it
    forgets a cached related object, which a new instance has not got."""
    for klass in model.__mro__:
        if name in klass.__dict__:
            found = klass.__dict__[name]
            return type(found) is not ForeignKeyDeferredAttribute and hasattr(found, "__set__")
    return False


class _Related:
    """Django's RelatedPopulator (select_related's objects), making its instances with
    `_maker`."""

    def __init__(self, django: RelatedPopulator) -> None:
        self.reorder = django.reorder_for_init
        self.start = getattr(django, "cols_start", 0)
        self.end = getattr(django, "cols_end", 0)
        self.pk_idx = django.pk_idx
        self.make = _maker(django.model_cls, django.init_list, django.db)
        self.related = [_Related(p) for p in django.related_populators]
        self.local_setter = django.local_setter
        self.remote_setter = django.remote_setter

    def populate(self, row: list[Any], from_obj: Model) -> None:
        data = self.reorder(row) if self.reorder else row[self.start : self.end]
        obj = None
        if data[self.pk_idx] is not None:
            obj = self.make(data)
            for related in self.related:
                related.populate(row, obj)
        self.local_setter(from_obj, obj)
        if obj is not None:
            self.remote_setter(obj, from_obj)


def _positions(params: tuple[object, ...], value: object) -> list[int]:
    return [i for i, p in enumerate(params) if type(p) is type(value) and p == value]


class Prepared(Generic[M]):
    """`build(*placeholders)` is the queryset; `list(*values)` runs it with `values` in the
    placeholders' places."""

    def __init__(self, build: Callable[..., QuerySet[M]], *placeholders: object) -> None:
        self._build = build
        self._placeholders = placeholders
        self._compiled: _Compiled | None = None
        _EVERY.append(self)

    def list(self, *values: object) -> list[M]:
        if len(values) != len(self._placeholders):
            raise TypeError(f"{len(self._placeholders)} values expected, {len(values)} given")
        return (self._compiled or self._compile()).run(values)

    def _compile(self) -> _Compiled:
        # two threads may both compile at first: the same result
        compiled = self._compiled = _Compiled(self._build(*self._placeholders), self._placeholders)
        return compiled


_EVERY: list[Prepared[Any]] = []


def prepared_compile() -> None:
    """Compile every query prepared so far (in the modules imported), as their first runs
    would: a server process does it before its first request (avalon_site.serving). In a
    transaction, where a locking read compiles (nothing is run)."""
    with transaction.atomic():
        for prepared in _EVERY:
            if prepared._compiled is None:
                prepared._compile()


# The writes every move makes (its events' rows, the game's caches) as SQL written once per
# process: the ORM builds and compiles an INSERT or UPDATE afresh on each call, which cost
# a move more CPU than the statements themselves (issue 14). Values are prepared for the
# database by each field as the ORM does (get_db_prep_save: JSON, datetimes).
_SQL: dict[tuple[str, type[Model], tuple[str, ...]], str] = {}


def column(model: type[Model], name: str, db: str = "default") -> str:
    """The quoted column of the field `name` of `model`, for SQL written by hand (found
    once per process: every move's writes name a few)."""
    found = _COLUMNS.get((model, name, db))
    if found is None:
        field = model._meta.get_field(name)
        assert isinstance(field, Field), name
        assert field.column, name
        found = _COLUMNS[model, name, db] = connections[db].ops.quote_name(field.column)
    return found


_COLUMNS: dict[tuple[type[Model], str, str], str] = {}


def _sql(kind: str, model: type[Model], names: tuple[str, ...], db: str) -> str:
    key = (kind, model, names)
    sql = _SQL.get(key)
    if sql is None:
        connection = connections[db]
        qn = connection.ops.quote_name
        meta = model._meta
        columns = [column(model, name, db) for name in names]
        pk = column(model, meta.pk.name, db)
        if kind.startswith("insert"):
            returning = (
                f" RETURNING {pk}"
                if kind == "insert" and connection.features.can_return_columns_from_insert
                else ""
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


def insert_rows(rows: list[M], db: str = "default", *, keys: bool = True) -> list[M]:
    """INSERT `rows` (new instances of one model) in one statement, every field but the
    generated primary key, as bulk_create does: each row gets its key and is marked saved.
    Inside `writes_deferred` the rows get their keys when the batch is written.
    `keys=False`: the caller never reads the new rows' keys (a move's receipt), so a
    combined write (`writes_combined`) may leave them None and need no RETURNING."""
    if not rows:
        return rows
    model = type(rows[0])
    names = tuple(f.name for f in model._meta.concrete_fields if not f.primary_key)
    values = [_values(row, names, db) for row in rows]
    deferred = _deferred.get()
    if deferred is not None:
        deferred.ops.append(("insert", model, names, rows, values, keys))
        return rows
    _insert(model, names, rows, values, db)
    return rows


def _insert(
    model: type[Model], names: tuple[str, ...], rows: list[Any], values: list[list[Any]], db: str
) -> None:
    _run(_insert_statement(model, names, rows, values, db), db)


@dataclass
class _Statement:
    """One write, ready to run alone or as a part of a combined statement (`_run_combined`):
    its SQL and values, the table it writes, the primary keys of the rows it changes (None:
    not known, e.g. an UPDATE by another column) and, for an INSERT, the new rows, which
    get their keys from its RETURNING if it `returns` them."""

    sql: str
    params: list[Any]
    table: str
    keys: frozenset[Any] | None
    rows: list[Any] | None = None
    returns: bool = False


def _insert_statement(
    model: type[Model],
    names: tuple[str, ...],
    rows: list[Any],
    values: list[list[Any]],
    db: str,
    keys: bool = True,
) -> _Statement:
    sql = _sql("insert" if keys else "insert_plain", model, names, db)
    one = "(" + ", ".join(["%s"] * len(names)) + ")"
    params = [value for row_values in values for value in row_values]
    sql = sql.replace("%s", ", ".join([one] * len(rows)), 1)
    return _Statement(sql, params, model._meta.db_table, None, rows, returns=keys)


def _run(statement: _Statement, db: str) -> int:
    """Run one write; an INSERT's rows get their keys and are marked saved. The rows changed."""
    with statement_cursor(db) as cursor:
        cursor.execute(statement.sql, statement.params)
        ids = [r[0] for r in cursor.fetchall()] if statement.returns and cursor.description else []
        count = int(cursor.rowcount)
    _saved(statement, ids, db)
    return count


def _saved(statement: _Statement, ids: list[Any], db: str) -> None:
    for row, pk in zip(statement.rows or [], ids, strict=False):
        row.pk = pk
    for row in statement.rows or []:
        row._state.adding, row._state.db = False, db


def update_row(instance: Model, names: tuple[str, ...], db: str = "default") -> None:
    """UPDATE the fields `names` of a saved instance, as save(update_fields=names) does
    (no signals: the models this writes have none)."""
    values = _values(instance, names, db)
    deferred = _deferred.get()
    if deferred is not None:
        deferred.ops.append(("update", type(instance), names, instance.pk, values))
        return
    sql = _sql("update", type(instance), names, db)
    with statement_cursor(db) as cursor:
        cursor.execute(sql, [*values, instance.pk])


def update_pks(
    model: type[Model],
    pks: list[Any],
    values: dict[str, Any],
    db: str = "default",
    *,
    by: str | None = None,
) -> int:
    """UPDATE the rows of `model` whose keys are `pks` to `values` (field name: value), as
    filter(pk__in=pks).update(**values) does for plain values; returns the rows changed
    (inside `writes_deferred`: how many keys were given). `by`: the field matched instead
    of the primary key (e.g. every seat of some tables: by="table")."""
    if not pks:
        return 0
    connection = connections[db]
    meta = model._meta
    key = column(model, by or meta.pk.name, db)
    sets, params = [], []
    for name, value in values.items():
        found = meta.get_field(name)
        assert isinstance(found, Field), name
        sets.append(f"{column(model, name, db)} = %s")
        params.append(found.get_db_prep_save(value, connection))
    deferred = _deferred.get()
    if deferred is not None:
        deferred.ops.append(("update_in", model, key, tuple(sets), tuple(params), list(pks)))
        return len(pks)
    return _update_in(model, key, sets, params, pks, db)


def _update_in(
    model: type[Model], key: str, sets: Any, params: Any, pks: list[Any], db: str
) -> int:
    return _run(_update_in_statement(model, key, sets, params, pks, db), db)


def _update_in_statement(
    model: type[Model], key: str, sets: Any, params: Any, pks: list[Any], db: str
) -> _Statement:
    table, pk = _table_and_pk(model, db)
    where = ", ".join(["%s"] * len(pks))
    sql = f"UPDATE {table} SET {', '.join(sets)} WHERE {key} IN ({where})"
    return _Statement(
        sql, [*params, *pks], model._meta.db_table, frozenset(pks) if key == pk else None
    )


_TABLES: dict[tuple[type[Model], str], tuple[str, str]] = {}


def _table_and_pk(model: type[Model], db: str) -> tuple[str, str]:
    """The quoted table and primary key column of `model` (once per process)."""
    found = _TABLES.get((model, db))
    if found is None:
        table = connections[db].ops.quote_name(model._meta.db_table)
        found = _TABLES[model, db] = (table, column(model, model._meta.pk.name, db))
    return found


# Deferred writes (issue 14, B8: a burst of timeouts). A batch of games committed in one
# transaction (the clock's sweep) writes its events, games and seats in a few statements
# for the whole batch instead of several per game: inside `writes_deferred`, insert_rows,
# update_row and update_pks record what they would write (each value prepared at once, so
# a bad value fails in its own game's savepoint) and `deferred_flush` writes them grouped:
# one INSERT per model, one UPDATE per model and set of columns, one UPDATE per distinct
# change by keys. Grouping changes the order of the statements, so a batch writes each row
# once between flushes (the sweeper flushes before a game's second move) and reads nothing
# it deferred (ratings count the log's moves with `deferred_rows`).


@dataclass
class _Deferred:
    db: str
    savepoints: bool = True  # each change in a savepoint of its own (`change_atomic`)
    ops: list[tuple[Any, ...]] = field(default_factory=list)
    flushed: int = 0  # ops written by earlier flushes (marks count from the block's start)
    combine: bool = False  # a flush's statements as one where safe (`writes_combined`)


_deferred: ContextVar[_Deferred | None] = ContextVar("prepared_deferred", default=None)


@contextmanager
def writes_deferred(db: str = "default", *, savepoints: bool = True) -> Iterator[None]:
    """Within the caller's transaction: the writes made inside are written, grouped, when
    the block ends without an error (or at each `deferred_flush`); an error drops what was
    not written yet (the transaction is rolled back by its caller). `savepoints=False`:
    the changes inside take no savepoint each (`change_atomic`), so one that fails fails
    the whole transaction, which the caller applies again with them (the clock's sweep:
    a savepoint is two statements per game, most of what a batch's game still cost)."""
    deferred = _Deferred(db, savepoints)
    token = _deferred.set(deferred)
    try:
        yield
        deferred_flush()
    finally:
        _deferred.reset(token)


@contextmanager
def writes_combined(db: str = "default") -> Iterator[None]:
    """One change of a game (a move) on PostgreSQL: its writes (the events, the game's
    caches, the seats' deadlines) are sent as ONE statement when the block ends, a
    data-modifying WITH (issue 14, B1: each statement cost a move ~265 k instructions in
    Django's cursor and psycopg's binding, and a round trip). Inside `writes_deferred`
    already (the clock's sweep), or on another database (SQLite, the embedded mode), the
    writes go as they would without it. Used inside the change's transaction: a failing
    write (the unique (game, seq)) fails the block, which rolls the change back."""
    if _deferred.get() is not None or connections[db].vendor != "postgresql":
        yield
        return
    deferred = _Deferred(db, combine=True)
    token = _deferred.set(deferred)
    try:
        yield
        _flush(deferred)
    finally:
        _deferred.reset(token)


def change_atomic() -> transaction.Atomic:
    """The atomic block of one change of a game (a move: games.services.moves): inside the
    caller's transaction a savepoint, so that a change failing alone leaves the others,
    except inside `writes_deferred(savepoints=False)`, whose caller then rolls everything
    back and applies it again (outside a transaction: the transaction of the change)."""
    deferred = _deferred.get()
    return transaction.atomic(savepoint=deferred is None or deferred.savepoints)


def deferred_mark() -> int:
    """A point to come back to with `deferred_undo` (0 outside `writes_deferred`)."""
    deferred = _deferred.get()
    return 0 if deferred is None else deferred.flushed + len(deferred.ops)


def deferred_undo(mark: int) -> None:
    """Drop the writes deferred since `mark` (the savepoint of their change rolled back)."""
    deferred = _deferred.get()
    if deferred is not None:
        del deferred.ops[max(0, mark - deferred.flushed) :]


def deferred_rows(model: type[M]) -> list[M]:
    """The new rows of `model` deferred and not written yet."""
    deferred = _deferred.get()
    if deferred is None:
        return []
    return [row for op in deferred.ops if op[0] == "insert" and op[1] is model for row in op[3]]


def deferred_flush() -> None:
    """Write every deferred change now, grouped (a no-op outside `writes_deferred`)."""
    deferred = _deferred.get()
    if deferred is not None:
        _flush(deferred)


def _flush(deferred: _Deferred) -> None:
    if not deferred.ops:
        return
    ops, db = deferred.ops, deferred.db
    deferred.flushed += len(ops)
    deferred.ops = []
    inserts: dict[tuple[Any, ...], tuple[list[Any], list[list[Any]]]] = {}
    updates: dict[tuple[Any, ...], dict[Any, list[Any]]] = {}
    updates_in: dict[tuple[Any, ...], list[Any]] = {}
    for op in ops:
        if op[0] == "insert":
            # keys=False asks for no RETURNING only where the write is combined
            keys = op[5] or not deferred.combine
            rows, values = inserts.setdefault((op[1], op[2], keys), ([], []))
            rows += op[3]
            values += op[4]
        elif op[0] == "update":
            updates.setdefault((op[1], op[2]), {})[op[3]] = op[4]
        else:
            updates_in.setdefault(op[1:5], []).extend(op[5])
    statements = [
        _insert_statement(model, names, rows, values, db, keys)
        for (model, names, keys), (rows, values) in inserts.items()
    ]
    for (model, names), by_pk in updates.items():
        statements += _update_rows(model, names, by_pk, db)
    for (model, key, sets, params), pks in updates_in.items():
        statements.append(
            _update_in_statement(model, key, sets, params, list(dict.fromkeys(pks)), db)
        )
    if deferred.combine and len(statements) > 1 and _combinable(statements):
        _run_combined(statements, db)
        return
    for statement in statements:
        _run(statement, db)


def _combinable(statements: list[_Statement]) -> bool:
    """Whether one data-modifying WITH writes what these statements write one after the
    other. Its parts all see the snapshot taken before it, and PostgreSQL applies only one
    of two changes of the same row in one statement, so: at most one INSERT whose rows need
    their keys (the statement's own RETURNING gives them, in order), INSERTs into tables
    nothing else here writes (an UPDATE would not see their rows), and the UPDATEs of a
    table change known, disjoint rows."""
    if sum(s.returns for s in statements) > 1:
        return False
    by_table: dict[str, list[_Statement]] = {}
    for statement in statements:
        by_table.setdefault(statement.table, []).append(statement)
    for same in by_table.values():
        if len(same) == 1:
            continue
        seen: set[Any] = set()
        for statement in same:
            if statement.rows is not None or statement.keys is None or seen & statement.keys:
                return False
            seen |= statement.keys
    return True


def _run_combined(statements: list[_Statement], db: str) -> None:
    """`statements` as one: the INSERT whose rows need their keys (or the last) is the
    statement, the others its WITH parts (each runs once, unreferenced)."""
    main = next((s for s in statements if s.returns), statements[-1])
    parts = [s for s in statements if s is not main]
    with_ = ", ".join(f"w{i} AS ({s.sql})" for i, s in enumerate(parts))
    params = [value for s in parts for value in s.params] + main.params
    with statement_cursor(db) as cursor:
        cursor.execute(f"WITH {with_} {main.sql}", params)
        ids = [r[0] for r in cursor.fetchall()] if main.returns and cursor.description else []
    _saved(main, ids, db)
    for part in parts:
        _saved(part, [], db)


def _update_rows(
    model: type[Model], names: tuple[str, ...], by_pk: dict[Any, list[Any]], db: str
) -> list[_Statement]:
    """update_row for many rows: on PostgreSQL one UPDATE ... FROM (VALUES ...), each value
    cast to its column's type; elsewhere the one-row statement for each."""
    connection = connections[db]
    table_name = model._meta.db_table
    if connection.vendor != "postgresql" or len(by_pk) == 1:
        sql = _sql("update", model, names, db)
        return [
            _Statement(sql, [*values, pk], table_name, frozenset([pk]))
            for pk, values in by_pk.items()
        ]
    meta = model._meta
    fields = [meta.pk, *(meta.get_field(name) for name in names)]
    casts = ", ".join(f"CAST(%s AS {f.db_type(connection)})" for f in fields)
    table = connection.ops.quote_name(meta.db_table)
    columns = [column(model, name, db) for name in names]
    sets = ", ".join(f"{c} = v.{c}" for c in columns)
    pk = column(model, meta.pk.name, db)
    rows = ", ".join([f"({casts})"] * len(by_pk))
    sql = (
        f"UPDATE {table} SET {sets} FROM (VALUES {rows}) AS v({pk}, {', '.join(columns)})"
        f" WHERE {table}.{pk} = v.{pk}"
    )
    params = [value for pk_value, values in by_pk.items() for value in (pk_value, *values)]
    return [_Statement(sql, params, table_name, frozenset(by_pk))]
