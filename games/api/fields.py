"""The API's field for a game key (Django REST framework), apart from :mod:`games.choices` so that
what only needs the registry's choices (models, forms, management commands) does not load DRF; a
game's id read from an address (:func:`game_id`)."""

from __future__ import annotations

import re
from typing import Any

from django.utils.text import format_lazy
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from rest_framework import serializers
from rest_framework.exceptions import ValidationError
from rest_framework.validators import ProhibitSurrogateCharactersValidator

from accounts.errors import NotFound
from games.choices import game_choices

_SURROGATE = re.compile("[\ud800-\udfff]")


class _NoSurrogates(ProhibitSurrogateCharactersValidator):
    """DRF's refusal of a text's surrogate characters (the first named), found by one search rather
    than a loop over each character (a record may have 200,000)."""

    def __call__(self, value: Any) -> None:
        found = _SURROGATE.search(str(value))
        if found is not None:
            raise ValidationError(self.message.format(code_point=ord(found.group())), code=self.code)


class RecordField(serializers.CharField):
    """A game's record in the API: a text field, refusing what DRF's refuses with the same messages."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        checks: list[Any] = list(self.validators)  # type: ignore[has-type]
        self.validators = [
            _NoSurrogates() if isinstance(check, ProhibitSurrogateCharactersValidator) else check
            for check in checks
        ]


class GameChoiceField(serializers.ChoiceField):
    """A game key in the API: the registered games, read when the serializer is built."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(choices=game_choices(), **kwargs)


def option_fields(read_only: bool, for_event: bool = False) -> dict[str, serializers.Field]:
    """A field for each start option a registered game declares (``games.options``), named as the
    option, its help from the declaration (an event's help for an event): the options of a
    challenge, an event or a game in the API, none named here. Taken, an option declaring its
    choices is one of them (empty: the game's own; any other value a 400 naming the choices), any
    other a text."""
    from games import options as game_options  # the registry's declarations, read when built

    fields: dict[str, serializers.Field] = {}
    for name, option in game_options.every_option().items():
        help_text = option.event_help if for_event and option.event_help else option.help
        choices = game_options.choices_of(name)
        if read_only:
            fields[name] = serializers.CharField(read_only=True, help_text=help_text)
        elif choices is not None:
            values = [value for value, _label in choices]
            refusal = format_lazy(
                _("“{{input}}” is not among its choices: {choices}"), choices=", ".join(values)
            )
            fields[name] = serializers.ChoiceField(
                choices=values,
                required=False,
                allow_blank=True,
                help_text=help_text,
                error_messages={"invalid_choice": refusal},
            )
        else:
            fields[name] = serializers.CharField(  # a text; a game's own choices checked by games.options
                max_length=game_options.max_length_of(name),
                required=False,
                allow_blank=True,
                help_text=help_text,
            )
    return fields


class OptionsMixin:
    """A serializer showing or taking the start options (:func:`option_fields`) beside its own fields;
    shown, each option's value is read from the ``options`` the object's :meth:`options_of` gives."""

    options_read_only = True
    options_for_event = False

    def get_fields(self) -> dict[str, serializers.Field]:  # type: ignore[override]
        fields: dict[str, serializers.Field] = super().get_fields()  # type: ignore[misc]
        extra = option_fields(self.options_read_only, self.options_for_event)
        if self.options_read_only:
            for field in extra.values():
                field.source = "*"
        fields.update(extra)
        return fields

    def to_representation(self, instance: object) -> dict[str, object]:
        data: dict[str, object] = super().to_representation(instance)  # type: ignore[misc]
        if self.options_read_only:
            options = self.options_of(instance)
            for name in option_fields(True):
                data[name] = str(options.get(name, ""))
        return data

    def options_of(self, instance: object) -> dict[str, str]:
        return dict(getattr(instance, "options", None) or {})


def game_id(pk: str | None) -> int:
    """The game's id in the address (404 for one that names no game)."""
    if pk is None or not pk.isascii() or not pk.isdigit() or len(pk) > 18:
        raise NotFound(gettext("there is no such game on the service"))
    return int(pk)
