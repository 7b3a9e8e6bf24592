"""Replaying GIPF records to verdicts.

Rules at home here: what a record must say and may leave out (the tags ``Game`` and ``Result``;
``Handicap`` and ``Position`` give the start as :func:`arbiter.gipf.play.start_of` reads them; a
removal list may be left out when there is no choice), how a record
ends (the record contract's words, :mod:`arbiter.records`, but a draw: the natural end, ``resign``,
``time``, ``arbiter 1-0`` / ``arbiter 0-1``, or unfinished).
Each turn is played by :func:`arbiter.gipf.play.play_turn`, which holds the reasons a turn is refused.
"""

from __future__ import annotations

from arbiter.engine import PlyTrace, Tracer
from arbiter.errors import (
    PLAYER_MESSAGES,
    ArbiterError,
    IllegalMoveError,
    InvalidNotationError,
    InvalidRecordError,
    Message,
    UnreadableRecordError,
    gettext_noop,
)
from arbiter.gipf.ends import GipfEnd
from arbiter.gipf.notation import WrittenTurn, choose_removal, looks_like_turn, parse_turn, removal_text
from arbiter.gipf.play import describe_end, play_turn, start_of, winner_result
from arbiter.gipf.position import GAME_KEYS, GAME_NAMES, Position, format_position
from arbiter.gipf.rules import apply_removal, removal_options, status_after_own_removals, status_at_turn_start
from arbiter.records import (
    ARBITER,
    ENDING_WORDS,
    RESIGN,
    TIME,
    UNFINISHED,
    check_result_tag,
    key_of_game_tag,
    parse_tagged,
)
from arbiter.verdict import Result, Termination, TerminationCode, Verdict

GAMES = tuple(GAME_KEYS)  # gipf-basic, gipf-standard, gipf-tournament
RESULTS = (Result.WHITE_WINS, Result.BLACK_WINS)
# the record contract's ending words (arbiter.records) but a draw, which GIPF has not
TERMINATION_WORDS = ENDING_WORDS - {Result.DRAW}


def game_from_tag(value: str) -> str | None:
    """The game key a ``[Game]`` tag names (``GIPF basic``, ``gipf-basic``...), None if not GIPF."""
    return key_of_game_tag(value, GAME_NAMES)


def is_gipf_record(text: str) -> bool:
    """True when the text is a GIPF record: a GIPF Game tag, or untagged GIPF turns only."""
    try:
        record = parse_tagged(text)
    except ArbiterError:
        return False
    if "Game" in record.tags:
        tag = record.tags["Game"].strip().lower()
        return tag == "gipf" or game_from_tag(tag) is not None
    moves = (token for token in record.tokens if token not in TERMINATION_WORDS)
    first = next(moves, None)  # another game's record fails on its first move, read alone
    return first is not None and looks_like_turn(first) and all(looks_like_turn(token) for token in moves)


def replay_text(text: str, game: str | None = None, trace: Tracer | None = None) -> Verdict:
    """Replay a GIPF record (``game`` forces the game key); errors in the record are in the verdict."""
    record = parse_tagged(text)
    tags = record.tags
    tag_game: str | None = None
    if "Game" in tags and tags["Game"].strip().lower() == "gipf":
        tag_game = game or _guess_game(record.tokens)  # GIPF without a rule set
    elif "Game" in tags:
        tag_game = game_from_tag(tags["Game"])
        if tag_game is None and game is None:
            raise UnreadableRecordError(
                gettext_noop('the Game tag "{tag}" is not a GIPF game'), tag=tags["Game"]
            )
    if game is not None and game not in GAMES:
        raise UnreadableRecordError(gettext_noop("'{game}' is not a GIPF game"), game=game)
    key = game or tag_game or _guess_game(record.tokens)
    verdict = Verdict(game=key, valid=False, tags=dict(tags))
    if "Game" in tags and tag_game != key:
        verdict.error = InvalidRecordError(
            gettext_noop('the Game tag says "{tag}" but the record is replayed as {game}'),
            tag=tags["Game"],
            game=GAME_NAMES[key],
        )
        return verdict
    try:
        start = start_of(key, tags.get("Handicap"), tags.get("Position"))
    except ArbiterError as exc:
        verdict.error = exc
        return verdict
    return _replay_moves(record.tokens, tags, start, verdict, trace)


def _guess_game(tokens: list[str]) -> str:
    """No Game tag and no forced game: a GIPF-piece push first means tournament, else standard."""
    for token in tokens:
        if token not in TERMINATION_WORDS:
            return "gipf-tournament" if token.startswith("G") else "gipf-standard"
    return "gipf-standard"


def _replay_moves(
    tokens: list[str], tags: dict[str, str], pos: Position, verdict: Verdict, trace: Tracer | None = None
) -> Verdict:
    cut = len(tokens)
    for index, token in enumerate(tokens):
        if token in TERMINATION_WORDS:
            cut = index
            break
    moves, ending = tokens[:cut], tokens[cut:]
    pending: WrittenTurn | None = None
    before: str | None = None  # the text of ``pos`` when a trace has written it already
    for index, token in enumerate(moves):
        ply = verdict.plies + 1
        try:
            written = parse_turn(token, allow_no_push=index == len(moves) - 1)
            if written.push is None:
                pending = written
                break
            step = play_turn(pos, written)
        except ArbiterError as exc:
            before = before or format_position(pos)
            verdict.error = exc.at(ply=ply, move=token, position=before)
            verdict.final_position = before
            return verdict
        if trace is not None:
            after = format_position(step.position)
            trace(PlyTrace(ply, token, before or format_position(pos), after, step.path, step.removed))
            before = after
        pos = step.position
        verdict.plies = ply
        verdict.moves.append(token)
    verdict.final_position = format_position(pos)
    try:
        result, termination = _ending(pos, pending, ending)
        check_result_tag(tags, result)
    except ArbiterError as exc:
        verdict.error = exc.at(position=verdict.final_position)
        return verdict
    verdict.valid = True
    verdict.result = result
    verdict.termination = termination
    return verdict


def _ending(
    pos: Position, pending: WrittenTurn | None, ending: list[str]
) -> tuple[Result | None, TerminationCode]:
    """The result and termination after the last turn, checked against the termination words."""
    natural = _natural_end(pos, pending, ending)
    word = " ".join(ending)
    if not ending or ending == [UNFINISHED]:
        if natural is not None:
            return winner_result(natural[0]), natural[1]
        if ending == [UNFINISHED] or not ending:
            return None, Termination.UNFINISHED
    if natural is not None:
        if len(ending) == 1 and ending[0] == winner_result(natural[0]):
            return Result(ending[0]), natural[1]
        raise InvalidRecordError(
            gettext_noop(
                "the record ends with '{word}' but the game is over: {end}, so the result is {result}"
            ),
            word=word,
            end=describe_end(natural),
            result=winner_result(natural[0]),
        )
    if len(ending) == 1 and ending[0] in (RESIGN, TIME):
        resigned = ending[0] == RESIGN
        return winner_result(pos.to_move), Termination.RESIGNATION if resigned else Termination.TIME
    if len(ending) == 2 and ending[0] == ARBITER and ending[1] in RESULTS:
        return Result(ending[1]), Termination.ARBITER
    if len(ending) == 1 and ending[0] in RESULTS:
        raise InvalidRecordError(
            gettext_noop(
                "the record ends with '{word}' but the game is not over (write 'resign', 'time' or 'arbiter 1-0' / 'arbiter 0-1')"
            ),
            word=word,
        )
    raise InvalidNotationError(
        gettext_noop(
            "the record must end with one of 1-0, 0-1, resign, time, arbiter 1-0, arbiter 0-1; got '{word}'"
        ),
        word=word,
    )


def _natural_end(pos: Position, pending: WrittenTurn | None, ending: list[str]) -> tuple[int, GipfEnd] | None:
    """How the game ended by the rules after the last turn: at the start of the next one, or by the
    removals written at the end of the record (a bare list, ``pending``) or the only ones open."""
    natural = status_at_turn_start(pos)
    if natural is None:
        options = removal_options(pos.board, pos.to_move)
        groups = pending.before if pending is not None else ()
        try:
            removal = choose_removal(
                options,
                groups,
                pos.board,
                Message(gettext_noop("{player}'s rows"), {"player": PLAYER_MESSAGES[pos.to_move]}),
            )
        except ArbiterError as exc:
            if pending is None and (not ending or ending[0] in (UNFINISHED, RESIGN, TIME, ARBITER)):
                removal = None  # the next turn would say; the result does not depend on it
            else:
                move = removal_text(options[0]) if pending is None else None
                raise exc.at(move=move) from None
        if removal is not None:
            natural = status_after_own_removals(apply_removal(pos, pos.to_move, removal))
    elif pending is not None:
        raise IllegalMoveError(
            gettext_noop("the game is over: {end}; no removal follows"), end=describe_end(natural)
        )
    return natural
