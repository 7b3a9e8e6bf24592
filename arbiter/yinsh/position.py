"""A YINSH position and its text.

The text is one line of five fields: the game key (``yinsh`` or ``yinsh-blitz``), the board, the
player whose decision is next (``w``/``b``), the stage of his turn and the rings each player has
removed (``white-black``)::

    yinsh 4/7/8/9/10/9/10/9/8/7/4 w turn 0-0

The board lists the columns a to k, ``/`` between them, each from its lowest point up: ``W`` and
``B`` rings, ``w`` and ``b`` markers (the colour up), a number for that many empty points. The
stage is ``turn`` (his turn starts: the rows the opponent made for him, then his move or placement),
``moved`` (he has moved: his rows are still to take), and either followed by ``-ring`` when he
has taken a row and owes the ring. Whether the rings are still being placed follows from the board
(fewer than ten rings placed).

Rules at home here: what a position may hold (:func:`parse_position`: five rings a player at
most, 51 markers at most, removed rings within the variant's target).
"""

from __future__ import annotations

from dataclasses import dataclass

from arbiter.errors import InvalidPositionError, gettext_noop
from arbiter.yinsh.board import (
    EMPTY,
    EMPTY_BOARD,
    MARKER,
    MARKERS,
    RING,
    RINGS_EACH,
    SPANS,
    Board,
    markers_on,
    rings_on,
)
from arbiter.yinsh.spec import GAMES, TARGET

PIECE_CHARS = "WBwb"  # RING + 0, RING + 1, MARKER + 0, MARKER + 1
STAGES = ("turn", "moved", "turn-ring", "moved-ring")


@dataclass(frozen=True, slots=True)
class Position:
    game: str
    board: Board
    to_move: int
    moved: bool = False  # the player to move has moved this turn (his own rows are left)
    ring_owed: bool = False  # he has taken a row and removes a ring next
    removed: tuple[int, int] = (0, 0)

    @property
    def target(self) -> int:
        return TARGET[self.game]

    @property
    def placing(self) -> bool:
        return rings_on(self.board, 0) + rings_on(self.board, 1) + sum(self.removed) < 2 * RINGS_EACH

    @property
    def pool(self) -> int:
        return MARKERS - markers_on(self.board)

    def text(self) -> str:
        return format_position(self)


def start_position(game: str) -> Position:
    return Position(game, EMPTY_BOARD, 0)


def _column_text(cells: Board) -> str:
    out: list[str] = []
    run = 0
    for here in cells:
        if here == EMPTY:
            run += 1
            continue
        if run:
            out.append(str(run))
            run = 0
        out.append(PIECE_CHARS[here - RING])
    if run:
        out.append(str(run))
    return "".join(out)


def format_position(pos: Position) -> str:
    columns = []
    start = 0
    for lo, hi in SPANS:
        size = hi - lo + 1
        columns.append(_column_text(pos.board[start : start + size]))
        start += size
    stage = ("moved" if pos.moved else "turn") + ("-ring" if pos.ring_owed else "")
    side = "wb"[pos.to_move]
    return f"{pos.game} {'/'.join(columns)} {side} {stage} {pos.removed[0]}-{pos.removed[1]}"


def _parse_column(text: str, size: int, letter: str) -> list[int]:
    cells: list[int] = []
    digits = ""
    for char in text + " ":
        if char.isascii() and char.isdigit():
            digits += char
            continue
        if digits:
            if len(digits) > 2:
                raise InvalidPositionError(
                    gettext_noop("column {letter} of the board is not readable"), letter=letter
                )
            cells.extend([EMPTY] * int(digits))
            digits = ""
        if char == " ":
            break
        if char not in PIECE_CHARS:
            raise InvalidPositionError(
                gettext_noop("'{char}' on the board is no piece (W, B rings; w, b markers)"), char=char
            )
        cells.append(RING + PIECE_CHARS.index(char))
    if len(cells) != size:
        raise InvalidPositionError(
            gettext_noop("column {letter} of the board has {count} points, not {size}"),
            letter=letter,
            count=len(cells),
            size=size,
        )
    return cells


def _parse_board(text: str) -> Board:
    columns = text.split("/")
    if len(columns) != len(SPANS):
        raise InvalidPositionError(gettext_noop("the board must list 11 columns (a to k) separated by /"))
    cells: list[int] = []
    for k, (column, (lo, hi)) in enumerate(zip(columns, SPANS, strict=True)):
        cells.extend(_parse_column(column, hi - lo + 1, "abcdefghijk"[k]))
    return tuple(cells)


def _parse_removed(text: str, game: str) -> tuple[int, int]:
    white, _, black = text.partition("-")
    if not (white.isascii() and white.isdigit() and black.isascii() and black.isdigit()):
        raise InvalidPositionError(
            gettext_noop("the removed rings must be written '<white>-<black>', not '{text}'"), text=text[:20]
        )
    removed = (int(white[:2]), int(black[:2]))
    if max(removed) > TARGET[game]:
        raise InvalidPositionError(
            gettext_noop("a player cannot have removed more than {target} rings"), target=TARGET[game]
        )
    return removed


def parse_position(text: str) -> Position:
    """Read a position text; :class:`InvalidPositionError` naming what is wrong."""
    fields = text.split()
    if len(fields) != 5 or fields[0] not in GAMES:
        raise InvalidPositionError(
            gettext_noop("a YINSH position is 'yinsh <board> <w|b> <stage> <removed>'")
        )
    game, board_text, side, stage, removed_text = fields
    board = _parse_board(board_text)
    if side not in ("w", "b"):
        raise InvalidPositionError(
            gettext_noop("the player to move must be w or b, not '{side}'"), side=side[:10]
        )
    if stage not in STAGES:
        raise InvalidPositionError(
            gettext_noop("the stage must be one of {stages}"), stages=", ".join(STAGES)
        )
    removed = _parse_removed(removed_text, game)
    for player in (0, 1):
        if rings_on(board, player) + removed[player] > RINGS_EACH:
            raise InvalidPositionError(gettext_noop("a player has five rings, no more"))
    if markers_on(board) > MARKERS:
        raise InvalidPositionError(gettext_noop("there are only {count} markers"), count=MARKERS)
    pos = Position(game, board, "wb".index(side), stage.startswith("moved"), stage.endswith("-ring"), removed)
    if pos.placing and (markers_on(board) or pos.moved or pos.ring_owed):
        raise InvalidPositionError(gettext_noop("while the rings are placed there is no marker and no row"))
    return pos


__all__ = ["MARKER", "Position", "format_position", "parse_position", "start_position"]
