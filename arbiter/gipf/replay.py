"""Replaying GIPF records to verdicts.

Rules at home here: what a record must say and may leave out (the tags ``Game``, ``Handicap``,
``Position`` and ``Result``; a removal list may be left out when there is no choice), how a record
ends (the natural end, ``resign``, ``time``, ``arbiter 1-0`` / ``arbiter 0-1``, or unfinished) and
the reason a written turn is refused (:func:`play_written`).
"""

from __future__ import annotations

from arbiter.engine import GAME_NAMES, PlyTrace, Tracer
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
from arbiter.gipf.board import ENTRIES, SPOT_NAMES
from arbiter.gipf.notation import (
    WrittenTurn,
    choose_removal,
    find_push,
    looks_like_turn,
    parse_turn,
    removal_text,
)
from arbiter.gipf.position import (
    CLOSED,
    GAME_KEYS,
    MUST_GIPF,
    Position,
    format_position,
    parse_position,
    start_position,
)
from arbiter.gipf.rules import (
    after_push,
    apply_removal,
    pass_turn,
    piece_choices,
    removal_options,
    status_after_own_removals,
    status_at_turn_start,
)
from arbiter.records import check_result_tag, parse_tagged
from arbiter.verdict import Result, Termination, Verdict

GAMES = tuple(GAME_KEYS)  # gipf-basic, gipf-standard, gipf-tournament
RESULTS = (Result.WHITE_WINS, Result.BLACK_WINS)
TERMINATION_WORDS = {"1-0", "0-1", "resign", "time", "arbiter", "*"}


def game_from_tag(value: str) -> str | None:
    """The game key a ``[Game]`` tag names (``GIPF basic``, ``gipf-basic``...), None if not GIPF."""
    normal = " ".join(value.strip().lower().replace("-", " ").split())
    for key in GAMES:
        if normal == key.replace("-", " "):
            return key
    return None


def parse_handicap(value: str) -> tuple[int, int]:
    """``[Handicap "White 2"]``: 1 to 3 extra pieces in one player's reserve (basic games)."""
    parts = value.split()
    if len(parts) != 2 or parts[0].lower() not in ("white", "black") or parts[1] not in ("1", "2", "3"):
        raise InvalidRecordError(
            gettext_noop('the Handicap tag must be like "White 2" (1 to 3 pieces), not "{value}"'),
            value=value,
        )
    extra = int(parts[1])
    return (extra, 0) if parts[0].lower() == "white" else (0, extra)


def winner_result(loser: int) -> Result:
    """The result when ``loser`` has lost: his opponent wins."""
    return Result.won_by(1 - loser)


def _describe_end(status: tuple[int, Termination]) -> Message:
    loser, termination = status
    if termination == Termination.NO_RESERVE:
        return Message(
            gettext_noop("{player} has no piece left to bring into play"), {"player": PLAYER_MESSAGES[loser]}
        )
    return Message(
        gettext_noop("{player} has no GIPF-piece left on the board"), {"player": PLAYER_MESSAGES[loser]}
    )


def play_written(pos: Position, written: WrittenTurn) -> Position:
    """Apply one written turn; raises the typed error of the first thing wrong with it."""
    return play_traced(pos, written)[0]


def play_traced(pos: Position, written: WrittenTurn) -> tuple[Position, tuple[str, ...], tuple[str, ...]]:
    """:func:`play_written`, also giving the pushed path (dot, spots to the chain end) and the
    spots whose pieces the turn's removals took."""
    ended = status_at_turn_start(pos)
    if ended is not None:
        raise IllegalMoveError(gettext_noop("the game is over: {end}"), end=_describe_end(ended))
    mover = pos.to_move
    name = PLAYER_MESSAGES[mover]
    pre = choose_removal(
        removal_options(pos.board, mover),
        written.before,
        pos.board,
        Message(gettext_noop("{player}'s rows at the start of his turn"), {"player": name}),
    )
    ready = apply_removal(pos, mover, pre)
    ended = status_after_own_removals(ready)
    if ended is not None:
        raise IllegalMoveError(gettext_noop("the game is over: {end}"), end=_describe_end(ended))
    push = written.push
    assert push is not None
    choices = piece_choices(ready)
    if push.gipf not in choices:
        raise IllegalMoveError(_piece_refusal(ready, push.gipf))
    index, end = find_push(ready, push)
    pushed = after_push(ready, ENTRIES[index], end, push.gipf)
    options = removal_options(pushed.board, mover)
    if written.after and len(options) == 1 and not options[0].removed:
        opponent_rows = removal_options(pushed.board, 1 - mover)
        if any(option.removed for option in opponent_rows):
            raise IllegalMoveError(
                gettext_noop(
                    "{name}'s push made no row of his colour; rows in {player}'s colour are removed by {player} at the start of his turn (before his push)"
                ),
                name=name,
                player=PLAYER_MESSAGES[1 - mover],
            )
    post = choose_removal(
        options,
        written.after,
        pushed.board,
        Message(gettext_noop("the rows {player}'s push made in his colour"), {"player": name}),
    )
    entry = ENTRIES[index]
    path = (entry.dot, *(SPOT_NAMES[spot] for spot in entry.line[: end + 1]))
    removed = tuple(SPOT_NAMES[spot] for spot in sorted(pre.removed | post.removed))
    return pass_turn(apply_removal(pushed, mover, post)), path, removed


def _piece_refusal(pos: Position, gipf: bool) -> Message:
    name = {"player": PLAYER_MESSAGES[pos.to_move]}
    state = pos.start[pos.to_move]
    if gipf:
        if pos.rules == "basic":
            return Message(gettext_noop("a basic game has no GIPF-pieces"))
        if pos.rules == "standard":
            return Message(
                gettext_noop("in a standard game no GIPF-piece may be brought into play (each starts with 3)")
            )
        if state == CLOSED:
            return Message(
                gettext_noop("{player} has played a basic piece already: no more GIPF-pieces for him"), name
            )
        return Message(
            gettext_noop("a GIPF-piece takes 2 pieces from the reserve; {player} has {reserve}"),
            {**name, "reserve": pos.reserve[pos.to_move]},
        )
    if state == MUST_GIPF:
        return Message(
            gettext_noop("{player}'s first turn in a tournament game must bring a GIPF-piece into play"), name
        )
    return Message(gettext_noop("{player} has no piece in his reserve"), name)


def is_gipf_record(text: str) -> bool:
    """True when the text is a GIPF record: a GIPF Game tag, or untagged GIPF turns only."""
    try:
        record = parse_tagged(text)
    except ArbiterError:
        return False
    if "Game" in record.tags:
        tag = record.tags["Game"].strip().lower()
        return tag == "gipf" or game_from_tag(tag) is not None
    moves = [token for token in record.tokens if token not in TERMINATION_WORDS]
    return bool(moves) and all(looks_like_turn(token) for token in moves)


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
        handicap = parse_handicap(tags["Handicap"]) if "Handicap" in tags else (0, 0)
        if handicap != (0, 0) and key != "gipf-basic":
            raise InvalidRecordError(gettext_noop("a handicap (extra pieces) is only for basic games"))
        start = start_position(key, handicap)
        if "Position" in tags:
            if handicap != (0, 0):
                raise InvalidRecordError(gettext_noop("give either a Handicap or a Position tag, not both"))
            start = parse_position(tags["Position"])
            if start.game != key:
                raise InvalidRecordError(
                    gettext_noop("the Position tag is a {game} position, not {key}"), game=start.game, key=key
                )
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
    for index, token in enumerate(moves):
        ply = verdict.plies + 1
        before = format_position(pos)
        try:
            written = parse_turn(token, allow_no_push=index == len(moves) - 1)
            if written.push is None:
                pending = written
                break
            pos, path, removed = play_traced(pos, written)
        except ArbiterError as exc:
            verdict.error = exc.at(ply=ply, move=token, position=before)
            verdict.final_position = before
            return verdict
        if trace is not None:
            trace(PlyTrace(ply, token, before, format_position(pos), path, removed))
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
) -> tuple[Result | None, Termination]:
    """The result and termination after the last turn, checked against the termination words."""
    natural = status_at_turn_start(pos)
    word = " ".join(ending)
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
            if pending is None and (not ending or ending[0] in ("*", "resign", "time", "arbiter")):
                removal = None  # the next turn would say; the result does not depend on it
            else:
                move = removal_text(options[0]) if pending is None else None
                raise exc.at(move=move) from None
        if removal is not None:
            natural = status_after_own_removals(apply_removal(pos, pos.to_move, removal))
    elif pending is not None:
        raise IllegalMoveError(
            gettext_noop("the game is over: {end}; no removal follows"), end=_describe_end(natural)
        )
    if not ending or ending == ["*"]:
        if natural is not None:
            return winner_result(natural[0]), natural[1]
        if ending == ["*"] or not ending:
            return None, Termination.UNFINISHED
    if natural is not None:
        if len(ending) == 1 and ending[0] == winner_result(natural[0]):
            return Result(ending[0]), natural[1]
        raise InvalidRecordError(
            gettext_noop(
                "the record ends with '{word}' but the game is over: {end}, so the result is {result}"
            ),
            word=word,
            end=_describe_end(natural),
            result=winner_result(natural[0]),
        )
    if len(ending) == 1 and ending[0] in ("resign", "time"):
        resigned = ending[0] == "resign"
        return winner_result(pos.to_move), Termination.RESIGNATION if resigned else Termination.TIME
    if len(ending) == 2 and ending[0] == "arbiter" and ending[1] in RESULTS:
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
