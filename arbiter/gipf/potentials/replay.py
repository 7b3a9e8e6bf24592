"""Replaying records of GIPF with potentials to verdicts.

A record names its game in the ``[Game]`` tag (``GIPF standard with potentials``, ``Ultimate GIPF
tournament`` or the key) and the potentials agreed in ``[Potentials]`` (``Z6 Y6``, ``White Z6 Y6;
Black Y3``, ``Ultimate``); without that tag the game key's own set (P-24). Each turn is played by
:func:`arbiter.gipf.potentials.play.play_turn`; the endings are GIPF's (``resign``, ``time``,
``arbiter 1-0``, a result, ``*``).
"""

from __future__ import annotations

from arbiter.engine import PlyTrace, Tracer
from arbiter.errors import ArbiterError, InvalidRecordError, UnreadableRecordError, gettext_noop
from arbiter.gipf.potentials.play import path_and_removed, play_turn, status_of
from arbiter.gipf.potentials.position import (
    DEFAULT_SETS,
    GAME_KEYS,
    GAME_NAMES,
    Position,
    format_position,
    parse_sets,
    start_position,
)
from arbiter.gipf.replay import TERMINATION_WORDS
from arbiter.records import (
    ARBITER,
    RESIGN,
    TIME,
    UNFINISHED,
    check_result_tag,
    key_of_game_tag,
    parse_tagged,
    tagged_game,
)
from arbiter.verdict import Result, Termination, Verdict

GAMES = tuple(GAME_KEYS)


def game_from_tag(value: str) -> str | None:
    """The game key a ``[Game]`` tag names (its name or the key itself), None when none."""
    return key_of_game_tag(value, GAME_NAMES)


def is_potentials_record(text: str) -> bool:
    """True when the text is a tagged record whose Game tag names GIPF with potentials."""
    return tagged_game(text, GAME_NAMES) is not None


def replay_text(text: str, game: str | None = None, trace: Tracer | None = None) -> Verdict:
    """Replay a record (``game`` forces the game key); errors in the record are in the verdict."""
    record = parse_tagged(text)
    tags = record.tags
    key = game_from_tag(tags.get("Game", "")) if "Game" in tags else game
    if key is None and game is None:
        raise UnreadableRecordError(
            gettext_noop('the Game tag "{tag}" is not a game with potentials'), tag=tags.get("Game", "")
        )
    verdict = Verdict(game=game or key or "", valid=False, tags=dict(tags))
    if game is not None and key != game:
        verdict.error = InvalidRecordError(
            gettext_noop('the Game tag "{tag}" contradicts the game {game}'),
            tag=tags.get("Game", ""),
            game=game,
        )
        return verdict
    assert key is not None
    try:
        pos = start_position(key, parse_sets(tags.get("Potentials", DEFAULT_SETS[key])))
    except ArbiterError as exc:
        verdict.error = exc
        return verdict
    cut = next((i for i, token in enumerate(record.tokens) if token in TERMINATION_WORDS), len(record.tokens))
    for token in record.tokens[:cut]:
        before = pos
        try:
            turn = play_turn(pos, token, verdict.plies + 1)
        except ArbiterError as exc:
            verdict.error = exc
            verdict.final_position = format_position(pos)
            return verdict
        pos = turn.position
        verdict.plies += 1
        verdict.moves.append(token)
        if trace is not None:
            path, removed = path_and_removed(turn)
            trace(
                PlyTrace(verdict.plies, token, format_position(before), format_position(pos), path, removed)
            )
    verdict.final_position = format_position(pos)
    try:
        result, termination = _ending(pos, record.tokens[cut:])
        check_result_tag(tags, result)
    except ArbiterError as exc:
        verdict.error = exc.at(position=verdict.final_position)
        return verdict
    verdict.valid = True
    verdict.result = result
    verdict.termination = termination
    return verdict


def _ending(pos: Position, ending: list[str]) -> tuple[Result | None, str]:
    state = status_of(pos)
    if state.ended:
        if ending and ending != [UNFINISHED] and ending != [state.result]:
            raise InvalidRecordError(
                gettext_noop("the record ends with '{word}' but the game is over, so the result is {result}"),
                word=" ".join(ending),
                result=str(state.result),
            )
        return state.result, str(state.termination)
    if ending in ([RESIGN], [TIME]):
        termination = Termination.RESIGNATION if ending == [RESIGN] else Termination.TIME
        return Result.won_by(1 - pos.to_move), termination
    if len(ending) == 2 and ending[0] == ARBITER and ending[1] in ("1-0", "0-1"):
        return Result(ending[1]), Termination.ARBITER
    if not ending or ending == [UNFINISHED]:
        return None, Termination.UNFINISHED
    raise InvalidRecordError(
        gettext_noop("the record ends with '{word}' but the game is not over"), word=" ".join(ending)
    )
