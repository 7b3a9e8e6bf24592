"""Reading TZAAR records and replaying them to a verdict; writing them.

A record is the service's tagged format: tag pairs with ``[Game "tzaar"]`` (the key, or ``TZAAR``, the
name older records write: :func:`arbiter.records.key_of_game_tag`) and the start in
``[Setup]`` (:func:`arbiter.tzaar.notation.read_start_tags`), then the turns numbered in pairs
(White, Black), each turn its one or two moves joined by ``;`` (Z-6), then maybe an ending word.

Plies count moves (steps), not turns: a turn of two moves is two plies, and a refused move is named
by its ply and its own text. Rules at home here: how the moves of a record group into turns (a turn
token holds the whole turn: its second move, or ``pass``, is written; a move after the game's end,
after White's first capture or after a placement belongs to the next turn) and that its ``Result``
tag agrees. How a record ends is the record contract's (:func:`arbiter.records.judge_ending`: the
natural end as :func:`arbiter.tzaar.play.status_of` says, ``resign``, ``time``, ``arbiter`` and a
result, or unfinished), without a draw.
"""

from __future__ import annotations

from collections.abc import Sequence

from arbiter.errors import (
    PLAYER_MESSAGES,
    IllegalMoveError,
    gettext_noop,
)
from arbiter.records import (
    format_record,
    game_tag,
)
from arbiter.replaying import Run, TaggedReplay, judge_status
from arbiter.turns import grouped
from arbiter.tzaar.notation import RESULTS, read_start_tags, start_tags
from arbiter.tzaar.play import play_text, status_of
from arbiter.tzaar.position import FIXED, SECOND, Position
from arbiter.tzaar.spec import GAME, NAME
from arbiter.verdict import Result, TerminationCode

#: the names a [Game] tag may give TZAAR: its key, or its name as older records write it
NAMES = {GAME: NAME}


#: the refusal of a game key its engine does not play
REFUSAL = gettext_noop("the TZAAR engine does not play '{game}'")


def _play_turn(run: Run[Position], token: str, last: bool) -> None:
    """Play one turn's moves; its moves and the turn must end together (but for a record's last turn)."""
    mover = run.position.to_move
    for index, written in enumerate(token.split(";")):
        before = run.position
        if index and (before.step != SECOND or before.to_move != mover):
            _refuse_more(before, written, run.plies + 1)
        step = play_text(before, written, run.plies + 1)
        run.advance(before, step)
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


def _ending(run: Run[Position], words: list[str]) -> tuple[Result | None, TerminationCode]:
    """The result and termination of the record: the rules' end or the ending words' (the record
    contract's, T-5: no draw; a resignation or time in a turn's second move is the mover's)."""
    return judge_status(run, words, status_of(run.position), RESULTS)


REPLAY = TaggedReplay(
    GAME,
    NAMES,
    REFUSAL,
    gettext_noop('not a TZAAR record (tag pairs with [Game "tzaar"])'),
    gettext_noop("the Game tag says {game_tag}, not TZAAR"),
    read_start_tags,
    FIXED,
    _play_turn,
    _ending,
)


# ---------------------------------------------------------------------------------------------
# Writing


def continuations(moves: Sequence[str]) -> list[bool]:
    """Which of a game's moves from its start continue their mover's turn (Z-6): each placement a
    turn, then White's first capture, then two moves a turn, the second continuing the first (the
    last turn may be one: the game ended after it). The rules' own account of it is the position's
    step (:data:`~arbiter.tzaar.position.SECOND` after a turn's first move); the tests compare them."""
    first = next((index for index, move in enumerate(moves) if "@" not in move), len(moves))
    return [index > first and (index - first) % 2 == 0 for index in range(len(moves))]


def write_record(start: Position, moves: list[str], tags: dict[str, str], ending: str | None) -> str:
    """A record of the game from ``start`` with its moves (one a step), grouped in turns."""
    all_tags = {**tags, **game_tag(GAME), **start_tags(start)}
    return format_record(all_tags, grouped(moves, continuations(moves)), ending)
