"""The game page as a place to play, for a game played on the service (``games.play.service``): the board as
it stands with the legal moves the arbiter offers, the clocks, the move form and resigning.

The views that post a move and resign are ``games.web.views.play_move`` and ``games.web.views.resign``.

Without JavaScript the page still plays: the legal moves are a select in notation with a send
button. ``static/js/play.js`` adds picking the move on the board, the countdown of the clocks and
the live updates (``games.live.game_events``); the game's own picker script (``games.web.pickers``)
fills its hooks, naming the game's moves.
"""

from __future__ import annotations

import json
from datetime import timedelta

from django.http import HttpRequest
from django.urls import reverse
from django.utils import timezone
from django.utils.safestring import mark_safe
from django.utils.translation import gettext_lazy

from games.live import game_events
from games.models import Game
from games.play import endings, state, takebacks
from games.web import boards
from games.web.pickers import picker_words

#: a clock with days left, in the active language (the page gives it to its script too)
DAYS_FORMAT = gettext_lazy("{days} d {hours}:{minutes}")


def seconds_of(value: timedelta | None) -> int | None:
    return None if value is None else max(int(value.total_seconds()), 0)


def clock_text(seconds: int | None) -> str:
    """A clock as shown (``static/js/play.js`` writes it the same way, with :data:`DAYS_FORMAT`):
    ``4:05``, ``1:02:03``, and with days, ``2 d 03:10``."""
    if seconds is None:
        return ""
    days, rest = divmod(seconds, 86400)
    hours, rest = divmod(rest, 3600)
    minutes, secs = divmod(rest, 60)
    if days:
        return str(DAYS_FORMAT).format(days=days, hours=f"{hours:02d}", minutes=f"{minutes:02d}")
    if hours:
        return f"{hours}:{minutes:02d}:{secs:02d}"
    return f"{minutes}:{secs:02d}"


def side_of(game: Game, user: object) -> int | None:
    """The side ``user`` plays in the game (0 White, 1 Black), None for a spectator."""
    pk = getattr(user, "pk", None)
    if pk is None:
        return None
    if game.white.user_id == pk:
        return 0
    if game.black.user_id == pk:
        return 1
    return None


def start_and_takeback(game: Game, mine: int | None, over: bool) -> dict[str, object]:
    """Before the game started (``games.play.aborts``): when the next first move is due and whether the
    viewer may abort it; a takeback (``games.play.takebacks``): who asked, and what the viewer may do."""
    casual = game.origin == Game.Origin.SERVICE
    due = None if over or game.first_move_by is None else game.first_move_by
    asked = takebacks.pending(game)
    last_by = game.moves.order_by("-ply").values_list("by_id", flat=True).first()
    player = mine is not None and not over
    now = timezone.now()
    start_seconds = None if due is None else seconds_of(due - now)
    later = not over and state.not_started(game, now)  # an event's round starting later (issue 36)
    starts_seconds = seconds_of(game.starts_at - now) if later and game.starts_at else None
    return {
        "casual": casual,
        "start_seconds": start_seconds,
        "start_text": clock_text(start_seconds),
        "starts_seconds": starts_seconds,
        "starts_text": clock_text(starts_seconds),
        "grace_text": endings.grace_text(state.start_window(game)),
        "can_abort": player and casual and due is not None,
        "takeback_side": asked,
        "can_ask_takeback": player
        and casual
        and last_by is not None
        and last_by == getattr(game.white if mine == 0 else game.black, "user_id", None)
        and asked != mine,
        "can_answer_takeback": player and asked is not None and asked != mine,
    }


def play_context(request: HttpRequest, game: Game) -> dict[str, object]:
    """The play part of the game page: the board now, whose move, the clocks, the legal moves of the
    player to move when he is the viewer."""
    stream_from = game_events.resume_id(
        game.pk
    )  # before the moves: an event after them is replayed, none lost
    moves = list(game.moves.order_by("ply").values_list("notation", "position"))
    ply = len(moves)
    to_move = state.to_move(game)
    mine = side_of(game, request.user)
    flip = request.GET.get("flip") == "1" if "flip" in request.GET else mine == 1
    your_turn = to_move is not None and to_move == mine and not state.not_started(game, timezone.now())
    clocks = state.clocks_at(game)
    white_seconds, black_seconds = seconds_of(clocks.white), seconds_of(clocks.black)
    choices, count = boards.move_choices(game) if your_turn else ([], 0)
    return {
        "play": {
            "svg": mark_safe(boards.position_svg(game, moves, flip=flip)),  # noqa: S308 - our own renderer's escaped output
            "ply": ply,
            "flip": flip,
            "rows": boards.played_rows(game, moves),
            "picker_words": json.dumps(picker_words(game.game) if your_turn else {}, ensure_ascii=False),
            "to_move": to_move,
            "holds": state.holds(game),  # what each side plays with, when not its own colour
            "running": to_move if game.turn_started is not None else None,  # whose clock runs
            "mine": mine,
            "your_turn": your_turn,
            "over": to_move is None,
            "choices": choices,
            "move_count": count,
            # more moves than the page lists (PÜNCT): typed, or picked point by point from the play API
            "picks_url": reverse("api:service-game-detail", args=[game.pk]) + "?picked="
            if your_turn and count and not choices
            else "",
            "clocked": bool(game.time_control),
            "white_seconds": white_seconds,
            "black_seconds": black_seconds,
            "white_clock": clock_text(white_seconds),
            "black_clock": clock_text(black_seconds),
            "days_format": DAYS_FORMAT,
            "stream_from": stream_from,
            **start_and_takeback(game, mine, to_move is None),
        }
    }
