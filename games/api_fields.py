"""The API's field for a game key (Django REST framework), apart from :mod:`games.choices` so that
what only needs the registry's choices (models, forms, management commands) does not load DRF."""

from __future__ import annotations

from rest_framework import serializers

from games.choices import game_choices


class GameChoiceField(serializers.ChoiceField):
    """A game key in the API: the registered games, read when the serializer is built."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(choices=game_choices(), **kwargs)
