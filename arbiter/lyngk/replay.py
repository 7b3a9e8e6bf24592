"""Reading LYNGK records and replaying them to a verdict; writing them.

A record is the service's tagged format (L-14): tag pairs with ``[Game "lyngk"]`` (the key, or
``LYNGK``: :func:`arbiter.records.key_of_game_tag`) and the start in ``[Setup]``
(:func:`arbiter.lyngk.notation.read_start_tags`), then the turns numbered in pairs (White, Black),
each turn a move, a claim and its move joined by ``;`` or ``pass``, then maybe an ending word.

Plies count decisions, not turns (L-6): a claim and its move are two plies, and a refused decision is
named by its ply and its own text. Rules at home here: how the decisions of a record group into turns
(a claim comes first and is followed by its move in the same token; a turn that stops after its
claim is refused unless it is the record's last: its player then resigned, lost on time, or the
record is unfinished) and that its ``Result`` tag agrees. How a record ends is the record
contract's (:func:`arbiter.records.judge_ending`: the natural end as
:func:`arbiter.lyngk.play.status_of` says, with a draw when every tie-break is equal; ``resign``,
``time``, ``arbiter`` and a result, ``draw`` agreed, or unfinished).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from arbiter.engine import PlyTrace, Tracer
from arbiter.errors import (
    PLAYER_MESSAGES,
    ArbiterError,
    IllegalMoveError,
    InvalidNotationError,
    InvalidRecordError,
    UnknownGameError,
    UnreadableRecordError,
    gettext_noop,
)
from arbiter.lyngk.notation import parse_decision, read_start_tags, split_turn, start_tags
from arbiter.lyngk.play import play_text, status_of
from arbiter.lyngk.position import Position
from arbiter.lyngk.rules import CLAIM
from arbiter.lyngk.spec import GAME, NAME
from arbiter.records import (
    GAME_TAG,
    check_result_tag,
    format_record,
    game_tag,
    has_tag_block,
    judge_ending,
    key_of_game_tag,
    parse_tagged,
    read_ending,
    split_ending,
    tagged_game,
)
from arbiter.turns import grouped
from arbiter.verdict import Result, TerminationCode, Verdict

#: the names a [Game] tag may give LYNGK: its key, or its name
NAMES = {GAME: NAME}


def is_lyngk_record(text: str) -> bool:
    """A tagged record whose Game tag names LYNGK."""
    return has_tag_block(text) and tagged_game(text, NAMES) == GAME


@dataclass
class _Run:
    position: Position | None = None  # None until the start is read
    plies: int = 0
    moves: list[str] = field(default_factory=list)
    trace: Tracer | None = None


def replay_text(text: str, game: str | None = None, trace: Tracer | None = None) -> Verdict:
    if game is not None and game != GAME:
        raise UnknownGameError(gettext_noop("the LYNGK engine does not play '{game}'"), game=game)
    if not is_lyngk_record(text) and not (game == GAME and has_tag_block(text)):
        raise UnreadableRecordError(gettext_noop('not a LYNGK record (tag pairs with [Game "lyngk"])'))
    record = parse_tagged(text)
    run = _Run(trace=trace)
    try:
        run.position = read_start_tags(record.tags)
        return _replay(record.tags, record.tokens, run)
    except ArbiterError as exc:
        return Verdict(
            game=GAME,
            valid=False,
            plies=run.plies,
            error=exc,
            final_position=None if run.position is None else run.position.text(),
            tags=record.tags,
            moves=run.moves,
        )


def _replay(tags: dict[str, str], tokens: list[str], run: _Run) -> Verdict:
    assert run.position is not None
    written = tags.get(GAME_TAG)
    if written is not None and key_of_game_tag(written, NAMES) != GAME:
        raise InvalidRecordError(
            gettext_noop("the Game tag says {game_tag}, not LYNGK"), game_tag=repr(written)
        )
    turns, words = split_ending(tokens)
    for number, token in enumerate(turns):
        _play_turn(run, token, last=number == len(turns) - 1)
    result, termination = _ending(run, words)
    check_result_tag(tags, None if result is None else str(result))
    return Verdict(
        game=GAME,
        valid=True,
        result=result,
        termination=termination,
        plies=run.plies,
        final_position=run.position.text(),
        tags=tags,
        moves=run.moves,
        score=status_of(run.position).score,
    )


def _play_turn(run: _Run, token: str, last: bool) -> None:
    """Play one turn's decisions: a move, a pass, or a claim then its move (L-14)."""
    assert run.position is not None
    parts = split_turn(token)
    if len(parts) > 2 or (len(parts) == 2 and not _is_claim(parts[0])):
        _refuse_token(run, token, gettext_noop("a turn is one move, after at most one claim (like R;c3-d4)"))
    for written in parts:
        before = run.position
        step = play_text(before, written, run.plies + 1)
        run.position = step.position
        run.plies += 1
        run.moves.append(step.notation())
        if run.trace is not None:
            run.trace(
                PlyTrace(
                    run.plies, step.notation(), before.text(), step.position.text(), step.path, step.removed
                )
            )
    if run.position.claimed and not last:
        raise IllegalMoveError(
            gettext_noop(
                "{player}'s turn {turn} stops after its claim: its move follows after ';' (like {turn};c3-d4)"
            ),
            ply=run.plies + 1,
            move=token,
            position=run.position.text(),
            player=PLAYER_MESSAGES[run.position.to_move],
            turn=token,
        )


def _is_claim(written: str) -> bool:
    try:
        return parse_decision(written).kind == CLAIM
    except InvalidNotationError:
        return False


def _refuse_token(run: _Run, token: str, template: str) -> None:
    assert run.position is not None
    raise InvalidNotationError(
        template, ply=run.plies + 1, move=token, position=run.position.text(), token=token[:40]
    )


def _ending(run: _Run, words: list[str]) -> tuple[Result | None, TerminationCode]:
    """The result and termination of the record: the rules' end or the ending words' (the record
    contract's; a draw by the rules or agreed)."""
    assert run.position is not None
    status = status_of(run.position)
    natural = None
    if status.ended:
        assert status.result is not None and status.termination is not None
        natural = (status.result, status.termination)
    try:
        return judge_ending(read_ending(words), run.position.to_move, natural)
    except ArbiterError as exc:
        raise exc.at(ply=run.plies + 1, move=" ".join(words), position=run.position.text()) from None


# ---------------------------------------------------------------------------------------------
# Writing


def continuations(moves: Sequence[str]) -> list[bool]:
    """Which of a game's decisions (one a ply, from its start) continue their mover's turn: a move
    right after a claim (L-6: one turn, one move number). A claim is one letter."""
    return [index > 0 and len(moves[index - 1]) == 1 for index in range(len(moves))]


def write_record(start: Position, moves: list[str], tags: dict[str, str], ending: str | None) -> str:
    """A record of the game from ``start`` with its decisions (one a ply), grouped in turns."""
    all_tags = {**tags, **game_tag(GAME), **start_tags(start)}
    return format_record(all_tags, grouped(moves, continuations(moves)), ending)
