"""The refusals of play on the service: a move that cannot be played (400) and a game whose state
takes no such move now (409), each carrying what the API adds to its answer (``data``: the ply, the
move, the reason, the position). Raised by ``games.play.service`` and the other services of play
(aborts, takebacks, draws, arbitration); answered at the edges like every ``ServiceError``.
"""

from __future__ import annotations

from accounts.errors import Conflict
from games.errors import GameServiceError


class PlayError(GameServiceError):
    """A move that cannot be played (400); ``data`` is added to the API's answer."""

    def __init__(self, message: object, **data: object) -> None:
        super().__init__(message)
        self.data = data


class IllegalMove(PlayError):
    """The arbiter refused the move: ``data`` names the ply, the move and the reason."""


class PlayConflict(Conflict):
    """The game's state takes no such move now (409); ``data`` is added to the API's answer."""

    def __init__(self, message: object, **data: object) -> None:
        super().__init__(message)
        self.data = data


class StalePly(PlayConflict):
    """The move names a ply that is not the game's next one: ``data`` has the current ply and position."""


class GameOver(PlayConflict):
    """The game is over: it takes no more moves."""


class OutOfTime(PlayConflict):
    """The mover's time ran out before his move: the move is refused and the game lost on time."""
