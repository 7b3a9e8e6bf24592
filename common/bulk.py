"""Many rows updated in one statement, each row with its own values.

Django's ``bulk_update`` writes one ``CASE WHEN`` an object a field, and building those expressions
costs about 13 ms of CPU a game's row of 15 fields (the flags falling together, ``games.play.flags``:
2.6 s for a round of 200 on a loaded machine). :func:`update_each` sends the values as a table
instead: ``WITH v(id, a, b) AS (VALUES (…), (…)) UPDATE t SET a = v.a, b = v.b FROM v WHERE t.id =
v.id``, which PostgreSQL and SQLite (3.33 and later) both run, each value prepared by its field as
a save prepares it (typed by a cast on PostgreSQL, where a column of ``NULL`` alone has no type).
"""

from __future__ import annotations

from collections.abc import Sequence

from django.db import connection
from django.db.models import Field, Model

#: the most values one statement sends (PostgreSQL takes 65,535 a statement, SQLite 32,766)
VALUES_AT_MOST = 30_000


def update_each(model: type[Model], rows: Sequence[Model], fields: Sequence[str]) -> None:
    """Each of ``rows`` (stored objects of ``model``) updated with its own values of ``fields``, in one
    statement (more, when they hold more than :data:`VALUES_AT_MOST` values); nothing else of them
    (no ``save``, no signals)."""
    each = max(1, VALUES_AT_MOST // (len(fields) + 1))
    for first in range(0, len(rows), each):
        _update(model, rows[first : first + each], fields)


def _update(model: type[Model], rows: Sequence[Model], fields: Sequence[str]) -> None:
    if not rows:
        return
    meta = model._meta
    key: Field = meta.pk  # type: ignore[assignment]
    changed: list[Field] = [meta.get_field(name) for name in fields]  # type: ignore[misc]
    quote = connection.ops.quote_name
    typed = connection.vendor == "postgresql"
    marks = ", ".join(
        f"CAST(%s AS {field.db_type(connection)})" if typed else "%s" for field in [key, *changed]
    )
    names = ", ".join(quote(field.column) for field in [key, *changed])
    table = quote(meta.db_table)
    setting = ", ".join(f"{quote(field.column)} = v.{quote(field.column)}" for field in changed)
    sql = (
        f"WITH v ({names}) AS (VALUES {', '.join([f'({marks})'] * len(rows))}) "
        f"UPDATE {table} SET {setting} FROM v WHERE {table}.{quote(key.column)} = v.{quote(key.column)}"
    )
    values = [
        field.get_db_prep_save(getattr(row, field.attname), connection)
        for row in rows
        for field in [key, *changed]
    ]
    with connection.cursor() as cursor:
        cursor.execute(sql, values)
