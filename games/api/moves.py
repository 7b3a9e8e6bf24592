"""A move request's body (``POST /api/play/{id}/move/``): the move in the game's notation and the ply
it expects, read by :class:`MakeMoveSerializer` (the schema's request) or, when plain, as it reads
it without building it (:func:`asked`); a body it refuses is answered in the shape of an illegal move
(:func:`refused_move`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rest_framework import serializers

from games.models import Game
from games.play import errors as play_errors
from games.play import service, state


class MakeMoveSerializer(serializers.Serializer):
    move = serializers.CharField(max_length=service.MAX_MOVE_CHARS, help_text="In the game's record notation")
    expected_ply = serializers.IntegerField(
        min_value=0, help_text="The game's ply as the mover saw it (moves played so far)"
    )


def asked(sent: Any, game: Callable[[], Game]) -> tuple[str, int]:
    """The move and the ply of a request's body. A plain body (a JSON object: the move an ASCII text,
    trimmed, neither blank nor over ``MAX_MOVE_CHARS``, no NUL; the ply a number, at least 0) is read
    as the serializer reads it, without building it; any other is read by the serializer, and a
    refusal raised for ``game()`` (the game, read then) as :func:`refused_move` words it."""
    move, ply = (sent.get("move"), sent.get("expected_ply")) if type(sent) is dict else (None, None)
    text = move.strip() if type(move) is str else ""
    plain = type(ply) is int and ply >= 0 and 0 < len(text) <= service.MAX_MOVE_CHARS
    if plain and text.isascii() and "\x00" not in text:
        return text, ply  # type: ignore[return-value]
    read = MakeMoveSerializer(data=sent)
    if not read.is_valid():
        raise refused_move(game(), sent, read.errors)
    return read.validated_data["move"], read.validated_data["expected_ply"]


def refused_move(game: Game, sent: object, errors: Any) -> play_errors.PlayError:
    """A move request the serializer refuses (no ``expected_ply``, no move) answered in the shape of
    an illegal move: the ply the move would have, the move text sent, the reason, and the fields."""
    name, messages = next(iter(errors.items()))
    reason = str(messages[0])
    move = sent.get("move", "") if isinstance(sent, dict) else ""
    return play_errors.PlayError(
        f"{name}: {reason}",
        code="invalid",
        ply=state.ply_of(game) + 1,
        move=str(move)[: service.MAX_MOVE_CHARS],
        reason=reason,
        fields=errors,
    )
