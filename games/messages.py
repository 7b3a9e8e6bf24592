"""The arbiter's words in the reader's language: the reason a record or move was refused, and the
words on the boards.

The arbiter stays English: each error carries its English ``template`` (``{name}`` placeholders,
marked with :func:`arbiter.errors.gettext_noop`) and its ``params``, also kept in a stored
verdict's JSON. Here the template is translated with the active language's catalogue and filled
with the same params: moves, spots and numbers stay as written, a nested message (a player's
colour, "White's rows") is translated in turn. A verdict stored before templates existed, or a
template the catalogue does not know, falls back to the English reason.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

from django.utils.translation import gettext

from arbiter import registry
from arbiter.errors import ArbiterError, Message, params_json


class StoredRefusal(Protocol):
    """What a submitted record keeps of a refusal (:class:`games.models.SubmittedRecord`)."""

    verdict: object
    error_reason: str


def _fill(template: str, params: Mapping[str, object]) -> str:
    values = {key: _param(value) for key, value in params.items()}
    try:
        return gettext(template).format(**values)
    except (KeyError, IndexError, ValueError):  # a translation with a broken placeholder
        return template.format(**values)


def _param(value: object) -> object:
    if isinstance(value, Mapping) and isinstance(value.get("template"), str):
        return _fill(value["template"], value.get("params") or {})
    return value


def _from_json(error: Mapping[str, object]) -> str | None:
    template, params = error.get("template"), error.get("params")
    if not isinstance(template, str) or not isinstance(params, Mapping):
        return None
    try:
        return _fill(template, params)
    except (KeyError, IndexError, ValueError):
        return None


def arbiter_message(source: ArbiterError | Mapping[str, object] | StoredRefusal) -> str:
    """Why the arbiter refused, in the active language.

    ``source`` is an :class:`ArbiterError`, an error's JSON (``error.to_json()``), a verdict's JSON
    (``verdict.to_json()``, its ``error``) or a submitted record (its stored verdict, else its
    stored reason).
    """
    if isinstance(source, ArbiterError):
        return (
            _from_json({"template": source.template, "params": params_json(source.params)}) or source.reason
        )
    if isinstance(source, Mapping):
        error = source.get("error") if "error" in source else source
        if not isinstance(error, Mapping):
            return ""
        reason = error.get("reason")
        return _from_json(error) or (reason if isinstance(reason, str) else "")
    verdict = source.verdict
    if isinstance(verdict, Mapping):
        error = verdict.get("error")
        if isinstance(error, Mapping) and error.get("reason") == source.error_reason:
            return _from_json(error) or source.error_reason
    return source.error_reason


def where(ply: int | None, move: str | None) -> str:
    """ "ply 6, move 'e3-e5'" in the active language (empty when neither is known)."""
    parts = []
    if ply is not None:
        parts.append(gettext("ply %(ply)s") % {"ply": ply})
    if move:
        parts.append(gettext("move '%(move)s'") % {"move": move})
    return ", ".join(parts)


def arbiter_description(error: ArbiterError) -> str:
    """One line: where it went wrong and why (:meth:`ArbiterError.describe`, translated)."""
    prefix = where(error.ply, error.move)
    return (prefix + ": " if prefix else "") + arbiter_message(error)


def board_labels(game: str) -> dict[str, str]:
    """The words on the boards of ``game`` (:func:`arbiter.registry.board_labels`) in the active language."""
    return {key: gettext(template) for key, template in registry.board_labels(game).items()}


def message_text(message: Message) -> str:
    """An arbiter's phrase (:class:`arbiter.errors.Message`: "red and blue") in the active language."""
    return _from_json(message.to_json()) or str(message)
