"""Replaying YINSH records to verdicts.

A YINSH record is the service's tagged format (:mod:`arbiter.records`): a ``[Game "yinsh"]`` or
``[Game "yinsh-blitz"]`` tag (the key; the names ``YINSH`` and ``YINSH blitz`` older records write are
read too: :func:`arbiter.records.key_of_game_tag`), then the turns, numbered in pairs, each its
decisions joined by ``;`` (Y-4), and the ending words of the record contract. A record without the
Game tag is not claimed: its moves read as GIPF or DVONN moves too.

Rules at home here: how a record's ending meets YINSH's end (:func:`judge`: the contract's
:func:`arbiter.records.judge_ending`, with YINSH's own reason when the ending words contradict an
end by the rules) and what a record must agree with (its Result tag). Each turn is played by :func:`arbiter.yinsh.play.play_turn`, which holds
the reasons a decision is refused.
"""

from __future__ import annotations

from arbiter.engine import Tracer
from arbiter.errors import ArbiterError, gettext_noop
from arbiter.records import (
    check_result_tag,
    has_tag_block,
    key_of_game_tag,
    parse_tagged,
    split_ending,
    tagged_game,
)
from arbiter.replaying import judge_end, opened_verdict, play_tokens
from arbiter.verdict import Result, TerminationCode, Verdict
from arbiter.yinsh.play import describe_end, play_text
from arbiter.yinsh.position import Position, format_position, start_position
from arbiter.yinsh.rules import ending
from arbiter.yinsh.spec import GAMES, NAMES


def game_from_tag(value: str) -> str | None:
    """The game key a Game tag names (``yinsh-blitz``, or ``YINSH blitz`` as older records write it),
    None if not YINSH."""
    return key_of_game_tag(value, NAMES)


def is_yinsh_record(text: str) -> bool:
    return has_tag_block(text) and tagged_game(text, NAMES) is not None


def judge(words: list[str], pos: Position) -> tuple[Result | None, TerminationCode]:
    """The result and how the game ended, from the position after the last turn and the ending
    words written after it (:func:`arbiter.replaying.judge_end`)."""
    end = ending(pos)
    return judge_end(words, pos.to_move, end, lambda end: describe_end(end, pos))


def replay_text(text: str, game: str | None = None, trace: Tracer | None = None) -> Verdict:
    """Replay a YINSH record (``game`` forces the game key); errors in the record are in the verdict."""
    record = parse_tagged(text)
    tags = record.tags
    verdict = opened_verdict(
        tags,
        game,
        GAMES,
        game_from_tag,
        NAMES,
        gettext_noop("'{game}' is not a YINSH game"),
        gettext_noop('a YINSH record names its game: [Game "yinsh"] or [Game "yinsh-blitz"]'),
    )
    if verdict.error is not None:
        return verdict
    key = verdict.game
    moves, words = split_ending(record.tokens)
    # a turn is written as the record writes it (its token)
    pos = play_tokens(verdict, start_position(key), moves, play_text, lambda _step, token: token, trace)
    if pos is None:
        return verdict
    before = format_position(pos)
    verdict.score = pos.removed
    try:
        result, termination = judge(words, pos)
        check_result_tag(tags, result)
    except ArbiterError as exc:
        verdict.error = exc.at(position=before)
        return verdict
    verdict.valid = True
    verdict.result = result
    verdict.termination = termination
    return verdict
