"""Forms of the pages: they validate and convert; the services write. The fields several forms
share are here (:func:`rounds_field`)."""

from __future__ import annotations

from django import forms
from django.utils.functional import Promise

#: the most rounds an event may have
MOST_ROUNDS = 50


def rounds_field(label: str | Promise, help_text: str | Promise) -> forms.IntegerField:
    """An event's number of rounds, when it is given: 1 to :data:`MOST_ROUNDS`."""
    return forms.IntegerField(
        label=label, required=False, min_value=1, max_value=MOST_ROUNDS, help_text=help_text
    )
