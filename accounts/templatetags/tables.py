"""The one data table of the pages: ``{% load tables %}``, then

    {% datatable games as game #casual-games %}
      <th>{% translate "Game" %}</th><th>{% translate "Result" %}</th>
    {% row class="rated" when=game.rated %}
      <td>{{ game.name }}</td><td>{{ game.result }}</td>
    {% empty %}
      <div class="empty">{% translate "No games yet." %}</div>
    {% enddatatable %}

writes, when ``games`` has items, ``<div class="table-wrap"><table class="data" id="casual-games">``
with the head cells in ``<thead><tr>``, then one ``<tr>`` a game (``forloop`` as in ``{% for %}``;
the table's id after ``#``; an attribute of ``{% row %}`` left out where its value is empty; the row's
attributes written only ``when`` its condition holds, or ``unless`` it does), else the
``{% empty %}`` part (nothing without one). The pages of every app share it; it is here, on the floor.
"""

from __future__ import annotations

from django import template
from django.template.base import FilterExpression, Node, NodeList, Parser, TextNode, Token
from django.template.context import Context
from django.template.defaulttags import ForNode
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe

register = template.Library()


def _attributes(parser: Parser, bits: list[str]) -> dict[str, FilterExpression]:
    attributes = {}
    for bit in bits:
        name, sep, value = bit.partition("=")
        if not sep or not name:
            raise template.TemplateSyntaxError(f"expected name=value, not {bit!r}")
        attributes[name] = parser.compile_filter(value)
    return attributes


def _written(attributes: dict[str, FilterExpression], context: Context) -> str:
    written = ((name, value.resolve(context)) for name, value in attributes.items())
    return "".join(
        f' {name}="{conditional_escape(value)}"' for name, value in written if value not in ("", None)
    )


class RowStart(Node):
    """A row's ``<tr>`` with its attributes, as the row's item has them (``when`` and ``unless``
    say whether it has them)."""

    def __init__(self, attributes: dict[str, FilterExpression]) -> None:
        self.when, self.unless = attributes.pop("when", None), attributes.pop("unless", None)
        self.attributes = attributes

    def render(self, context: Context) -> SafeString:
        shown = (self.when is None or self.when.resolve(context)) and not (
            self.unless is not None and self.unless.resolve(context)
        )
        return mark_safe(f"<tr{_written(self.attributes, context) if shown else ''}>")  # noqa: S308 - escaped


class DataTable(Node):
    def __init__(
        self, sequence: FilterExpression, rows: ForNode, head: NodeList, empty: NodeList, id_: str
    ) -> None:
        self.sequence, self.rows, self.head, self.empty = sequence, rows, head, empty
        self.id = f' id="{conditional_escape(id_)}"' if id_ else ""
        self.nodelist = NodeList([*head, rows, *empty])  # what the template engine walks (blocks, i18n)

    def render(self, context: Context) -> str:
        if not self.sequence.resolve(context, ignore_failures=True):
            return self.empty.render(context)
        return (
            f'<div class="table-wrap">\n<table class="data"{self.id}>\n'
            f"  <thead><tr>{self.head.render(context).strip()}</tr></thead>\n"
            f"  <tbody>\n{self.rows.render(context)}\n  </tbody>\n</table>\n</div>"
        )


@register.tag
def datatable(parser: Parser, token: Token) -> DataTable:
    bits = token.split_contents()
    if len(bits) < 4 or bits[2] != "as":
        raise template.TemplateSyntaxError("datatable takes: rows as item [#id]")
    sequence = parser.compile_filter(bits[1])
    head = parser.parse(("row",))
    row_attributes = _attributes(parser, parser.next_token().split_contents()[1:])
    row = parser.parse(("empty", "enddatatable"))
    empty = NodeList()
    if parser.next_token().contents == "empty":
        empty = parser.parse(("enddatatable",))
        parser.delete_first_token()
    loop = NodeList([RowStart(row_attributes), *row, TextNode("</tr>")])
    rows = ForNode([bits[3]], sequence, False, loop)
    ids = [bit[1:] for bit in bits[4:] if bit.startswith("#")]
    if len(ids) != len(bits[4:]) or len(ids) > 1:
        raise template.TemplateSyntaxError("datatable takes: rows as item [#id]")
    return DataTable(sequence, rows, head, empty, ids[0] if ids else "")
