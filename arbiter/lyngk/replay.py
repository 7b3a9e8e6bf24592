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

from arbiter.errors import (
    PLAYER_MESSAGES,
    IllegalMoveError,
    InvalidNotationError,
    gettext_noop,
)
from arbiter.lyngk.notation import parse_decision, read_start_tags, split_turn, start_tags
from arbiter.lyngk.play import play_text, status_of
from arbiter.lyngk.position import Position
from arbiter.lyngk.rules import CLAIM
from arbiter.lyngk.spec import GAME, NAME
from arbiter.records import (
    format_record,
    game_tag,
)
from arbiter.replaying import Run, TaggedReplay, judge_status
from arbiter.turns import grouped
from arbiter.verdict import Result, TerminationCode

#: the names a [Game] tag may give LYNGK: its key, or its name
NAMES = {GAME: NAME}


#: the refusal of a game key its engine does not play
REFUSAL = gettext_noop("the LYNGK engine does not play '{game}'")


def _play_turn(run: Run[Position], token: str, last: bool) -> None:
    """Play one turn's decisions: a move, a pass, or a claim then its move (L-14)."""
    parts = split_turn(token)
    if len(parts) > 2 or (len(parts) == 2 and not _is_claim(parts[0])):
        _refuse_token(run, token, gettext_noop("a turn is one move, after at most one claim (like R;c3-d4)"))
    for written in parts:
        before = run.position
        step = play_text(before, written, run.plies + 1)
        run.advance(before, step)
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


def _refuse_token(run: Run[Position], token: str, template: str) -> None:
    raise InvalidNotationError(
        template, ply=run.plies + 1, move=token, position=run.position.text(), token=token[:40]
    )


def _ending(run: Run[Position], words: list[str]) -> tuple[Result | None, TerminationCode]:
    """The result and termination of the record: the rules' end or the ending words' (the record
    contract's; a draw by the rules or agreed)."""
    return judge_status(run, words, status_of(run.position))


REPLAY = TaggedReplay(
    GAME,
    NAMES,
    REFUSAL,
    gettext_noop('not a LYNGK record (tag pairs with [Game "lyngk"])'),
    gettext_noop("the Game tag says {game_tag}, not LYNGK"),
    read_start_tags,
    None,
    _play_turn,
    _ending,
    lambda position: status_of(position).score,
)


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
