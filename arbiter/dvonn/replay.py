"""Reading DVONN records in their three formats and replaying them to a verdict.

Formats, told apart by their first lines:

* the service's tagged format (``[Game "DVONN"]`` in a tag block), moves ``g2``, ``a2-b2``, ``pass``
  and a termination ``resign`` / ``time`` / ``draw`` (agreed) / ``1-0`` / ``0-1`` / ``1/2-1/2`` / ``*``;
* Little Golem transcripts (``Event [..] Site [..] White [..] Black [..] 1. g2 c1 ...``), moves
  ``g2``, ``a2b2``, ``pass``, ending maybe with ``resign``;
* CodeCup move lists (``A1``, ``A1B2``, ``PASS``) with ``#`` comment lines, one of which may be
  ``# Score: <white> - <black>``.

Plies count placements, stacking moves and passes from 1. When a record leaves out the forced
49th placement (Little Golem does), the replay puts the piece on the one empty space and counts
that as ply 49, so the first stacking move is always ply 50.

Rules at home here: how a record ends (the natural end, scored as
:func:`arbiter.dvonn.play.status_of` says, ``resign``, ``time``, an arbiter's result, or
unfinished) and what a record must agree with (its ``Result`` tag and written score). Each move is
played by :func:`arbiter.dvonn.play.play_move`. The writers of the three formats are at the bottom.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from arbiter.dvonn.board import NAMES, TOTAL_PIECES
from arbiter.dvonn.moves import PLACE, Move
from arbiter.dvonn.notation import (
    CODECUP,
    LITTLE_GOLEM,
    TAGGED,
    all_look_like_moves,
    format_move,
    parse_move,
)
from arbiter.dvonn.play import play_move, result_for_score
from arbiter.dvonn.position import START, Position, ply_mover
from arbiter.dvonn.spec import GAME
from arbiter.engine import Tracer
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
from arbiter.records import (
    AGREED,
    ARBITER,
    GAME_TAG,
    RESIGN,
    TIME,
    UNFINISHED,
    check_result_tag,
    format_record,
    has_tag_block,
    key_of_game_tag,
    parse_tagged,
    read_once,
)
from arbiter.replaying import Run
from arbiter.verdict import Result, Termination, Verdict

RESULTS = tuple(Result)

_LG_HEADER_RE = re.compile(r"\s*([A-Za-z]+)\s*\[([^\]]*)\]")
_LG_START_RE = re.compile(r"^\s*Event\s*\[")
_MOVE_NUMBER_RE = re.compile(r"^\d+\.+$")
_NUMBER_PREFIX_RE = re.compile(r"^\d+\.+")
# Linear in the line: the claim is taken whole and stripped afterwards (a lazy group followed by
# "\s*$" would retry at every character of a long run of spaces).
_SCORE_COMMENT_RE = re.compile(r"^#\s*Score\s*:(.*)$", re.IGNORECASE | re.DOTALL)
_SCORE_RE = re.compile(r"^\s*([0-9]{1,3})\s*-\s*([0-9]{1,3})\s*$")
_GAME_COMMENT_RE = re.compile(r"^#\s*game\b", re.IGNORECASE)


@dataclass
class ParsedRecord:
    style: str
    tags: dict[str, str] = field(default_factory=dict)
    tokens: list[str] = field(default_factory=list)
    score_claim: str | None = None  # the written score ("36 - 9"), checked after the replay
    games_in_file: int = 1


# ---------------------------------------------------------------------------------------------
# Detection and splitting


def detect_style(text: str) -> str | None:
    """Which DVONN record format the text is in, or None when it is none of them (found once per
    text within the registry's reading of a record: :func:`arbiter.records.read_once`)."""
    return read_once(_detect_style, text)


def _detect_style(text: str) -> str | None:
    if has_tag_block(text):
        try:
            record = parse_tagged(text)
        except ArbiterError:
            return None
        return TAGGED if _is_dvonn_tag(record.tags.get(GAME_TAG, "")) else None
    if _LG_START_RE.match(text):
        return LITTLE_GOLEM
    tokens = [tok for line in text.splitlines() if not line.lstrip().startswith("#") for tok in line.split()]
    if all_look_like_moves(tokens, CODECUP):
        return CODECUP
    return None


def _is_dvonn_tag(value: str) -> bool:
    """A ``[Game]`` tag naming DVONN (its key, in any case: the record contract, arbiter.records)."""
    return key_of_game_tag(value, {GAME: "DVONN"}) == GAME


def parse_record(text: str, style: str) -> ParsedRecord:
    if style == TAGGED:
        tagged = parse_tagged(text)
        return ParsedRecord(
            TAGGED, tags=tagged.tags, tokens=tagged.tokens, score_claim=tagged.tags.get("Score")
        )
    if style == LITTLE_GOLEM:
        tags: dict[str, str] = {}
        pos = 0
        while True:
            match = _LG_HEADER_RE.match(text, pos)
            if match is None:
                break
            tags[match.group(1)] = match.group(2).strip()
            pos = match.end()
        tokens = [tok for tok in text[pos:].split() if not _MOVE_NUMBER_RE.match(tok)]
        tokens = [_NUMBER_PREFIX_RE.sub("", tok) for tok in tokens]
        return ParsedRecord(LITTLE_GOLEM, tags=tags, tokens=tokens)
    record = ParsedRecord(CODECUP, games_in_file=0)
    scores = []
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("#"):
            score_match = _SCORE_COMMENT_RE.match(stripped)
            if score_match and score_match.group(1).strip():
                scores.append(score_match.group(1).strip())
            if _GAME_COMMENT_RE.match(stripped):
                record.games_in_file += 1
            continue
        record.tokens.extend(stripped.split())
    record.games_in_file = max(record.games_in_file, len(scores), 1)
    if scores:
        record.score_claim = scores[-1]
    return record


def _termination_tokens(style: str) -> tuple[str, ...]:
    if style == TAGGED:  # the record contract's words (arbiter.records)
        return (RESIGN, TIME, UNFINISHED, ARBITER, AGREED, *RESULTS)
    if style == LITTLE_GOLEM:
        return (RESIGN,)
    return ()


# ---------------------------------------------------------------------------------------------
# Replay


def replay_text(text: str, game: str | None = None, trace: Tracer | None = None) -> Verdict:
    if game is not None and game != GAME:
        raise UnknownGameError(gettext_noop("the DVONN engine does not play '{game}'"), game=game)
    style = detect_style(text)
    if style is None:
        if game == GAME and has_tag_block(text):
            style = TAGGED  # forced: a tagged record without a DVONN Game tag
        else:
            raise UnreadableRecordError(
                gettext_noop("not a DVONN record (tagged, Little Golem or CodeCup format)")
            )
    try:
        record = parse_record(text, style)
    except UnreadableRecordError:
        raise
    except ArbiterError as exc:
        return Verdict(game=GAME, valid=False, error=exc, final_position=START.text())
    run = Run(START, trace=trace)
    try:
        verdict = _replay(record, run)
    except ArbiterError as exc:
        return Verdict(
            game=GAME,
            valid=False,
            plies=run.plies,
            error=exc,
            final_position=run.position.text(),
            score=run.position.score(),
            tags=record.tags,
            moves=run.moves,
        )
    return verdict


def _replay(record: ParsedRecord, run: Run[Position]) -> Verdict:
    if record.games_in_file > 1:
        raise InvalidRecordError(
            gettext_noop("the text holds {games_in_file} games; a record is one game (split the file first)"),
            games_in_file=record.games_in_file,
        )
    game_tag = record.tags.get(GAME_TAG)
    if record.style == TAGGED and game_tag is not None and not _is_dvonn_tag(game_tag):
        raise InvalidRecordError(
            gettext_noop("the Game tag says {game_tag}, not DVONN"), game_tag=repr(game_tag)
        )
    enders = _termination_tokens(record.style)
    tokens = record.tokens
    index = 0
    while index < len(tokens) and tokens[index] not in enders:
        token = tokens[index]
        before = run.position
        try:
            move = parse_move(token, record.style)
        except ArbiterError as exc:
            raise exc.at(ply=run.plies + 1, move=token, position=before.text()) from None
        if before.placed == TOTAL_PIECES - 1 and move.kind != PLACE:
            # the forced 49th placement was left out: put it on the last empty space
            last = next(i for i, stack in enumerate(before.board) if not stack)
            _play(run, Move(PLACE, last), NAMES[last])
            before = run.position
        _play(run, move, token)
        index += 1

    position = run.position
    result: Result | None
    termination: Termination
    ending = tokens[index:]
    if not ending:
        if position.is_over():
            result, termination = result_for_score(*position.score()), Termination.SCORE
        else:
            result, termination = None, Termination.UNFINISHED
    else:
        result, termination = _read_termination(record.style, ending, position, run.plies + 1)
    check_result_tag(record.tags, result)
    if record.score_claim is not None:
        _check_score(record.score_claim, position.score())
    return Verdict(
        game=GAME,
        valid=True,
        result=result,
        termination=termination,
        plies=run.plies,
        final_position=position.text(),
        score=position.score(),
        tags=record.tags,
        moves=run.moves,
    )


def _play(run: Run[Position], move: Move, written: str) -> None:
    before = run.position
    try:
        step = play_move(before, move)
    except ArbiterError as exc:
        raise exc.at(ply=run.plies + 1, move=written, position=before.text()) from None
    run.advance(before, step)


def _check_going_on(natural: bool, ply: int, first: str, text: str) -> None:
    """Refuse an ending word (``first``: a resignation, a flag, a draw agreed) written after the
    game ended by its rules (``natural``)."""
    if natural:
        raise IllegalMoveError(
            gettext_noop("the game is already over (neither player can move)"),
            ply=ply,
            move=first,
            position=text,
        )


def _read_termination(
    style: str, ending: list[str], position: Position, ply: int
) -> tuple[Result | None, Termination]:
    """The result and termination named by the tokens after the last move."""
    first = ending[0]
    text = position.text()
    natural = position.is_over()
    if first in (RESIGN, TIME):
        _check_going_on(natural, ply, first, text)
        loser = position.to_move
        result = Result.won_by(1 - loser)
        termination = Termination.RESIGNATION if first == RESIGN else Termination.TIME
        rest = ending[1:]
        if rest:
            if len(rest) > 1 or rest[0] not in RESULTS:
                raise InvalidNotationError(
                    gettext_noop("nothing may follow '{first}' but the result"),
                    ply=ply,
                    move=" ".join(rest),
                    position=text,
                    first=first,
                )
            if rest[0] != result:
                raise InvalidRecordError(
                    gettext_noop("'{first}' by {player} gives {result}, not {written}"),
                    ply=ply,
                    move=rest[0],
                    first=first,
                    player=PLAYER_MESSAGES[loser],
                    result=result,
                    written=rest[0],
                )
        return result, termination
    if first == ARBITER:
        return _adjudicated(ending, natural, ply, text)
    if len(ending) > 1:
        raise InvalidNotationError(
            gettext_noop("nothing may follow the termination '{first}'"),
            ply=ply,
            move=ending[1],
            position=text,
            first=first,
        )
    if first == AGREED:  # the players agreed a draw (the record contract's word)
        _check_going_on(natural, ply, first, text)
        return Result.DRAW, Termination.AGREEMENT
    if first == UNFINISHED:
        if natural:
            return result_for_score(*position.score()), Termination.SCORE
        return None, Termination.UNFINISHED
    # a result token
    if natural:
        earned = result_for_score(*position.score())
        if first != earned:
            white, black = position.score()
            raise InvalidRecordError(
                gettext_noop("the record ends with {first} but the score {white}-{black} gives {earned}"),
                ply=ply,
                move=first,
                first=first,
                white=white,
                black=black,
                earned=earned,
            )
        return earned, Termination.SCORE
    return Result(first), Termination.ARBITER


def _adjudicated(ending: list[str], natural: bool, ply: int, text: str) -> tuple[Result, Termination]:
    """``arbiter 1-0``: an arbiter's adjudication of a game not over (the record contract's word)."""
    if len(ending) != 2 or ending[1] not in RESULTS:
        raise InvalidNotationError(
            gettext_noop("'{first}' is followed by the result the arbiter decided, and nothing else"),
            ply=ply,
            move=" ".join(ending),
            position=text,
            first=ARBITER,
        )
    if natural:
        raise IllegalMoveError(
            gettext_noop("the game is already over (neither player can move)"),
            ply=ply,
            move=ARBITER,
            position=text,
        )
    return Result(ending[1]), Termination.ARBITER


def _check_score(claim: str, actual: tuple[int, int]) -> None:
    match = _SCORE_RE.match(claim)
    if match is None:
        raise InvalidRecordError(
            gettext_noop("the written score {claim} is not '<white>-<black>'"), claim=repr(claim[:40])
        )
    written = (int(match.group(1)), int(match.group(2)))
    if written != actual:
        raise InvalidRecordError(
            gettext_noop(
                "the record gives the score {white}-{black} but the play gives {actual_white}-{actual_black}"
            ),
            white=written[0],
            black=written[1],
            actual_white=actual[0],
            actual_black=actual[1],
        )


# ---------------------------------------------------------------------------------------------
# Writers


def write_tagged(moves: list[Move], tags: dict[str, str], termination: str | None) -> str:
    movers = [ply_mover(ply) for ply in range(1, len(moves) + 1)]
    return format_record(tags, [format_move(m, TAGGED) for m in moves], termination, movers=movers)


def write_littlegolem(moves: list[Move], tags: dict[str, str], resign: bool = False) -> str:
    """Little Golem style: header on one line, numbered pairs, the 49th placement left out."""
    header = " ".join(f"{key} [{value}]" for key, value in tags.items())
    written = [format_move(m, LITTLE_GOLEM) for i, m in enumerate(moves) if i != TOTAL_PIECES - 1]
    if len(moves) < TOTAL_PIECES:
        written = [format_move(m, LITTLE_GOLEM) for m in moves]
    if resign:
        written.append("resign")
    pairs = [f"{i // 2 + 1}. " + " ".join(written[i : i + 2]) for i in range(0, len(written), 2)]
    return (header + " " + " ".join(pairs)).strip() + "\n"


def write_codecup(moves: list[Move], score: tuple[int, int] | None = None) -> str:
    tokens = [format_move(m, CODECUP) for m in moves]
    lines = [" ".join(tokens[i : i + 24]) for i in range(0, len(tokens), 24)]
    if score is not None:
        lines.append(f"# Score: {score[0]} - {score[1]}")
    return "\n".join(lines) + "\n"
