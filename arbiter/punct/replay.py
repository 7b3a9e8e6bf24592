"""Reading PÜNCT records and replaying them to a verdict; writing them.

A record is the service's tagged format (:mod:`arbiter.records`): tag pairs with ``[Game "punct"]``
(``PÜNCT`` and ``punct-standard`` are read too; ``punct-basic`` is claimed and refused: the basic
game is not played here), no ``[Setup]``, then one token a turn numbered in pairs (White, Black),
then maybe the ending words of the record contract. A refusal names the ply (the turn, 1-based).

Rules at home here: which records are PÜNCT's, how a record's ending meets the rules' end (the
record contract's :func:`arbiter.records.judge_ending`, with PÜNCT's own reason when the words
contradict it) and a list of turns read as a position (:func:`position_of_turns`: the
specification's positions are given by their turns from the start).
"""

from __future__ import annotations

from arbiter.engine import Tracer
from arbiter.errors import (
    ArbiterError,
    InvalidRecordError,
    UnknownGameError,
    UnreadableRecordError,
    gettext_noop,
)
from arbiter.punct.ends import ending
from arbiter.punct.play import Step, describe_end, play_text
from arbiter.punct.position import START, Position
from arbiter.punct.spec import BASIC_TAGS, GAME, GAME_TAGS
from arbiter.records import (
    GAME_TAG,
    MOVE_NUMBER_PREFIX_RE,
    check_result_tag,
    format_record,
    game_tag,
    has_tag_block,
    parse_tagged,
    split_ending,
    strip_comments,
)
from arbiter.replaying import judge_end, play_tokens
from arbiter.verdict import Result, TerminationCode, Verdict


def _tag_word(value: str) -> str:
    return "-".join(value.strip().lower().split())


def is_punct_record(text: str) -> bool:
    """A tagged record whose Game tag names PÜNCT (the standard game, or the basic one to refuse it)."""
    if not has_tag_block(text):
        return False
    try:
        tags = parse_tagged(text).tags
    except ArbiterError:
        return False
    return _tag_word(tags.get(GAME_TAG, "")) in (*GAME_TAGS, *BASIC_TAGS)


def judge(words: list[str], position: Position) -> tuple[Result | None, TerminationCode]:
    """The result and how the game ended, from the position after the last turn and the words
    written after it (:func:`arbiter.replaying.judge_end`)."""
    return judge_end(words, position.to_move, ending(position), describe_end)


def _check_tags(tags: dict[str, str], game: str | None) -> None:
    if game is not None and game != GAME:
        raise UnknownGameError(gettext_noop("the PÜNCT engine does not play '{game}'"), game=game)
    written = _tag_word(tags.get(GAME_TAG, ""))
    if written in BASIC_TAGS:
        raise InvalidRecordError(
            gettext_noop('the basic game of PÜNCT is not played here: only the standard game, [Game "punct"]')
        )
    if GAME_TAG in tags and written not in GAME_TAGS:
        raise InvalidRecordError(gettext_noop("the Game tag says {tag}, not PÜNCT"), tag=repr(tags[GAME_TAG]))
    if "Setup" in tags:
        raise InvalidRecordError(gettext_noop("a PÜNCT game has one start: its record has no Setup tag"))


def _written(step: Step, token: str) -> str:
    return step.notation()


def replay_text(text: str, game: str | None = None, trace: Tracer | None = None) -> Verdict:
    """Replay a PÜNCT record (``game`` forces the game key); errors in the record are in the verdict."""
    if game is not None and game != GAME:
        raise UnknownGameError(gettext_noop("the PÜNCT engine does not play '{game}'"), game=game)
    if not is_punct_record(text) and not (game == GAME and has_tag_block(text)):
        raise UnreadableRecordError(gettext_noop('not a PÜNCT record (tag pairs with [Game "punct"])'))
    record = parse_tagged(text)
    verdict = Verdict(game=GAME, valid=False, tags=dict(record.tags))
    position = START
    before = position.text()
    verdict.final_position = before
    try:
        _check_tags(record.tags, game)
    except ArbiterError as exc:
        verdict.error = exc
        return verdict
    turns, words = split_ending(record.tokens)
    played = play_tokens(verdict, position, turns, play_text, _written, trace)
    if played is None:
        return verdict
    position, before = played, played.text()
    try:
        result, termination = judge(words, position)
        check_result_tag(record.tags, result)
    except ArbiterError as exc:
        verdict.error = exc.at(ply=verdict.plies + 1, move=" ".join(words), position=before)
        return verdict
    end = ending(position)
    verdict.score = None if end is None else end.centre
    verdict.valid, verdict.result, verdict.termination = True, result, termination
    return verdict


def position_of_turns(text: str) -> Position:
    """The position a list of turns from the start reaches (``1. T:i4,h4,i5 L:g3,f3,f4 ...``, move
    numbers and a record's tags allowed); the refused turn's error, naming its ply, otherwise."""
    body = text
    if has_tag_block(text):
        body = " ".join(parse_tagged(text).tokens)
    tokens = MOVE_NUMBER_PREFIX_RE.sub("", strip_comments(body)).split()
    turns, _words = split_ending(tokens)
    position = START
    for ply, token in enumerate(turns, start=1):
        position = play_text(position, token, ply).position
    return position


def write_record(turns: list[str], tags: dict[str, str], ending_words: str | None) -> str:
    """A record of a game from the start with its turns (one a ply)."""
    return format_record({**tags, **game_tag(GAME)}, turns, ending_words)
