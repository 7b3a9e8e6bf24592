"""A player's games: every game he plays on the service, and his pairings in published rounds, with
what each one waits for from him.

The rules at home here:

* "My games" shows every game he plays on the service (:func:`sections_of`), casual and of events
  alike, in three sections: **your move** (the least time left first), **waiting** (for his
  opponent's move, or for the first moves of a game not started yet: when they are due), and
  **finished recently** (the last :data:`FINISHED_SHOWN`, newest first, each told by how it ended,
  ``games.play.endings``; an aborted game as aborted, with no clocks); both clocks of a game in play
  as they stand now; the flag of each game in play is checked first (``games.play.flags``);
* what a pairing's game needs from its player (:func:`games_of_user`). A game in play on the
  service: *play* it there; nothing recorded yet in an open round: *submit* the record; a
  provisional result the opponent submitted: *answer* it (confirm or dispute); his own provisional
  result: the opponent answers; a disputed game: the arbiter decides.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import timedelta

from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from games.models import Game
from games.play import endings, flags, lists, state
from games.records.confirmation import can_answer
from games.records.decisions import state_label
from games.web.play_page import clock_text
from personal.claims import player_of
from tournaments.core.codes import outcome
from tournaments.models import Pairing, Round

SUBMIT, ANSWER, WAIT_OPPONENT, WAIT_ARBITER, DONE = "submit", "answer", "wait-opponent", "wait-arbiter", ""
PLAY = "play"


@dataclass
class GameLine:
    number: int
    game: Game | None
    action: str
    label: str


@dataclass
class PairingLine:
    pairing: Pairing
    colour: str
    opponent: object
    lines: list[GameLine] = field(default_factory=list)
    mine: int | None = None  # the player's score, half-points
    theirs: int | None = None
    outcome: str = ""  # won, lost, drawn (tournaments.core.codes.outcome)

    @property
    def needs_action(self) -> bool:
        return any(line.action in (SUBMIT, ANSWER, PLAY) for line in self.lines)


def _line(number: int, game: Game | None, round_open: bool, user: object) -> GameLine:
    if game is not None and game.on_service and game.finished_at is not None and game.result:
        if game.state == Game.State.DISPUTED:
            return GameLine(number, game, WAIT_ARBITER, _("Disputed: waiting for the arbiter"))
        return GameLine(number, game, DONE, endings.result_line(game))  # played here: official
    if game is not None and game.on_service and not game.state and round_open:
        if game.finished_at is None:
            return GameLine(number, game, PLAY, _("Play it on the service"))
        return GameLine(number, game, DONE, _("Played: its record is being verified"))
    if game is None or not game.state:
        if round_open:
            return GameLine(number, game, SUBMIT, _("Submit the record"))
        return GameLine(number, game, DONE, _("No result"))
    if game.state == Game.State.PROVISIONAL and round_open:
        if can_answer(game, user):
            return GameLine(number, game, ANSWER, _("Confirm or dispute the result"))
        return GameLine(number, game, WAIT_OPPONENT, _("Waiting for your opponent to confirm"))
    if game.state == Game.State.DISPUTED:
        return GameLine(number, game, WAIT_ARBITER, _("Disputed: waiting for the arbiter"))
    return GameLine(number, game, DONE, state_label(game))


def games_of_user(user: object) -> list[PairingLine]:
    """The pairings of the user's player (newest first) with what each game needs from him."""
    player = player_of(user)
    if player is None:
        return []
    pairings = (
        Pairing.objects.visible_to(user)
        .filter(Q(white__player=player) | Q(black__player=player))
        .select_related("round__event", "white__player", "black__player")
        .with_games()
        .order_by("-round__event__created_at", "-round__number", "board")
    )
    result = []
    for pairing in pairings:
        white = pairing.white.player_id == player.pk
        opponent = (pairing.black.player if white else pairing.white.player) if pairing.black else None
        line = PairingLine(pairing, _("White") if white else _("Black"), opponent)
        line.mine, line.theirs = (
            (pairing.white_score, pairing.black_score)
            if white
            else (pairing.black_score, pairing.white_score)
        )
        line.outcome = outcome(line.mine, line.theirs) if pairing.black_id is not None else ""
        if pairing.black_id is not None:
            round_open = pairing.round.status == Round.Status.PAIRED
            games = {game.pairing_game.number: game for game in pairing.games.all()}
            for game in games.values():
                game.pairing_game.pairing = pairing  # the prefetched pairing, for can_answer's round check
            for number in range(1, pairing.round.event.games_per_pairing + 1):
                line.lines.append(_line(number, games.get(number), round_open, user))
        result.append(line)
    return result


#: the finished games the list shows, newest first
FINISHED_SHOWN = 30


@dataclass
class PlayLine:
    """One game of the player on the service as "My games" shows it."""

    game: Game
    side: int  # his side: 0 White, 1 Black
    opponent: object
    your_turn: bool
    to_move: object  # the player to move, None once over
    running: int | None  # whose clock runs (0 White, 1 Black), None: none
    white_seconds: int | None
    black_seconds: int | None
    ending: str  # how it ended ("" while in play)
    starts_seconds: int | None = None  # an event's game starting later: the time to its start

    @property
    def starts_text(self) -> str:
        return clock_text(self.starts_seconds)

    @property
    def aborted(self) -> bool:
        return self.game.state == Game.State.ABORTED

    @property
    def started(self) -> bool:
        """Both first moves made (``games.aborts``): the clocks run."""
        return self.game.first_move_by is None

    @property
    def colour(self) -> str:
        return _("White") if self.side == 0 else _("Black")

    @property
    def in_play(self) -> bool:
        return self.game.finished_at is None

    @property
    def place(self) -> object:
        return self.game.place

    @property
    def white_clock(self) -> str:
        return clock_text(self.white_seconds)

    @property
    def black_clock(self) -> str:
        return clock_text(self.black_seconds)


def _seconds(value: timedelta | None) -> int | None:
    return None if value is None else max(int(value.total_seconds()), 0)


def _play_line(game: Game, pk: object) -> PlayLine:
    white = game.white.user_id == pk
    side = state.to_move(game)
    clocks = state.clocks_at(game)
    to_move = None if side is None else (game.white if side == 0 else game.black)
    now = timezone.now()
    later = game.finished_at is None and state.not_started(game, now)  # its round starts later
    return PlayLine(
        game=game,
        side=0 if white else 1,
        opponent=game.black if white else game.white,
        your_turn=to_move is not None and to_move.user_id == pk and not later,
        to_move=to_move,
        running=side if game.turn_started is not None and game.time_control else None,
        white_seconds=_seconds(clocks.white),
        black_seconds=_seconds(clocks.black),
        ending=_ending(game),
        starts_seconds=_seconds(game.starts_at - now) if later and game.starts_at else None,
    )


def _ending(game: Game) -> str:
    if game.finished_at is None:
        return ""
    if game.state == Game.State.ABORTED:
        return _("Aborted: the game did not start, no result")
    return endings.result_line(game) or _("Over, no result")


def _time_left(line: PlayLine) -> float:
    mine = line.white_seconds if line.side == 0 else line.black_seconds
    return float("inf") if mine is None else mine


@dataclass
class Sections:
    """ "My games" on the service: his move, waiting (for his opponent or the first moves), finished."""

    your_move: list[PlayLine]
    waiting: list[PlayLine]
    finished: list[PlayLine]

    def __bool__(self) -> bool:
        return bool(self.your_move or self.waiting or self.finished)


def sections_of(user: object) -> Sections:
    """Every game ``user``'s player plays on the service: his move (the least time left first), the
    others in play (the same order), and the last :data:`FINISHED_SHOWN` finished, newest first."""
    games = lists.service_games_of(user).exclude(state=Game.State.ANNULLED)
    pk = getattr(user, "pk", None)
    in_play = [flags.fall_if_due(game) for game in games.filter(finished_at__isnull=True)]
    lines = [_play_line(game, pk) for game in in_play]
    mine = sorted((line for line in lines if line.in_play and line.your_turn), key=_time_left)
    theirs = sorted((line for line in lines if line.in_play and not line.your_turn), key=_time_left)
    fallen = [line for line in lines if not line.in_play]  # lost on time as the list was read
    shown = {line.game.pk for line in fallen}
    finished = [
        _play_line(game, pk)
        for game in games.filter(finished_at__isnull=False).order_by("-finished_at", "-pk")[:FINISHED_SHOWN]
        if game.pk not in shown
    ]
    return Sections(mine, theirs, fallen + finished)


def service_lines(user: object) -> list[PlayLine]:
    """The games of :func:`sections_of` in one list, section after section."""
    found = sections_of(user)
    return found.your_move + found.waiting + found.finished
