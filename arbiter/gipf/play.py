"""Playing GIPF turn by turn: the start of a game, one written turn played, the status.

Rules at home here: the start of a game with its options (:func:`start_of`: the rule set's start
position, a basic game's handicap or a set-up position), the reason a written turn is refused
(:func:`play_turn`), a turn that is only a removal (:func:`end_by_removal`: allowed when it ends
the game, as a record's last word may), and what a position leaves open (:func:`status_of`: the
game over whatever the player to move removes, or his choice of removals still owed).
:mod:`arbiter.gipf.replay` plays a record through :func:`play_turn`.
"""

from __future__ import annotations

from dataclasses import dataclass

from arbiter.errors import (
    PLAYER_MESSAGES,
    ArbiterError,
    IllegalMoveError,
    InvalidNotationError,
    InvalidRecordError,
    Message,
    gettext_noop,
)
from arbiter.gipf.board import ENTRIES, SPOT_NAMES, Entry
from arbiter.gipf.ends import GipfEnd
from arbiter.gipf.notation import WrittenTurn, choose_removal, find_push, parse_turn, removal_text
from arbiter.gipf.position import CLOSED, MUST_GIPF, Position, format_position, parse_position, start_position
from arbiter.gipf.rules import (
    Removal,
    after_push,
    apply_removal,
    pass_turn,
    piece_choices,
    removal_options,
    status_after_own_removals,
    status_at_turn_start,
)
from arbiter.play import REMOVAL, Owed, Status
from arbiter.verdict import Result


def winner_result(loser: int) -> Result:
    """The result when ``loser`` has lost: his opponent wins."""
    return Result.won_by(1 - loser)


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


def start_of(game: str, handicap: str | None = None, position: str | None = None) -> Position:
    """The start of a ``game`` with a handicap (``"White 2"``, basic games) or a set-up position."""
    extra = parse_handicap(handicap) if handicap is not None else (0, 0)
    if extra != (0, 0) and game != "gipf-basic":
        raise InvalidRecordError(gettext_noop("a handicap (extra pieces) is only for basic games"))
    start = start_position(game, extra)
    if position is not None:
        if extra != (0, 0):
            raise InvalidRecordError(gettext_noop("give either a Handicap or a Position tag, not both"))
        start = parse_position(position)
        if start.game != game:
            raise InvalidRecordError(
                gettext_noop("the Position tag is a {game} position, not {key}"), game=start.game, key=game
            )
    return start


def describe_end(status: tuple[int, GipfEnd]) -> Message:
    loser, termination = status
    if termination == GipfEnd.NO_RESERVE:
        return Message(
            gettext_noop("{player} has no piece left to bring into play"), {"player": PLAYER_MESSAGES[loser]}
        )
    return Message(
        gettext_noop("{player} has no GIPF-piece left on the board"), {"player": PLAYER_MESSAGES[loser]}
    )


@dataclass(frozen=True, slots=True)
class Step:
    """One turn played: the position after it, its removals before and after the push and the push
    (none for a turn that is only a removal); :attr:`path` and :attr:`removed` name them for a
    trace, written only when asked for."""

    position: Position
    pre: Removal
    post: Removal | None = None  # None: no push
    gipf: bool = False
    entry: Entry | None = None
    end: int = 0

    @property
    def path(self) -> tuple[str, ...]:
        """The pushed path: the dot, then the spots to the chain's end (empty without a push)."""
        if self.entry is None:
            return ()
        return (self.entry.dot, *(SPOT_NAMES[spot] for spot in self.entry.line[: self.end + 1]))

    @property
    def removed(self) -> tuple[str, ...]:
        """The spots whose pieces the turn's removals took, in spot order."""
        spots = self.pre.removed if self.post is None else self.pre.removed | self.post.removed
        return tuple(SPOT_NAMES[spot] for spot in sorted(spots))

    def notation(self) -> str:
        """The turn as the service writes it: the push to the chain's end, every removal listed."""
        parts = [removal_text(self.pre)] if self.pre.removed else []
        if self.entry is not None:
            parts.append(
                f"{'G' if self.gipf else ''}{self.entry.dot}-{SPOT_NAMES[self.entry.line[self.end]]}"
            )
        if self.post is not None and self.post.removed:
            parts.append(removal_text(self.post))
        return ";".join(parts)


#: what a turn's removals take, for the refusals (one per player, made once)
_ROWS_AT_START = tuple(
    Message(gettext_noop("{player}'s rows at the start of his turn"), {"player": name})
    for name in PLAYER_MESSAGES
)
_ROWS_OF_PUSH = tuple(
    Message(gettext_noop("the rows {player}'s push made in his colour"), {"player": name})
    for name in PLAYER_MESSAGES
)


def play_turn(pos: Position, written: WrittenTurn) -> Step:
    """Play one written turn with its push; raises the typed error of the first thing wrong."""
    ended = status_at_turn_start(pos)
    if ended is not None:
        raise IllegalMoveError(gettext_noop("the game is over: {end}"), end=describe_end(ended))
    mover = pos.to_move
    name = PLAYER_MESSAGES[mover]
    pre = choose_removal(
        removal_options(pos.board, mover),
        written.before,
        pos.board,
        _ROWS_AT_START[mover],
    )
    ready = apply_removal(pos, mover, pre)
    ended = status_after_own_removals(ready)
    if ended is not None:
        raise IllegalMoveError(gettext_noop("the game is over: {end}"), end=describe_end(ended))
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
        _ROWS_OF_PUSH[mover],
    )
    after = pass_turn(apply_removal(pushed, mover, post))
    return Step(after, pre, post, push.gipf, ENTRIES[index], end)


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


def end_by_removal(pos: Position, written: WrittenTurn, text: str) -> Step:
    """A turn that is only the removal of the mover's rows: allowed when it ends the game.

    The position after it is over: when a player is left without a GIPF-piece, the turn passes
    (the remover is the one who moved last, as the rules order the losers); when the mover has
    no piece to bring into play, he stays to move.
    """
    ended = status_at_turn_start(pos)
    if ended is not None:
        raise IllegalMoveError(
            gettext_noop("the game is over: {end}; no removal follows"), end=describe_end(ended)
        )
    mover = pos.to_move
    removal = choose_removal(
        removal_options(pos.board, mover),
        written.before,
        pos.board,
        Message(gettext_noop("{player}'s rows"), {"player": PLAYER_MESSAGES[mover]}),
    )
    ready = apply_removal(pos, mover, removal)
    ended = status_after_own_removals(ready)
    after = ready if ended is None or ended[1] == GipfEnd.NO_RESERVE else pass_turn(ready)
    if ended is None or status_of(after).result != winner_result(ended[0]):
        raise InvalidNotationError(gettext_noop("'{text}' has no push"), text=text)
    return Step(after, removal)


def play_text(pos: Position, text: str, ply: int | None = None) -> Step:
    """Play one turn written in the record notation (a removal alone when it ends the game); the
    typed error of the first thing wrong names ``ply``, the move and the position."""
    try:
        written = parse_turn(text, allow_no_push=True)
        if written.push is None:
            return end_by_removal(pos, written, text)
        return play_turn(pos, written)
    except ArbiterError as exc:
        raise exc.at(ply=ply, move=text, position=format_position(pos)) from None


def _owed(pos: Position, player: int) -> Owed | None:
    options = removal_options(pos.board, player)
    if len(options) < 2:
        return None
    return Owed(player, REMOVAL, tuple(removal_text(option) if option.removed else "" for option in options))


def status_of(pos: Position) -> Status:
    """Over (by the previous turn, or whatever the player to move removes first), else to move.

    The choices of removals still open are owed: the player to move's before his push, and rows
    of GIPF-pieces the other player left standing, which he may take at his next turn.
    """
    ended = status_at_turn_start(pos)
    mover = pos.to_move
    if ended is None:
        ends = {
            status_after_own_removals(apply_removal(pos, mover, option))
            for option in removal_options(pos.board, mover)
        }
        if len(ends) == 1:
            ended = ends.pop()
    if ended is not None:
        return Status(None, winner_result(ended[0]), ended[1])
    owed = tuple(found for found in (_owed(pos, mover), _owed(pos, 1 - mover)) if found is not None)
    return Status(mover, owed=owed)
