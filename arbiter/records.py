"""The service's own PGN-like record format, shared by every game.

A record is a block of tag pairs, one per line (``[Event "Club night"]``), then the moves as
numbered turns (``1. <white> <black> 2. ...``) and an optional ending.

The record contract every game meets (the service writes its games' records with it, and every
engine reads them with it):

* the ``[Game]`` tag holds the variant's key (``[Game "gipf-standard"]``, :func:`game_tag`); a
  reader also takes the variant's name, as older records write it (:func:`key_of_game_tag`);
* the words after the last move say how the game ended (:data:`ENDING_WORDS`, read by
  :func:`read_ending` into an :class:`Ending`, written by :attr:`Ending.text`): a result (``1-0``,
  ``0-1``, ``1/2-1/2``) when the rules ended it; ``resign`` (the player to move resigned); ``time``
  (the player to move lost on time); ``arbiter 1-0`` (an arbiter's adjudication, any result);
  ``*`` (no result: unfinished, or annulled by an arbiter); nothing (unfinished, or the rules'
  end). What the ending gives against the position reached is :func:`judge_ending`'s.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import TypeVar, cast

from arbiter.errors import (
    ArbiterError,
    InvalidNotationError,
    InvalidRecordError,
    Message,
    UnreadableRecordError,
    gettext_noop,
)
from arbiter.turns import alternating, turns
from arbiter.verdict import Result, Termination, TerminationCode

TAG_RE = re.compile(r'^\s*\[\s*([A-Za-z][A-Za-z0-9_]*)\s+"((?:[^"\\]|\\.)*)"\s*\]\s*$')
MOVE_NUMBER_RE = re.compile(r"^\d+\.+$")
#: a move number opening a token, alone (``12.``) or glued to its move (``12.e4``); the look-behind
#: starts a match only at a token's start, which keeps the search linear in the text
MOVE_NUMBER_PREFIX_RE = re.compile(r"(?<!\S)\d+\.+")

# Standard tag order when writing a record.
TAG_ORDER = ("Event", "Site", "Date", "Round", "White", "Black", "Game", "Result")


#: the tag naming the game: the variant's key
GAME_TAG = "Game"

# The ending words (after the last move), the same in every game.
RESIGN = "resign"  # the player to move resigned: he loses
TIME = "time"  # the player to move ran out of time: he loses
ARBITER = "arbiter"  # followed by a result: an arbiter's adjudication
UNFINISHED = "*"  # no result: the record stops before the end, or an arbiter annulled the game
AGREED = "draw"  # the players agreed a draw, in a game whose results include one: 1/2-1/2
RESULT_WORDS = tuple(str(result) for result in Result)  # a result: the rules' end
#: every word that starts a record's ending (the first of them ends the moves)
ENDING_WORDS = frozenset({RESIGN, TIME, ARBITER, UNFINISHED, AGREED, *RESULT_WORDS})

# The kinds of ending (:attr:`Ending.kind`).
NONE, RESULT = "", "result"


@dataclass(frozen=True)
class Ending:
    """How a record says its game ended: ``kind`` (:data:`NONE`: nothing written, :data:`RESULT`,
    :data:`RESIGN`, :data:`TIME`, :data:`ARBITER`, :data:`AGREED`, :data:`UNFINISHED`) and the written result (of
    :data:`RESULT` and :data:`ARBITER`)."""

    kind: str = NONE
    result: Result | None = None

    @property
    def text(self) -> str:
        """The ending as a record writes it ("" for none)."""
        if self.kind == RESULT:
            return str(self.result)
        if self.kind == ARBITER:
            return f"{ARBITER} {self.result}"
        return self.kind


def game_tag(key: str) -> dict[str, str]:
    """The ``[Game]`` tag of a record of the variant ``key``: its key."""
    return {GAME_TAG: key}


def _normal(text: str) -> str:
    return " ".join(text.strip().lower().replace("-", " ").split())


def key_of_game_tag(value: str, names: Mapping[str, str]) -> str | None:
    """The variant a ``[Game]`` tag names, of the variants ``names`` (key to name): its key, or its
    name as older records write it, in any case, hyphens and spaces alike; None when none."""
    written = _normal(value)
    for key, name in names.items():
        if written in (_normal(key), _normal(name)):
            return key
    return None


def tagged_game(text: str, names: Mapping[str, str]) -> str | None:
    """The variant of ``names`` that a tagged record's ``[Game]`` tag names (:func:`key_of_game_tag`);
    None when it names none of them, or the text is no tagged record that can be read: a game's
    ``claims_record``."""
    try:
        record = parse_tagged(text)
    except ArbiterError:
        return None
    return key_of_game_tag(record.tags.get(GAME_TAG, ""), names)


def split_ending(tokens: Sequence[str]) -> tuple[list[str], list[str]]:
    """A record's tokens cut into its moves and its ending words (from the first ending word on)."""
    cut = next((index for index, token in enumerate(tokens) if token in ENDING_WORDS), len(tokens))
    return list(tokens[:cut]), list(tokens[cut:])


def read_ending(words: Sequence[str], results: Sequence[str] = RESULT_WORDS) -> Ending:
    """The ending the words after the last move write (``results``: the results the game knows);
    an :class:`InvalidNotationError` naming the words when they are no ending."""
    if not words:
        return Ending()
    first, rest = words[0], list(words[1:])
    if first in (RESIGN, TIME, UNFINISHED) and not rest:
        return Ending(first)
    if first == AGREED and Result.DRAW in results and not rest:  # only a game that can be drawn
        return Ending(AGREED)
    if first in results and not rest:
        return Ending(RESULT, Result(first))
    if first == ARBITER and len(rest) == 1 and rest[0] in results:
        return Ending(ARBITER, Result(rest[0]))
    raise InvalidNotationError(
        gettext_noop("the record must end with one of {words}; got '{word}'"),
        words=", ".join(
            [
                *results,
                RESIGN,
                TIME,
                *(f"{ARBITER} {result}" for result in results),
                *([AGREED] if Result.DRAW in results else []),
                UNFINISHED,
            ]
        ),
        word=" ".join(words),
    )


def judge_ending(
    ending: Ending, to_move: int, natural: tuple[Result, TerminationCode] | None
) -> tuple[Result | None, TerminationCode]:
    """The result and termination of a game whose record ends so in a position where ``to_move``
    is to move, ``natural`` the rules' end there (None when play goes on); an
    :class:`InvalidRecordError` when the ending contradicts the position."""
    if natural is not None:
        if ending.kind in (NONE, UNFINISHED) or (ending.kind == RESULT and ending.result == natural[0]):
            return natural
        raise InvalidRecordError(
            gettext_noop("the record ends with '{word}' but the game is over, so the result is {result}"),
            word=ending.text,
            result=str(natural[0]),
        )
    if ending.kind in (RESIGN, TIME):
        termination = Termination.RESIGNATION if ending.kind == RESIGN else Termination.TIME
        return Result.won_by(1 - to_move), termination
    if ending.kind == ARBITER:
        return ending.result, Termination.ARBITER
    if ending.kind == AGREED:
        return Result.DRAW, Termination.AGREEMENT
    if ending.kind == RESULT:
        raise InvalidRecordError(
            gettext_noop(
                "the record ends with '{word}' but the game is not over (write 'resign', 'time' or 'arbiter {word}')"
            ),
            word=ending.text,
        )
    return None, Termination.UNFINISHED


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


#: what :func:`read_once` has read in the current :func:`reading_once` block (None outside one)
_READ: ContextVar[dict[tuple[object, str], object] | None] = ContextVar("records_read", default=None)

Read = TypeVar("Read")


@contextmanager
def reading_once() -> Iterator[None]:
    """A block (the registry's one replay of a record) in which :func:`read_once` reads each text
    once: finding the game a record belongs to and replaying it then share one reading."""
    outer = _READ.get()
    token = _READ.set({} if outer is None else outer)  # within another block: that block's readings
    try:
        yield
    finally:
        _READ.reset(token)


def read_once(read: Callable[[str], Read], text: str) -> Read:
    """``read(text)``, computed once per text within a :func:`reading_once` block (every time
    outside one). ``read`` must give a value nobody changes; what it raises is raised each time."""
    memo = _READ.get()
    if memo is None:
        return read(text)
    key = (read, text)
    if key not in memo:
        memo[key] = read(text)
    return cast(Read, memo[key])


def parse_tagged(text: str) -> TaggedRecord:
    """Split a tagged record into its tags and its move tokens (move numbers dropped); read once
    within a :func:`reading_once` block, each caller getting its own copy."""
    tags, tokens = read_once(_read_tagged, text)
    return TaggedRecord(tags=dict(tags), tokens=list(tokens))


def _read_tagged(text: str) -> tuple[dict[str, str], tuple[str, ...]]:
    tags: dict[str, str] = {}
    lines = text.splitlines()
    body = ""
    for number, line in enumerate(lines, start=1):
        stripped = line.strip()
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
        body = " ".join(rest.strip() for rest in lines[number - 1 :])  # the moves, from here on
        break
    body = MOVE_NUMBER_PREFIX_RE.sub("", strip_comments(body))
    return tags, tuple(body.split())


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


def random_tags(
    tags: dict[str, str] | None, last: Mapping[str, str | None], *, site: bool = True
) -> dict[str, str]:
    """The tags of a random game's record: the defaults (with ``[Site "arbiter"]`` when ``site``),
    ``tags`` over them, then ``last`` in order (a tag given None left out)."""
    header = {"Event": "random game", "Site": "arbiter", "White": "random", "Black": "random"}
    if not site:
        del header["Site"]
    header.update(tags or {})
    header.update({name: value for name, value in last.items() if value is not None})
    return header


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


# --------------------------------------------------------------------------- a record's one flaw


@dataclass(frozen=True)
class Flaw:
    """What keeps a record from being read as it stands, and where: its line (1-based) and why."""

    line: int
    reason: Message


def read_flawed(text: str) -> tuple[dict[str, str], list[Flaw], str]:
    """A record read leniently, for the refusal of one that cannot be read as it stands (the
    registry's, :func:`arbiter.registry.replay`): its tags (a malformed tag line skipped), its flaws
    (each malformed tag line; a comment never closed) and its text mended (those lines left out,
    the comment and what follows it cut), so that the game it is can still be found."""
    tags: dict[str, str] = {}
    flaws: list[Flaw] = []
    kept: list[tuple[int, str]] = []  # (its number in the text, the line)
    in_tags = True
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if in_tags and stripped:
            match = TAG_RE.match(stripped)
            if match:
                tags[match.group(1)] = match.group(2).replace('\\"', '"').replace("\\\\", "\\")
            elif stripped.startswith("["):
                reason = Message(gettext_noop("malformed tag pair: {line}"), {"line": _quoted(stripped)})
                flaws.append(Flaw(number, reason))
                continue
            else:
                in_tags = False
        kept.append((number, line))
    mended = "\n".join(line for _number, line in kept)
    opened = _unclosed_comment(mended)
    if opened is not None:
        comment = mended[opened : opened + 31].split("\n")[0].rstrip()
        reason = Message(
            gettext_noop("the comment {comment} is never closed: a comment ends with }}"),
            {"comment": _quoted(comment + ("…" if len(mended) - opened > len(comment) else ""))},
        )
        flaws.append(Flaw(kept[mended.count("\n", 0, opened)][0], reason))
        mended = mended[:opened]
    return tags, sorted(flaws, key=lambda flaw: flaw.line), mended


def trailing(text: str) -> Flaw | None:
    """The line that follows a record's end (its ending words, read whole: ``1-0``, ``resign``,
    ``arbiter 1-0`` ...), which nothing may follow; None when no line does (words after the end on
    its own line are the game's reading's to name), the text has no end, or it cannot be read (an
    unclosed comment: :func:`read_flawed`)."""
    if _unclosed_comment(text) is not None:
        return None
    blanked = _blank_comments(text)
    words: list[tuple[int, str]] = []  # (line, token) of the moves and what follows them
    in_tags = True
    for number, line in enumerate(blanked.splitlines(), start=1):
        stripped = line.strip()
        if in_tags and (not stripped or stripped.startswith("[")):
            continue
        in_tags = False
        words.extend((number, token) for token in MOVE_NUMBER_PREFIX_RE.sub("", line).split())
    start = next((index for index, (_line, token) in enumerate(words) if token in ENDING_WORDS), None)
    if start is None:
        return None
    for length in (1, 2):
        try:
            ending = read_ending([token for _line, token in words[start : start + length]])
        except ArbiterError:
            continue
        rest = words[start + length :]
        if not rest or rest[0][0] == words[start + length - 1][0]:
            return None  # nothing after it, or words on its own line: the game's reading says what
        number = rest[0][0]
        after = " ".join(token for line, token in rest if line == number)
        return Flaw(
            number,
            Message(
                gettext_noop("{words} follows the record's end '{end}': nothing may follow it"),
                {"words": _quoted(after[:60] + ("…" if len(after) > 60 else "")), "end": ending.text},
            ),
        )
    return None


def _quoted(text: str) -> str:
    return repr(text)


def _unclosed_comment(text: str) -> int | None:
    """Where the first comment never closed opens, or None (a linear scan, as :func:`strip_comments`)."""
    position = 0
    while True:
        start = text.find("{", position)
        if start < 0:
            return None
        end = text.find("}", start + 1)
        if end < 0:
            return start
        position = end + 1


def _blank_comments(text: str) -> str:
    """The comments blanked out, their line breaks kept (the lines keep their numbers)."""
    parts: list[str] = []
    position = 0
    while True:
        start = text.find("{", position)
        end = text.find("}", start + 1) if start >= 0 else -1
        if start < 0 or end < 0:
            parts.append(text[position:])
            return "".join(parts)
        parts.append(text[position:start])
        parts.append(" " + "\n" * text.count("\n", start, end))
        position = end + 1


def small_number(text: str, digits: int = 6) -> int | None:
    """``text`` as a number when it is 1 to ``digits`` ASCII digits, else None.

    ``str.isdigit`` also accepts superscripts and other scripts' digits, which ``int`` refuses,
    and ``int`` refuses numbers of more than 4,300 digits: records are read through this instead.
    """
    if not 1 <= len(text) <= digits or not text.isascii() or not text.isdigit():
        return None
    return int(text)
