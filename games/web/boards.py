"""The boards of games: a verified record's positions ply by ply, drawn by the arbiter's renderers,
the move list of the game page, and the board of a refused submission before its illegal move.

Rules at home here: which positions a game shows (ply 0, the start, to the record's last ply;
only a game with a verified record has a board), how a ply is said in words
(:func:`ply_label`: "ply 6" is "move 3, Black", numbered by :mod:`arbiter.turns` from who made
each ply, so that DVONN's double turn is numbered alike everywhere), and which options of the SVG URL are accepted
(:func:`parse_ply`, :func:`parse_size`). With :mod:`games.records.services` this is the only code that
calls the arbiter.
"""

from __future__ import annotations

import base64
import functools
import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from django.utils.translation import gettext as _

from arbiter import registry
from arbiter.engine import PlyTrace
from arbiter.errors import ArbiterError
from arbiter.svg import stylesheet
from arbiter.turns import Turn, alternating, turns
from arbiter.verdict import Verdict
from games import options as game_options
from games.messages import board_labels
from games.models import Game, SubmittedRecord
from games.play import picks
from games.records.writer import service_movers

DEFAULT_SIZE = 480
MIN_SIZE, MAX_SIZE = 120, 2000
MAX_PLY_DIGITS = 5


class BadBoardRequest(ValueError):
    """A ply or size the board cannot show; the message says why (a 400)."""


def colour_name(player: int) -> str:
    """The side's name (0 White, 1 Black): who moves first, not the colour of his pieces."""
    return _("White") if player == 0 else _("Black")


def ply_label(ply: int, movers: Sequence[int], continues: Sequence[bool] = ()) -> str:
    """``ply`` in words, "move 27, Black", from who made each ply up to it (``movers[0]`` made ply 1)
    and which plies continue a turn (``continues``, TZAAR's second moves): numbered by
    :func:`arbiter.turns.turns`, the one numbering of the status line, the move list, the record and
    the refused page."""
    return turn_words(turns(movers[:ply], continues[:ply])[-1])


def turn_words(turn: Turn) -> str:
    return _("move %(number)s, %(colour)s") % {"number": turn.number, "colour": colour_name(turn.mover)}


def _movers(traces: Sequence[PlyTrace]) -> list[int]:
    return [registry.side_to_move(trace.before) for trace in traces]


def _continues(game: str, traces: Sequence[PlyTrace]) -> list[bool]:
    """Which of these plies (a game's from its start) continue their mover's turn."""
    return registry.continues(game, [trace.move for trace in traces])


def _rows(notations: Sequence[str], movers: Sequence[int], continues: Sequence[bool] = ()) -> list[MoveRow]:
    return [
        MoveRow(turn.ply, turn.number, turn.mover, notation, turn_words(turn), turn.opens)
        for notation, turn in zip(notations, turns(movers, continues), strict=True)
    ]


@dataclass(frozen=True)
class MoveRow:
    ply: int
    number: int
    mover: int
    notation: str
    label: str
    show_number: bool  # the move number is written before this ply


@lru_cache(maxsize=64)
def _title(game: Game, ply: int, move: Callable[[], str], notation: str) -> str:
    """A board's title: the players, then the start, or after which move (``move``: its label, asked
    only after a move) its ``notation``."""
    if ply == 0:
        return _("%(white)s – %(black)s, start position") % {"white": game.white, "black": game.black}
    return _("%(white)s – %(black)s, after %(move)s (ply %(ply)s): %(notation)s") % {
        "white": game.white,
        "black": game.black,
        "move": move(),
        "ply": ply,
        "notation": notation,
    }


def _traced(text: str, game: str) -> tuple[Verdict, tuple[PlyTrace, ...]]:
    verdict, plies = registry.replay_traced(text, game)
    return verdict, tuple(plies)


def board_style_sources() -> list[str]:
    """The Content-Security-Policy sources (``'sha256-...'``) of every registered game's board
    stylesheet (games.web.middleware): the boards are drawn inline, their ``<style>`` with them."""
    return [_style_source(spec.style) for spec in registry.specs()]


@functools.lru_cache(maxsize=256)
def _style_source(style: str) -> str:
    """The CSP source of the board stylesheet with a game's own ``style`` (hashed once a process)."""
    digest = hashlib.sha256(stylesheet(style).encode()).digest()
    return f"'sha256-{base64.b64encode(digest).decode()}'"


def has_board(game: Game) -> bool:
    return bool(game.record) and game.verified_at is not None


def parse_ply(raw: str | None, plies: int) -> int:
    """The ``?ply=`` value: 0..plies; absent or empty means the last."""
    if raw is None or raw == "":
        return plies
    if not raw.isascii() or not raw.isdigit() or len(raw) > MAX_PLY_DIGITS:
        raise BadBoardRequest(_("the ply must be a whole number from 0 to %(plies)s") % {"plies": plies})
    ply = int(raw)
    if ply > plies:
        raise BadBoardRequest(
            _("this game has plies 0 to %(plies)s, not %(ply)s") % {"plies": plies, "ply": ply}
        )
    return ply


def parse_size(raw: str | None) -> int:
    if raw is None or raw == "":
        return DEFAULT_SIZE
    if not raw.isascii() or not raw.isdigit() or not MIN_SIZE <= int(raw[:5]) <= MAX_SIZE:
        raise BadBoardRequest(
            _("the size must be %(low)s to %(high)s pixels") % {"low": MIN_SIZE, "high": MAX_SIZE}
        )
    return int(raw)


def plies_of(game: Game) -> tuple[PlyTrace, ...]:
    """Every ply of the game's verified record (empty without one)."""
    if not has_board(game):
        return ()
    return _traced(game.record, game.game)[1]


def moves_of(game: Game) -> list[MoveRow]:
    traces = plies_of(game)
    return _rows([trace.move for trace in traces], _movers(traces), _continues(game.game, traces))


def board_svg(game: Game, ply: int, *, flip: bool = False, size: int = DEFAULT_SIZE) -> str:
    """The SVG of the position after ``ply`` plies of the game's verified record (0..plies)."""
    plies = plies_of(game)
    if ply == 0:
        verdict = _traced(game.record, game.game)[0]
        position = plies[0].before if plies else verdict.final_position
        last = None
    else:
        last = plies[ply - 1]
        position = last.after
    assert position is not None
    title = _title(
        game,
        ply,
        lambda: ply_label(ply, _movers(plies[:ply]), _continues(game.game, plies[:ply])),
        last.move if last else "",
    )
    options = registry.SvgOptions(size=size, flip=flip, title=title, labels=board_labels(game.game))
    return registry.render_svg(position, options, last)


@dataclass(frozen=True)
class RefusedBoard:
    svg: str
    ply: int
    label: str


def refused_board(record: SubmittedRecord) -> RefusedBoard | None:
    """The board before a refused submission's illegal move (None when the error has no position)."""
    if record.status != SubmittedRecord.Status.INVALID or record.error_ply is None:
        return None
    try:
        verdict, plies = _traced(record.text, record.game.game)
    except ArbiterError:
        return None
    error = verdict.error
    if error is None or error.position is None or error.ply is None:
        return None
    try:
        mover = registry.side_to_move(error.position)
    except ArbiterError:
        return None
    last = plies[-1] if plies and plies[-1].ply == error.ply - 1 else None
    traced = len(plies) == error.ply - 1
    before = _movers(plies) if traced else alternating(error.ply - 1)
    moves = [trace.move for trace in plies] if traced else []
    # the refused move itself flagged too: whether it would have continued its mover's turn
    continues = registry.continues(record.game.game, [*moves, error.move or ""]) if traced else []
    label = ply_label(error.ply, [*before, mover], continues)
    title = _("The position before %(move)s (ply %(ply)s)") % {"move": label, "ply": error.ply}
    svg = registry.render_svg(
        error.position, registry.SvgOptions(title=title, labels=board_labels(record.game.game)), last
    )
    return RefusedBoard(svg, error.ply, label)


# ---------------------------------------------------------------- a game played on the service


@dataclass(frozen=True)
class MoveChoice:
    """A legal move offered on the game page: its notation and the points picked on the board to make
    it (``arbiter.engine.LegalMove.points``); moves sharing their points are a choice put to the mover."""

    notation: str
    points: tuple[str, ...]

    @property
    def points_text(self) -> str:
        return " ".join(self.points)


def move_choices(game: Game) -> tuple[list[MoveChoice], int]:
    """The moves the player to move may make in the game's position and how many there are (none
    once play has ended); none listed when there are more than ``games.play.picks.MOVES_LISTED``
    (PÜNCT): the page then picks them point by point from the play API (``?picked=``)."""
    found = picks.picking(game)
    if found is None:
        return [], 0
    listed = found.moves or ()
    return [MoveChoice(move.notation, move.points) for move in listed], found.count


def played_rows(game: Game, moves: Sequence[tuple[str, str]]) -> list[MoveRow]:
    """The move list of a game played on the service (``moves`` as ``games.records.writer.service_movers`` takes them)."""
    return _rows([notation for notation, _position in moves], *service_movers(game, moves))


def position_svg(game: Game, moves: Sequence[tuple[str, str]], *, flip: bool = False) -> str:
    """The SVG of a game on the service as it stands, its last move marked. ``moves`` are the game's
    moves so far, ``(notation, position after)`` in order."""
    last = None
    if moves:
        before = moves[-2][1] if len(moves) > 1 else game_options.start(game.game, game.options)
        try:
            played = registry.play(before, moves[-1][0])
        except ArbiterError:  # a start with options the page does not know: the board unmarked
            played = None
        if played is not None:
            last = PlyTrace(len(moves), played.move, before, played.position, played.path, played.removed)
    ply = len(moves)
    title = _title(
        game, ply, lambda: ply_label(ply, *service_movers(game, moves)), moves[-1][0] if moves else ""
    )
    options = registry.SvgOptions(flip=flip, title=title, labels=board_labels(game.game))
    return registry.render_svg(game.position, options, last)
