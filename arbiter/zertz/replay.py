"""Replaying ZÈRTZ records to verdicts, and writing them.

A ZÈRTZ record is the service's tagged format (:mod:`arbiter.records`, ZT-15): a ``[Game]`` tag with
the key (``zertz-standard``, ``zertz-blitz``, ``zertz-tournament``; the names ``ZÈRTZ``, ``ZÈRTZ
blitz``, ``ZÈRTZ tournament``, with or without the accent, are read too), then the turns numbered in
pairs (White, Black), one token a turn (ZT-14), then the ending words of the record contract. A
record without the Game tag is not claimed: its turns could be another game's.

Rules at home here: how a record's ending meets ZÈRTZ's end (:func:`judge`: the contract's
:func:`arbiter.records.judge_ending`, with ZÈRTZ's own reason when the ending words contradict an
end by the rules) and that its Result tag agrees. Each turn is played by
:func:`arbiter.zertz.play.play_text`, which holds the reasons a turn is refused.
"""

from __future__ import annotations

from arbiter.engine import Tracer
from arbiter.errors import ArbiterError, gettext_noop
from arbiter.records import (
    check_result_tag,
    format_record,
    game_tag,
    has_tag_block,
    key_of_game_tag,
    parse_tagged,
    split_ending,
    tagged_game,
)
from arbiter.replaying import judge_end, opened_verdict, play_tokens
from arbiter.verdict import Result, TerminationCode, Verdict
from arbiter.zertz.play import Step, describe_end, play_text
from arbiter.zertz.position import Position, start_position
from arbiter.zertz.rules import ending
from arbiter.zertz.spec import GAMES, NAMES, PLAIN_NAMES


def game_from_tag(value: str) -> str | None:
    """The game key a Game tag names (its key or its name, with or without the accent), None if no
    ZÈRTZ variant."""
    return key_of_game_tag(value, NAMES) or key_of_game_tag(value, PLAIN_NAMES)


def is_zertz_record(text: str) -> bool:
    return has_tag_block(text) and (
        tagged_game(text, NAMES) is not None or tagged_game(text, PLAIN_NAMES) is not None
    )


def judge(words: list[str], position: Position) -> tuple[Result | None, TerminationCode]:
    """The result and how the game ended, from the position after the last turn and the ending
    words written after it (:func:`arbiter.replaying.judge_end`)."""
    end = ending(position)
    return judge_end(words, position.to_move, end, lambda end: describe_end(end, position))


def _written(step: Step, token: str) -> str:
    return step.notation


def replay_text(text: str, game: str | None = None, trace: Tracer | None = None) -> Verdict:
    """Replay a ZÈRTZ record (``game`` forces the game key); errors in the record are in the verdict."""
    record = parse_tagged(text)
    tags = record.tags
    verdict = opened_verdict(
        tags,
        game,
        GAMES,
        game_from_tag,
        NAMES,
        gettext_noop("'{game}' is not a ZÈRTZ game"),
        gettext_noop(
            'a ZÈRTZ record names its game: [Game "zertz-standard"], "zertz-blitz" or "zertz-tournament"'
        ),
    )
    if verdict.error is not None:
        return verdict
    key = verdict.game
    moves, words = split_ending(record.tokens)
    position = play_tokens(verdict, start_position(key), moves, play_text, _written, trace)
    if position is None:
        return verdict
    before = position.text()
    try:
        result, termination = judge(words, position)
    except ArbiterError as exc:  # the ending words, named as the record's next ply
        verdict.error = exc.at(ply=verdict.plies + 1, move=" ".join(words), position=before)
        return verdict
    try:
        check_result_tag(tags, None if result is None else str(result))
    except ArbiterError as exc:
        verdict.error = exc.at(position=before)
        return verdict
    verdict.valid = True
    verdict.result = result
    verdict.termination = termination
    return verdict


def write_record(game: str, moves: list[str], tags: dict[str, str], ending_words: str | None) -> str:
    """A record of a game of ``game`` with its turns (one token each) and its ending words."""
    return format_record({**tags, **game_tag(game)}, moves, ending_words)
