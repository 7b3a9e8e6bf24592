"""A game on the service as it stands: created ready to play, and read without a lock.

The rules at home here: the fields of a game ready to be played (:func:`playable`: its start with
its options resolved, each player's initial time, White's first move due within the start window,
``games.play.aborts``), a casual game created between two players (:func:`create_service_game`, a
challenge accepted); who is to move (the arbiter's status of the position, none once play has
ended) and what each side holds where the sides own no pieces (LYNGK), the players' clocks at a moment (the player to move's runs since ``turn_started``, paused by
his vacations: ``games.play.vacations``), the ply the next move expects and the legal moves.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import Player
from arbiter import registry
from arbiter.play import Status
from games import messages
from games import options as game_options
from games.errors import GameServiceError
from games.models import Game
from games.play import clocks, vacations


@dataclass(frozen=True)
class Clocks:
    """Each player's time left at ``now`` (the player to move's running), None without a clock."""

    white: timedelta | None
    black: timedelta | None

    def of(self, side: int) -> timedelta | None:
        return self.white if side == 0 else self.black


def create_service_game(
    white: Player,
    black: Player,
    game_key: str,
    time_control: str = "",
    rated: bool = True,
    options: Mapping[str, str] | None = None,
) -> Game:
    """A game on the service between ``white`` and ``black`` (a challenge accepted), its clock started,
    with the start ``options`` agreed (``games.options``, checked already)."""
    if white.pk == black.pk:
        raise GameServiceError(_("a player cannot play himself"))
    if game_key not in registry.game_keys():
        raise GameServiceError(_("unknown game '%(game)s'") % {"game": game_key})
    return Game.objects.create(
        origin=Game.Origin.SERVICE,
        white=white,
        black=black,
        rated=rated,
        **playable(game_key, time_control, options=options),
    )


def playable(
    game_key: str,
    time_control: str,
    clock_running: bool = True,
    options: Mapping[str, str] | None = None,
    starts_at: datetime | None = None,
    window: timedelta | None = None,
) -> dict[str, object]:
    """The fields of a game ready to be played on the service: the start of ``game_key`` with its
    ``options`` (``games.options``: its start options as agreed, resolved now, e.g. a setup drawn at
    random stored as the one drawn), each player's initial time, no clock running yet, and White's
    first move due within the start window (``clock_running``, ``games.play.aborts``; an event's game
    from its ``starts_at``, no move before, within its ``window``, the event's grace) or whenever he
    makes it (a game its players may also play elsewhere: nothing runs out before play begins here)."""
    control = clocks.parse(time_control)
    initial = None if control is None else control.initial
    started = game_options.resolved(game_key, options)
    start = max(starts_at, timezone.now()) if starts_at is not None else timezone.now()
    return {
        "game": game_key,
        "on_service": True,
        "time_control": "" if control is None else control.text,
        "options": started,
        "position": game_options.start(game_key, started),
        "white_time": initial,
        "black_time": initial,
        "turn_started": None,
        "first_move_by": start + (window or clocks.start_window(control)) if clock_running else None,
        "starts_at": starts_at,
        "first_move_window": window,
    }


def start_window(game: Game) -> timedelta:
    """How long each first move of ``game`` may wait (``games.play.aborts``): its own window (an
    event's grace), else the service's for its clock."""
    return game.first_move_window or clocks.start_window(clocks.parse(game.time_control))


def not_started(game: Game, now: datetime) -> bool:
    """Whether ``game`` has a start still to come (an event's round starting later): no move yet."""
    return game.starts_at is not None and now < game.starts_at


def status_of(game: Game) -> Status:
    """Who is to move in the game's position, or how the rules ended it."""
    return registry.status(game.position)


def holds(game: Game) -> list[str] | None:
    """What each side plays with, White's first, in the active language, in a game whose sides own no
    pieces of their own from the start (``arbiter.play.Status.holds``: LYNGK's claimed colours); None
    where each side's name says it."""
    held = status_of(game).holds
    return None if held is None else [messages.message_text(part) for part in held]


def to_move(game: Game) -> int | None:
    """Who is to move (0 White, 1 Black); None once play has ended."""
    if game.finished_at is not None:
        return None
    return status_of(game).to_move


def player_to_move(game: Game) -> Player | None:
    side = to_move(game)
    return None if side is None else (game.white if side == 0 else game.black)


def clocks_at(game: Game, now: datetime | None = None) -> Clocks:
    """The players' time left at ``now``: the player to move's clock has run since ``turn_started``,
    but not while he was on vacation (where vacations pause it)."""
    if not game.time_control:
        return Clocks(None, None)
    white, black = game.white_time, game.black_time
    side = to_move(game)
    if side is not None and game.turn_started is not None:
        now = now or timezone.now()
        # the player's vacations pause a correspondence clock (``games.play.vacations``)
        used = clocks.used(game.turn_started, now, vacations.pauses(game, side, game.turn_started, now))
        if side == 0 and white is not None:
            white = white - used
        elif side == 1 and black is not None:
            black = black - used
    return Clocks(white, black)


def ply_of(game: Game) -> int:
    """The moves played so far (the ply the next move expects)."""
    return game.moves.count()


def legal_moves(game: Game) -> list[str]:
    """The moves the player to move may send, in the game's notation (none once play has ended)."""
    if to_move(game) is None:
        return []
    return [move.notation for move in registry.legal_moves(game.position)]


def both_moved(game: Game) -> bool:
    """Whether both sides have a move stored (the game has started)."""
    users = {game.white.user_id, game.black.user_id}
    return (
        None not in users
        and game.moves.filter(by_id__in=users).order_by().values("by_id").distinct().count() == 2
    )
