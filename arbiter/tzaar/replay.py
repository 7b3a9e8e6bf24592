"""Reading TZAAR records and replaying them to a verdict; writing them.

A record is the service's tagged format: tag pairs with ``[Game "TZAAR"]`` and the start in
``[Setup]`` (:func:`arbiter.tzaar.notation.read_start_tags`), then the turns numbered in pairs
(White, Black), each turn its one or two moves joined by ``;`` (Z-6), then maybe an ending word.

Plies count moves (steps), not turns: a turn of two moves is two plies, and a refused move is named
by its ply and its own text. Rules at home here: how the moves of a record group into turns (a turn
token holds the whole turn: its second move, or ``pass``, is written; a move after the game's end,
after White's first capture or after a placement belongs to the next turn), how a record ends (the
natural end as :func:`arbiter.tzaar.play.status_of` says, ``resign``, ``time``, an arbiter's result,
or unfinished) and that its ``Result`` tag agrees.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from arbiter.engine import PlyTrace, Tracer
from arbiter.errors import (
    PLAYER_MESSAGES,
    ArbiterError,
    IllegalMoveError,
    InvalidRecordError,
    UnknownGameError,
    UnreadableRecordError,
    gettext_noop,
)
from arbiter.records import check_result_tag, format_record, has_tag_block, parse_tagged
from arbiter.tzaar.notation import RESIGN, TIME, UNKNOWN, read_ending, read_start_tags, start_tags
from arbiter.tzaar.play import play_text, status_of
from arbiter.tzaar.position import FIXED, SECOND, Position
from arbiter.tzaar.spec import GAME, NAME
from arbiter.verdict import Result, Termination, Verdict

_ENDING_WORDS = (RESIGN, TIME, UNKNOWN, *(str(result) for result in Result))


def is_tzaar_record(text: str) -> bool:
    """A tagged record whose Game tag says TZAAR."""
    if not has_tag_block(text):
        return False
    try:
        record = parse_tagged(text)
    except ArbiterError:
        return False
    return record.tags.get("Game", "").strip().lower() == GAME


@dataclass
class _Run:
    position: Position = FIXED
    plies: int = 0
    moves: list[str] = field(default_factory=list)
    trace: Tracer | None = None


def replay_text(text: str, game: str | None = None, trace: Tracer | None = None) -> Verdict:
    if game is not None and game != GAME:
        raise UnknownGameError(gettext_noop("the TZAAR engine does not play '{game}'"), game=game)
    if not is_tzaar_record(text) and not (game == GAME and has_tag_block(text)):
        raise UnreadableRecordError(gettext_noop('not a TZAAR record (tag pairs with [Game "TZAAR"])'))
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
            final_position=run.position.text(),
            tags=record.tags,
            moves=run.moves,
        )


def _turn_count(tokens: list[str]) -> int:
    """How many of the tokens are turns (the rest is the ending)."""
    for index, token in enumerate(tokens):
        if token.lower() in _ENDING_WORDS:
            return index
    return len(tokens)


def _replay(tags: dict[str, str], tokens: list[str], run: _Run) -> Verdict:
    game_tag = tags.get("Game")
    if game_tag is not None and game_tag.strip().lower() != GAME:
        raise InvalidRecordError(
            gettext_noop("the Game tag says {game_tag}, not TZAAR"), game_tag=repr(game_tag)
        )
    turns = _turn_count(tokens)
    for number, token in enumerate(tokens[:turns]):
        _play_turn(run, token, last=number == turns - 1)
    ending = tokens[turns:]
    result, termination = _ending(run, ending)
    check_result_tag(tags, result)
    return Verdict(
        game=GAME,
        valid=True,
        result=result,
        termination=termination,
        plies=run.plies,
        final_position=run.position.text(),
        tags=tags,
        moves=run.moves,
    )


def _play_turn(run: _Run, token: str, last: bool) -> None:
    """Play one turn's moves; its moves and the turn must end together (but for a record's last turn)."""
    mover = run.position.to_move
    for index, written in enumerate(token.split(";")):
        before = run.position
        if index and (before.step != SECOND or before.to_move != mover):
            _refuse_more(before, written, run.plies + 1)
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
    after = run.position
    if after.step == SECOND and not last and not status_of(after).ended:
        raise IllegalMoveError(
            gettext_noop(
                "{player}'s turn {turn} stops after its first move: its second (a capture, a stack or pass) follows after ';'"
            ),
            ply=run.plies + 1,
            move=token,
            position=after.text(),
            player=PLAYER_MESSAGES[mover],
            turn=token,
        )


def _refuse_more(before: Position, written: str, ply: int) -> None:
    """A move written in a turn that is over: the game's end, or the turn of the other player."""
    status = status_of(before)
    if status.ended:
        play_text(before, written, ply)  # raises the end's own reason
    raise IllegalMoveError(
        gettext_noop(
            "the turn is over ({player} is to move): White's first turn is one capture, a placement a turn"
        ),
        ply=ply,
        move=written,
        position=before.text(),
        player=PLAYER_MESSAGES[before.to_move],
    )


def _ending(run: _Run, ending: list[str]) -> tuple[Result | None, str]:
    """The result and termination of the record: the rules' end or the ending words'."""
    position = run.position
    status = status_of(position)
    ply = run.plies + 1
    word, written = read_ending(ending) if ending else (UNKNOWN, None)
    if status.ended:
        assert status.result is not None and status.termination is not None
        if word in (RESIGN, TIME) or (written is not None and written != status.result):
            raise InvalidRecordError(
                gettext_noop("the game is over by the rules ({result}): the record ends with {words}"),
                ply=ply,
                move=" ".join(ending),
                position=position.text(),
                result=str(status.result),
                words=" ".join(ending),
            )
        return status.result, status.termination
    if word in (RESIGN, TIME):
        result = Result.won_by(1 - position.to_move)
        if written is not None and written != result:
            raise InvalidRecordError(
                gettext_noop("'{word}' by {player} gives {result}, not {written}"),
                ply=ply,
                move=" ".join(ending),
                word=word,
                player=PLAYER_MESSAGES[position.to_move],
                result=str(result),
                written=str(written),
            )
        return result, Termination.RESIGNATION if word == RESIGN else Termination.TIME
    if written is None:
        return None, Termination.UNFINISHED
    return written, Termination.ARBITER


# ---------------------------------------------------------------------------------------------
# Writing


def group_turns(moves: list[str]) -> list[str]:
    """A game's moves from its start grouped in turns (Z-6): each placement a turn, then White's
    first capture, then two moves a turn (the last turn may be one: the game ended after it)."""
    turns: list[str] = []
    index = 0
    while index < len(moves) and "@" in moves[index]:
        turns.append(moves[index])
        index += 1
    if index < len(moves):
        turns.append(moves[index])
        index += 1
    turns.extend(";".join(moves[i : i + 2]) for i in range(index, len(moves), 2))
    return turns


def write_record(start: Position, moves: list[str], tags: dict[str, str], ending: str | None) -> str:
    """A record of the game from ``start`` with its moves (one a step), grouped in turns."""
    all_tags = {**tags, "Game": NAME, **start_tags(start)}
    return format_record(all_tags, group_turns(moves), ending)
