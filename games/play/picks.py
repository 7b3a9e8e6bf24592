"""The legal moves offered to the player to move, point by point.

A move is picked on the board by its points (``arbiter.engine.LegalMove.points``). Most games have a
few dozen legal moves, offered all at once; PÜNCT has thousands from its start. So the play API's
read of a game and the game page offer the moves whose points start with the points already picked
(``?picked=e5,h8``): those moves when they are at most :data:`MOVES_LISTED` (else none, and their
count), the points that may be picked next and the moves complete at the points picked
(``arbiter.registry.picking``; the arbiter lists only the moves the picks lead to, and builds no
position for them).

The rules at home here: how many moves are listed at once, and how the ``picked`` text is read
(comma-separated points; at most :data:`MOST_POINTS` of them, each of at most :data:`POINT_CHARS`
characters: longer text is cut, never an error; a point no move names leaves nothing to offer).
"""

from __future__ import annotations

from arbiter import registry
from arbiter.engine import Picking
from games.models import Game

#: the most legal moves listed at once (GIPF with potentials reaches some 900, ZÈRTZ 2,961 at the start
#: of its 48 rings): beyond, they are picked point by point (PÜNCT: 4,986 at its start)
MOVES_LISTED = 3000
#: the most points a ``picked`` text names, and the longest point
MOST_POINTS, POINT_CHARS = 12, 12


def read_picked(text: str | None) -> tuple[str, ...]:
    """The points a ``picked`` text names, in order (``"e5,h8"``: ``("e5", "h8")``); blanks dropped."""
    if not text:
        return ()
    points = [point.strip()[:POINT_CHARS] for point in text[: MOST_POINTS * (POINT_CHARS + 1)].split(",")]
    return tuple(point for point in points if point)[:MOST_POINTS]


def picking(game: Game, picked: tuple[str, ...] = (), limit: int = MOVES_LISTED) -> Picking | None:
    """What the player to move may pick after ``picked``; None once play has ended (the game
    finished, or its position over by the rules)."""
    if game.finished_at is not None or not game.position or registry.status(game.position).ended:
        return None
    return registry.picking(game.position, picked, limit)
