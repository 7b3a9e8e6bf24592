"""The service's own PGN-like record format, shared by every game.

A record is a block of tag pairs, one per line (``[Event "Club night"]``), then the moves as
numbered turns (``1. <white> <black> 2. ...``) and an optional termination token. Games decide
which termination tokens they accept; this module only splits the text.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from arbiter.errors import InvalidRecordError, UnreadableRecordError, gettext_noop
from arbiter.turns import alternating, turns

TAG_RE = re.compile(r'^\s*\[\s*([A-Za-z][A-Za-z0-9_]*)\s+"((?:[^"\\]|\\.)*)"\s*\]\s*$')
MOVE_NUMBER_RE = re.compile(r"^\d+\.+$")

# Standard tag order when writing a record.
TAG_ORDER = ("Event", "Site", "Date", "Round", "White", "Black", "Game", "Result")


@dataclass
class TaggedRecord:
    tags: dict[str, str] = field(default_factory=dict)
    tokens: list[str] = field(default_factory=list)  # move tokens with the move numbers removed


def has_tag_block(text: str) -> bool:
    """True when the text opens with at least one tag pair line."""
    for line in text.splitlines():
        if not line.strip():
            continue
        return TAG_RE.match(line) is not None
    return False


def parse_tagged(text: str) -> TaggedRecord:
    """Split a tagged record into its tags and its move tokens (move numbers dropped)."""
    tags: dict[str, str] = {}
    body_lines: list[str] = []
    in_tags = True
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if in_tags:
            if not stripped:
                continue
            match = TAG_RE.match(stripped)
            if match:
                tags[match.group(1)] = match.group(2).replace('\\"', '"').replace("\\\\", "\\")
                continue
            if stripped.startswith("["):
                raise UnreadableRecordError(
                    gettext_noop("line {number}: malformed tag pair: {stripped}"),
                    number=number,
                    stripped=repr(stripped),
                )
            in_tags = False
        body_lines.append(stripped)
    body = strip_comments(" ".join(body_lines))
    tokens = []
    for token in body.split():
        if MOVE_NUMBER_RE.match(token):
            continue
        # "12.e4" style: a number glued to a move
        glued = re.match(r"^(\d+)\.+(\S+)$", token)
        if glued:
            token = glued.group(2)
        tokens.append(token)
    return TaggedRecord(tags=tags, tokens=tokens)


def format_tags(tags: dict[str, str]) -> str:
    ordered = [key for key in TAG_ORDER if key in tags] + sorted(k for k in tags if k not in TAG_ORDER)
    lines = []
    for key in ordered:
        value = tags[key].replace("\\", "\\\\").replace('"', '\\"')
        lines.append(f'[{key} "{value}"]')
    return "\n".join(lines)


def format_turns(
    moves: list[str], termination: str | None = None, per_line: int = 8, movers: Sequence[int] | None = None
) -> str:
    """Number the moves (White's ply and Black's answer, :mod:`arbiter.turns`; ``movers`` says who
    made each ply, strict alternation when omitted) and wrap them, ending with the termination. A
    move Black opens is written ``N...``."""
    parts: list[str] = []
    numbered = turns(alternating(len(moves)) if movers is None else movers)
    for move, turn in zip(moves, numbered, strict=True):
        if turn.opens:
            parts.append(f"{turn.number}{'.' if turn.mover == 0 else '...'} {move}")
        else:
            parts[-1] = f"{parts[-1]} {move}"
    lines = [" ".join(parts[i : i + per_line]) for i in range(0, len(parts), per_line)]
    if termination:
        if lines:
            lines[-1] = f"{lines[-1]} {termination}"
        else:
            lines = [termination]
    return "\n".join(lines)


def format_record(
    tags: dict[str, str],
    moves: list[str],
    termination: str | None = None,
    movers: Sequence[int] | None = None,
) -> str:
    return format_tags(tags) + "\n\n" + format_turns(moves, termination, movers=movers) + "\n"


def check_result_tag(tags: dict[str, str], result: str | None) -> None:
    """A ``[Result]`` tag other than ``*`` must agree with the result the arbiter derived."""
    written = tags.get("Result", "").strip()
    if written in ("", "*", "?"):
        return
    if result is None:
        raise InvalidRecordError(
            gettext_noop("the Result tag says {written} but the game is not over"), written=written
        )
    if written != result:
        raise InvalidRecordError(
            gettext_noop("the Result tag says {written} but the play gives {result}"),
            written=written,
            result=result,
        )


def strip_comments(text: str) -> str:
    """Each ``{...}`` comment replaced by a space; a ``{`` never closed is an
    :class:`UnreadableRecordError` naming the comment (docs/rules.md, records of both games), so a
    record whose end was swallowed by a comment is never read as unfinished.

    A scan with ``str.find``, linear in the text whatever it holds (a regular expression retried
    at every ``{`` of a text full of unclosed ones takes quadratic time).
    """
    parts: list[str] = []
    position = 0
    while True:
        start = text.find("{", position)
        if start < 0:
            parts.append(text[position:])
            return "".join(parts)
        end = text.find("}", start + 1)
        if end < 0:
            comment = text[start : start + 31].rstrip()
            raise UnreadableRecordError(
                gettext_noop("the comment {comment} is never closed: a comment ends with }}"),
                comment=repr(comment + ("…" if len(text) - start > 31 else "")),
            )
        parts.append(text[position:start])
        parts.append(" ")
        position = end + 1


def small_number(text: str, digits: int = 6) -> int | None:
    """``text`` as a number when it is 1 to ``digits`` ASCII digits, else None.

    ``str.isdigit`` also accepts superscripts and other scripts' digits, which ``int`` refuses,
    and ``int`` refuses numbers of more than 4,300 digits: records are read through this instead.
    """
    if not 1 <= len(text) <= digits or not text.isascii() or not text.isdigit():
        return None
    return int(text)
