"""What the live streams of a game on the service are told (``games.live.game_events``), once the
transaction that did it commits: a move, the end of play (with its result, its winner and how it
ended), the clocks changed (an arbiter's time, a clock started, a takeback).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime

from django.utils import timezone

from arbiter.verdict import Result, Termination
from games.live import game_events
from games.models import Game
from games.play import state

#: how an arbiter's adjudication ended a game (the live ``end``'s ``how``: its termination)
ADJUDICATED = str(Termination.ARBITER)
#: a game whose first moves did not come (``games.play.aborts``): the live end's ``how``, its termination
ABORTED = "aborted"


def announce(
    game: Game,
    kind: str,
    move: str | None,
    to_move: int | None,
    ending: str = "",
    how: str = "",
    result: str | None = None,
) -> None:
    """Tell the game's live streams (``games.live.game_events``) what happened, once the transaction commits.
    Each clock as it stands when the event is sent: the one that runs has only just started. Once
    over: ``ending`` (the record's ending words, or ``annulled``), the game's result, its winner (0
    White, 1 Black, null: a draw or no result) and ``how`` it ended (its termination: the game's own
    end, ``resignation``, ``time``, ``arbiter``, or ``annulled``)."""
    seconds = [
        None if value is None else max(value.total_seconds(), 0.0)
        for value in (game.white_time, game.black_time)
    ]
    data: dict[str, object] = {
        "game": game.pk,
        "ply": game.plies,
        "move": move,
        "to_move": to_move,
        "white_seconds": seconds[0],
        "black_seconds": seconds[1],
        "over": game.finished_at is not None,
    }
    if game.finished_at is not None:
        data["ending"] = ending
        data["result"] = game.result if result is None else result
        data["winner"] = _winner(str(data["result"]))
        data["how"] = how
    game_events.publish_on_commit(game.pk, kind, data)


def _winner(result: str) -> int | None:
    if result == Result.WHITE_WINS:
        return 0
    if result == Result.BLACK_WINS:
        return 1
    return None


def announce_end(game: Game, result: str, how: str) -> None:
    """Tell the game's live streams that an arbiter ended or decided it (``result``: the result he
    set, "" when he annulled it; ``how``: :data:`ADJUDICATED` or ``annulled``), once the
    transaction commits."""
    announce(game, game_events.END, None, None, result or how, how, result)


def announce_clocks(
    game: Game,
    now: datetime | None = None,
    kind: str = game_events.CLOCK,
    extra: Mapping[str, object] | None = None,
) -> None:
    """Tell the game's live streams that its clocks changed (an arbiter gave time, a clock started:
    ``clock``; a takeback: ``takeback`` with its ``extra``), each clock as it stands at ``now``, once
    the transaction commits."""
    left = state.clocks_at(game, now or timezone.now())
    seconds = [
        None if value is None else max(value.total_seconds(), 0.0) for value in (left.white, left.black)
    ]
    game_events.publish_on_commit(
        game.pk,
        kind,
        {
            **(extra or {}),
            "game": game.pk,
            "ply": game.plies,
            "move": None,
            "to_move": state.to_move(game),
            "white_seconds": seconds[0],
            "black_seconds": seconds[1],
            "over": game.finished_at is not None,
        },
    )
