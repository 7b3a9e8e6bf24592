"""Reads composed once a process: a queryset's statement, as Django writes it, run again with new values.

Django composes a query's SQL anew each time it runs it; for a read of a few rows with the rows
joined to them (``select_related``), that composing costs more of the process's CPU than the rest of
the read. A :class:`Prepared` read is a queryset written once, as a function of its values
(``build``, given stand-ins for them): its statement is composed by Django at its first run in the
process (for each database connection), then each run sends that statement with the values given
and turns the rows into models (with their related rows) or tuples as the queryset itself would,
through Django's own converters and populators. It runs through the connection's cursor: counted,
logged and wrapped like any other statement. A locking read (``select_for_update``) is refused
outside a transaction, as Django refuses it.

What may be prepared: a queryset of a model's manager (not a related manager: no known related
objects), its values used in its filters as plain parameters (integers or strings: each stand-in
must appear exactly once among the statement's parameters), rows as models or ``values_list``.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from django.db import DEFAULT_DB_ALIAS, connections
from django.db.models import Model, QuerySet
from django.db.models.query import ModelIterable, get_related_populators
from django.db.transaction import TransactionManagementError

M = TypeVar("M", bound=Model)

_INTEGER_MARK = 2_147_400_000  # stand-ins for integers: within a 32-bit column's range
_TEXT_MARK = "\x1fprepared-value-{}\x1f"


@dataclass(frozen=True)
class _Statement:
    sql: str
    params: tuple[Any, ...]
    slots: tuple[int, ...]  # where each value goes among params
    converters: dict[int, Any]
    locking: bool
    model: Any  # None: rows as tuples
    start: int
    end: int
    init_list: list[str]
    populators: list[Any]


class Prepared(Generic[M]):
    """A read of ``build(*values)``, its statement composed once a process. ``kinds``: each value's
    type (``int`` or ``str``), for its stand-in."""

    def __init__(self, build: Callable[..., QuerySet[M]], *kinds: type) -> None:
        self.build, self.kinds = build, kinds
        self._statements: dict[tuple[str, str], _Statement] = {}
        self._lock = threading.Lock()

    def _stand_ins(self) -> list[Any]:
        return [
            _INTEGER_MARK + index if kind is int else _TEXT_MARK.format(index)
            for index, kind in enumerate(self.kinds)
        ]

    def _statement(self, alias: str) -> _Statement:
        connection = connections[alias]
        key = (alias, connection.vendor)
        found = self._statements.get(key)
        if found is not None:
            return found
        stand_ins = self._stand_ins()
        queryset = self.build(*stand_ins).using(alias)
        compiler = queryset.query.get_compiler(using=alias)
        sql, params = compiler.as_sql()
        params = tuple(params)
        slots = []
        for stand_in in stand_ins:
            places = [index for index, value in enumerate(params) if value == stand_in]
            if len(places) != 1:
                raise ValueError(f"a prepared read's value must be one parameter of its statement: {sql}")
            slots.append(places[0])
        fields = [column[0] for column in compiler.select[: compiler.col_count]]
        klass_info = compiler.klass_info if queryset._iterable_class is ModelIterable else None
        model, start, end, init_list, populators = None, 0, 0, [], []
        if klass_info is not None:
            if queryset._known_related_objects:
                raise ValueError("a prepared read is of a model's manager, not a related manager")
            model = klass_info["model"]
            start, end = klass_info["select_fields"][0], klass_info["select_fields"][-1] + 1
            init_list = [column[0].target.attname for column in compiler.select[start:end]]
            populators = get_related_populators(klass_info, compiler.select, alias)
        statement = _Statement(
            sql,
            params,
            tuple(slots),
            compiler.get_converters(fields),
            bool(queryset.query.select_for_update),
            model,
            start,
            end,
            init_list,
            populators,
        )
        with self._lock:
            self._statements[key] = statement
        return statement

    def rows(self, *values: Any) -> list[Any]:
        """The rows read with ``values``: models (with their related rows read with them), or tuples
        for a ``values_list`` read."""
        alias = DEFAULT_DB_ALIAS
        connection = connections[alias]
        statement = self._statement(alias)
        if statement.locking and connection.features.has_select_for_update and connection.get_autocommit():
            raise TransactionManagementError("select_for_update cannot be used outside of a transaction.")
        params = list(statement.params)
        for slot, value in zip(statement.slots, values, strict=True):
            params[slot] = value
        with connection.cursor() as cursor:
            cursor.execute(statement.sql, params)
            rows: list[Any] = cursor.fetchall()
        if statement.converters:  # as the compiler converts them, with this thread's connection
            converters = list(statement.converters.items())
            rows = [list(row) for row in rows]
            for row in rows:
                for place, (functions, expression) in converters:
                    value = row[place]
                    for function in functions:
                        value = function(value, expression, connection)
                    row[place] = value
        if statement.model is None:
            return [tuple(row) for row in rows]
        found = []
        for row in rows:
            obj = statement.model.from_db(alias, statement.init_list, row[statement.start : statement.end])
            for populator in statement.populators:
                populator.populate(row, obj)
            found.append(obj)
        return found

    def first(self, *values: Any) -> Any | None:
        """The first row read with ``values``, or None."""
        found = self.rows(*values)
        return found[0] if found else None


def key_value(model: type[Model], value: object) -> Any | None:
    """``value`` as a lookup of the model's primary key takes it (Django's conversion: ``TypeError`` or
    ``ValueError`` for what is no key), or None for an integer outside the column's range (which, as
    in Django's lookup, matches nothing)."""
    field: Any = model._meta.pk
    value = field.get_prep_value(value)
    if isinstance(value, int):
        low, high = connections[DEFAULT_DB_ALIAS].ops.integer_field_range(field.get_internal_type())
        if (low is not None and value < low) or (high is not None and value > high):
            return None
    return value
