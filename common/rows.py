"""Statements composed once a process, for the few reads and writes every move makes (the token's
read, the game's lock, the move's insert, the game's update): the SQL text is written once (as
Django's compiler would write it, with the backend's quoting), and each request only sends it with
its values and reads the answer into model instances as Django's own iteration does (each column
through the backend's and the field's converters). Django composes a statement anew on every
queryset (0.3 to 1 ms of CPU each); these are sent as they are.

Only for statements whose shape never changes; everything else goes through the ORM.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import connection
from django.db.models import Model


@dataclass(frozen=True)
class Part:
    """One model's columns in a composed SELECT: the model, its fields' attribute names, and each
    field's converters (the backend's, then the field's own: dates on SQLite, JSON, ...)."""

    model: type[Model]
    names: tuple[str, ...]
    converters: tuple[tuple[Any, tuple[Callable[..., Any], ...]], ...]  # each column's, with its converters
    width: int

    def build(self, values: Sequence[Any], db: str) -> Model:
        """The model instance of ``values`` (this part's slice of a row), as Django builds it."""
        converted = []
        for value, (column, converters) in zip(values, self.converters, strict=True):
            for convert in converters:
                value = convert(value, column, connection)
            converted.append(value)
        return self.model.from_db(db, self.names, converted)


def part(model: type[Model], alias: str, fields: Sequence[Any] | None = None) -> tuple[Part, list[str]]:
    """The :class:`Part` of ``model`` read as ``alias`` (all its concrete fields, or ``fields``) and
    its selected columns."""
    quote = connection.ops.quote_name
    chosen = list(fields if fields is not None else model._meta.concrete_fields)
    converters = []
    for field in chosen:
        column = field.get_col(alias)
        found = tuple(connection.ops.get_db_converters(column)) + tuple(field.get_db_converters(connection))
        converters.append((column, found))
    columns = [f"{alias}.{quote(field.column)}" for field in chosen]
    names = tuple(field.attname for field in chosen)
    return Part(model, names, tuple(converters), len(chosen)), columns


def read(parts: Sequence[Part], sql: str, params: Sequence[Any]) -> list[Model] | None:
    """Send the composed ``sql`` and build its first row's instances, one a part (None: no row)."""
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        row = cursor.fetchone()
    if row is None:
        return None
    found, start = [], 0
    for each in parts:
        found.append(each.build(row[start : start + each.width], connection.alias))
        start += each.width
    return found


def execute(sql: str, params: Sequence[Any]) -> int:
    """Send a composed write; the rows it changed."""
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return int(cursor.rowcount)
