"""Replaying YINSH records to verdicts.

A YINSH record is the service's tagged format (:mod:`arbiter.records`): a ``[Game "YINSH"]`` or
``[Game "YINSH blitz"]`` tag (the game keys are read too), then the turns, numbered in pairs, each
its decisions joined by ``;`` (Y-4), and an ending. A record without the Game tag is not claimed:
its moves read as GIPF or DVONN moves too.

Rules at home here: how a record ends (:func:`read_ending`, the one reader of the ending words:
nothing or the result after a natural end, ``resign`` or ``time`` by the player to move,
``arbiter`` and a result, ``*`` or nothing while the game goes on) and what a record must agree
with (its Result tag). Each turn is played by :func:`arbiter.yinsh.play.play_turn`, which holds
the reasons a decision is refused.
"""

from __future__ import annotations

from arbiter.engine import PlyTrace, Tracer
from arbiter.errors import (
    ArbiterError,
    InvalidNotationError,
    InvalidRecordError,
    UnreadableRecordError,
    gettext_noop,
)
from arbiter.records import check_result_tag, has_tag_block, parse_tagged
from arbiter.verdict import Result, Termination, TerminationCode, Verdict
from arbiter.yinsh.play import describe_end, play_text, result_of
from arbiter.yinsh.position import Position, format_position, start_position
from arbiter.yinsh.rules import ending
from arbiter.yinsh.spec import GAMES, NAMES

#: the words that end a record's moves
ENDING_WORDS = {"1-0", "0-1", "1/2-1/2", "resign", "time", "arbiter", "*"}


def game_from_tag(value: str) -> str | None:
    """The game key a Game tag names (``YINSH``, ``YINSH blitz``, ``yinsh-blitz``), None if not YINSH."""
    normal = " ".join(value.strip().lower().replace("-", " ").split())
    for key in GAMES:
        if normal in (key.replace("-", " "), NAMES[key].lower()):
            return key
    return None


def is_yinsh_record(text: str) -> bool:
    if not has_tag_block(text):
        return False
    try:
        record = parse_tagged(text)
    except ArbiterError:
        return False
    return game_from_tag(record.tags.get("Game", "")) is not None


def read_ending(words: list[str], pos: Position) -> tuple[Result | None, TerminationCode]:
    """The result and how the game ended, from the position after the last turn and the words
    written after it; :class:`InvalidRecordError` when they disagree."""
    end = ending(pos)
    word = " ".join(words)
    if end is not None:
        if not words or words == [result_of(end)]:
            return result_of(end), end.code
        raise InvalidRecordError(
            gettext_noop(
                "the record ends with '{word}' but the game is over ({end}), so the result is {result}"
            ),
            word=word,
            end=describe_end(end, pos),
            result=result_of(end),
        )
    if not words or words == ["*"]:
        return None, Termination.UNFINISHED
    if words in (["resign"], ["time"]):
        loser = pos.to_move
        return Result.won_by(1 - loser), Termination.RESIGNATION if words[0] == "resign" else Termination.TIME
    if len(words) == 2 and words[0] == "arbiter" and words[1] in tuple(Result):
        return Result(words[1]), Termination.ARBITER
    if len(words) == 1 and words[0] in tuple(Result):
        raise InvalidRecordError(
            gettext_noop(
                "the record ends with '{word}' but the game is not over (write 'resign', 'time' or 'arbiter {word}')"
            ),
            word=word,
        )
    raise InvalidNotationError(
        gettext_noop(
            "the record must end with a result, resign, time, arbiter and a result, or *; got '{word}'"
        ),
        word=word[:60],
    )


def _game_of(tags: dict[str, str], game: str | None) -> str:
    tag_game = game_from_tag(tags.get("Game", ""))
    if game is not None and game not in GAMES:
        raise UnreadableRecordError(gettext_noop("'{game}' is not a YINSH game"), game=game)
    if game is None and tag_game is None:
        raise UnreadableRecordError(
            gettext_noop('a YINSH record names its game: [Game "YINSH"] or [Game "YINSH blitz"]')
        )
    return game or tag_game or GAMES[0]


def replay_text(text: str, game: str | None = None, trace: Tracer | None = None) -> Verdict:
    """Replay a YINSH record (``game`` forces the game key); errors in the record are in the verdict."""
    record = parse_tagged(text)
    tags = record.tags
    key = _game_of(tags, game)
    verdict = Verdict(game=key, valid=False, tags=dict(tags))
    tag_game = game_from_tag(tags.get("Game", ""))
    if "Game" in tags and tag_game != key:
        verdict.error = InvalidRecordError(
            gettext_noop('the Game tag says "{tag}" but the record is replayed as {game}'),
            tag=tags["Game"],
            game=NAMES[key],
        )
        return verdict
    tokens = record.tokens
    cut = next((index for index, token in enumerate(tokens) if token in ENDING_WORDS), len(tokens))
    pos = start_position(key)
    before = format_position(pos)
    for token in tokens[:cut]:
        ply = verdict.plies + 1
        try:
            step = play_text(pos, token, ply)
        except ArbiterError as exc:
            verdict.error = exc
            verdict.final_position = before
            return verdict
        after = format_position(step.position)
        if trace is not None:
            trace(PlyTrace(ply, token, before, after, step.path, step.removed))
        pos, before = step.position, after
        verdict.plies = ply
        verdict.moves.append(token)
    verdict.final_position = before
    verdict.score = pos.removed
    try:
        result, termination = read_ending(tokens[cut:], pos)
        check_result_tag(tags, result)
    except ArbiterError as exc:
        verdict.error = exc.at(position=before)
        return verdict
    verdict.valid = True
    verdict.result = result
    verdict.termination = termination
    return verdict
